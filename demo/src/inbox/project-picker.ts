// Which project uploads go to and the list shows, with a line about how it keeps documents.
import { fill, h } from '../dom.ts';
import type { InboxContext } from './context.ts';
import { projectOf } from './context.ts';

/** The project select and its note; choosing another project shows its first page. */
export function projectPicker(ctx: InboxContext): { select: HTMLSelectElement; note: HTMLElement } {
  const note = h('p', { class: 'muted small', id: 'inbox-project-note' });
  const renderNote = () => {
    const p = projectOf(ctx);
    fill(
      note,
      p.description,
      p.isStoringPII ? '' : ' Originals and PII records are not kept.',
      p.isTemporary ? ' Temporary project.' : '',
      ' ',
      h('a', { href: '#projects' }, 'Settings'),
    );
  };
  const select = h(
    'select',
    {
      id: 'inbox-project',
      onChange: (e: Event) => {
        ctx.projectId = Number((e.target as HTMLSelectElement).value);
        ctx.query.page = 0;
        ctx.closeViewer();
        renderNote();
        void ctx.refresh();
      },
    },
    ctx.projects.map((p) => h('option', { value: p.id }, p.name)),
  );
  renderNote();
  return { select, note };
}
