// The list's query as controls: name, status, sort, page size (the spec's list parameters).
import { PROCESSING_STATUSES } from '../../../src/browser.ts';
import { h } from '../dom.ts';
import type { InboxContext } from './context.ts';
import { SORTS } from './context.ts';

export function filters(ctx: InboxContext): HTMLElement {
  const { query } = ctx;
  const nameFilter = h('input', {
    type: 'search',
    id: 'inbox-name',
    placeholder: 'part of a name',
    onInput: (e: Event) => {
      query.name = (e.target as HTMLInputElement).value;
      query.page = 0;
      ctx.scheduleRefresh(250);
    },
  });
  const statusFilter = h(
    'select',
    {
      id: 'inbox-status',
      onChange: (e: Event) => {
        query.status = (e.target as HTMLSelectElement).value;
        query.page = 0;
        void ctx.refresh();
      },
    },
    h('option', { value: '' }, 'Any status'),
    PROCESSING_STATUSES.map((s) => h('option', { value: s }, s)),
  );
  const sortSelect = h(
    'select',
    {
      id: 'inbox-sort',
      onChange: (e: Event) => {
        query.sort = (e.target as HTMLSelectElement).value;
        void ctx.refresh();
      },
    },
    SORTS.map(([v, label]) => h('option', { value: v }, label)),
  );
  const sizeSelect = h(
    'select',
    {
      id: 'inbox-size',
      onChange: (e: Event) => {
        query.size = Number((e.target as HTMLSelectElement).value);
        query.page = 0;
        void ctx.refresh();
      },
    },
    [5, 10, 20, 50].map((n) => h('option', { value: n, selected: n === query.size }, String(n))),
  );
  return h(
    'div',
    { class: 'filters' },
    h('div', { class: 'field' }, h('label', { for: 'inbox-name' }, 'Name'), nameFilter),
    h('div', { class: 'field' }, h('label', { for: 'inbox-status' }, 'Status'), statusFilter),
    h('div', { class: 'field' }, h('label', { for: 'inbox-sort' }, 'Sort'), sortSelect),
    h('div', { class: 'field' }, h('label', { for: 'inbox-size' }, 'Per page'), sizeSelect),
  );
}
