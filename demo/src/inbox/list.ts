// The spec's list endpoint as a table: one page of the chosen project's documents with their live status, actions
// per row, and the pager.
import type { DocumentOverview, DocumentPage, ProjectOverview } from '../../../src/browser.ts';
import { announce, download, fill, formatBytes, formatTime, h, problemOf, problemView } from '../dom.ts';
import { update } from '../state.ts';
import { statusBadge, statusProgress } from '../status.ts';
import type { InboxContext } from './context.ts';
import { documentsOf, projectOf, statusOf, TERMINAL } from './context.ts';
import { watch } from './uploads.ts';

/** The list's elements and its refresh; `open` shows a document. */
export interface DocumentList {
  listBox: HTMLElement;
  pager: HTMLElement;
  refresh(): Promise<void>;
}

export function documentList(ctx: InboxContext, open: (d: DocumentOverview) => void): DocumentList {
  const listBox = h('div', { id: 'inbox-list', 'aria-live': 'polite', 'aria-busy': 'false' });
  const pager = h('nav', { class: 'pager', 'aria-label': 'Pages' });
  let refreshSeq = 0;
  async function refresh(): Promise<void> {
    const my = ++refreshSeq;
    let page: DocumentPage;
    try {
      page = await readPage(ctx);
    } catch (err) {
      if (my === refreshSeq) fill(listBox, problemView(problemOf(err), 'The list could not be read'));
      return;
    }
    if (my !== refreshSeq) return;
    if (page.content.length === 0 && ctx.query.page > 0 && page.totalPages > 0) {
      ctx.query.page = page.totalPages - 1;
      return refresh();
    }
    follow(ctx, page);
    renderList(ctx, page, listBox, open);
    fill(pager, ...pagerView(ctx, page));
  }
  return { listBox, pager, refresh };
}

/** One page of the list, with the problem of each failed document on it read from its status first. */
async function readPage(ctx: InboxContext): Promise<DocumentPage> {
  const { query } = ctx;
  const page = await documentsOf(ctx).list({
    ...(query.name ? { name: query.name } : {}),
    ...(query.status ? { status: query.status } : {}),
    sort: [query.sort],
    page: query.page,
    size: query.size,
  });
  // Why a document failed is in its status (the list item has no room for it): read it before the row is drawn.
  await Promise.all(
    page.content
      .filter((d) => statusOf(ctx, d) !== 'COMPLETED' && TERMINAL.has(statusOf(ctx, d)) && !ctx.problems.has(d.id))
      .map((d) =>
        documentsOf(ctx)
          .status(d.id)
          .then((st) => st.problem && ctx.problems.set(d.id, st.problem))
          .catch(() => undefined),
      ),
  );
  return page;
}

/** Watches the page's unfinished documents; counts this tab's newly completed ones (the header's pills). */
function follow(ctx: InboxContext, page: DocumentPage): void {
  for (const d of page.content) {
    const s = statusOf(ctx, d);
    if (!TERMINAL.has(s)) watch(ctx, ctx.projectId, d.id, d.original ?? `document ${d.id}`);
    if (s === 'COMPLETED' && ctx.mine.has(d.id)) {
      ctx.mine.delete(d.id);
      update((st) => {
        if (d.documentType === 'PDF') st.documents.pdfs++;
        else if (d.documentType === 'IMAGE') st.documents.images++;
      });
    }
  }
}

function renderList(ctx: InboxContext, page: DocumentPage, listBox: HTMLElement, open: (d: DocumentOverview) => void): void {
  const p = projectOf(ctx);
  if (page.totalElements === 0) {
    fill(
      listBox,
      h(
        'p',
        { class: 'empty' },
        ctx.query.name || ctx.query.status ? 'No documents match the filter.' : 'No documents in this project yet. Drop some above.',
      ),
    );
    return;
  }
  fill(
    listBox,
    h(
      'table',
      { class: 'data docs' },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ['Document', 'Status', 'Type', 'Size', 'Added', 'Actions'].map((c) => h('th', { scope: 'col' }, c)),
        ),
      ),
      h(
        'tbody',
        null,
        page.content.map((d) => documentRow(ctx, d, p, open)),
      ),
    ),
  );
}

function pagerView(ctx: InboxContext, page: DocumentPage): HTMLElement[] {
  const from = page.number * page.size + 1;
  const to = page.number * page.size + page.content.length;
  const step = (by: number) => () => {
    ctx.query.page += by;
    void ctx.refresh();
  };
  return [
    h('button', { type: 'button', class: 'small', disabled: page.first, onClick: step(-1) }, '← Previous'),
    h(
      'span',
      { class: 'muted' },
      page.totalElements ? `${from}–${to} of ${page.totalElements} · page ${page.number + 1} of ${page.totalPages}` : '',
    ),
    h('button', { type: 'button', class: 'small', disabled: page.last, onClick: step(1) }, 'Next →'),
  ];
}

function documentRow(ctx: InboxContext, d: DocumentOverview, p: ProjectOverview, open: (d: DocumentOverview) => void): HTMLElement {
  const status = statusOf(ctx, d);
  const name = d.original ?? `document-${d.id}`;
  const done = status === 'COMPLETED';
  const problem = status === 'ERROR' || status.startsWith('QUOTA') ? ctx.problems.get(d.id) : undefined;
  const api = () => documentsOf(ctx);
  const act = (label: string, title: string, fn: () => Promise<void>) =>
    h(
      'button',
      {
        type: 'button',
        class: 'small',
        'aria-label': `${title}: ${name}`,
        onClick: async () => {
          try {
            await fn();
          } catch (err) {
            ctx.alert(name, problemOf(err));
          }
        },
      },
      label,
    );
  return h(
    'tr',
    { 'data-id': d.id, 'data-status': status, class: ctx.openId === d.id ? 'open' : null },
    h(
      'td',
      { class: 'doc-name', 'data-label': 'Document' },
      h('button', { type: 'button', class: 'link', 'aria-label': `Open ${name}`, onClick: () => open(d) }, name),
      problem
        ? h(
            'div',
            { class: 'row-problem', role: 'note' },
            h('strong', null, problem.title),
            problem.detail ? ` — ${problem.detail}` : '',
            problem.problemCode ? h('span', { class: 'muted' }, ` (${problem.problemCode})`) : null,
          )
        : null,
    ),
    h('td', { 'data-label': 'Status' }, statusBadge(status), statusProgress(status, name, ctx.live.get(d.id))),
    h('td', { 'data-label': 'Type' }, d.documentType ?? '–'),
    h('td', { class: 'num', 'data-label': 'Size' }, formatBytes(d.fileSize ?? 0)),
    h('td', { 'data-label': 'Added' }, formatTime(d.createdAt)),
    h(
      'td',
      { class: 'actions', 'data-label': 'Actions' },
      done
        ? act('Result', 'Download the result', async () => {
            const f = await api().result(d.id);
            download(f.bytes as BlobPart, f.fileName);
          })
        : null,
      done && p.isStoringPII
        ? act('Original', 'Download the original', async () => {
            const f = await api().original(d.id);
            download(f.bytes as BlobPart, f.fileName);
          })
        : null,
      done && p.isStoringPII
        ? act('PII', 'Download the PII record', async () => {
            const record = await api().piis(d.id);
            download(JSON.stringify(record, null, 2), `${name.replace(/\.[^.]+$/, '')}_piis.json`, 'application/json');
          })
        : null,
      act('Delete', 'Delete', async () => {
        await api().delete(d.id);
        ctx.localFiles.delete(d.id);
        if (ctx.openId === d.id) ctx.closeViewer();
        announce(`${name} deleted`);
        await ctx.refresh();
      }),
    ),
  );
}
