// 2. The document inbox: drop or pick files, watch each through the lifecycle (waitFor's onProgress), list them as the
// spec's list endpoint does (filter, sort, pages), open one side by side, download, delete. The parts are in inbox/.
import type { LocalAnonymizer, ProblemDetail, ProjectOverview } from '../../src/browser.ts';
import { fill, h, problemOf, problemView } from './dom.ts';
import type { InboxContext } from './inbox/context.ts';
import { newContext } from './inbox/context.ts';
import { dropzone } from './inbox/dropzone.ts';
import { filters } from './inbox/filters.ts';
import { documentList } from './inbox/list.ts';
import { openDocument } from './inbox/open-document.ts';
import { projectPicker } from './inbox/project-picker.ts';
import { documentService } from './service.ts';

/** A problem about one file, above the list until dismissed. */
function alertBox(alerts: HTMLElement, fileName: string, problem: ProblemDetail): void {
  const box = h(
    'div',
    { class: 'alert' },
    problemView(problem, fileName),
    h('button', { type: 'button', class: 'icon', 'aria-label': `Dismiss the message about ${fileName}`, onClick: () => box.remove() }, '×'),
  );
  alerts.prepend(box);
}

export async function mountInbox(root: HTMLElement): Promise<void> {
  fill(root, h('p', { class: 'muted card' }, 'Starting the document service (IndexedDB store, jobs worker) …'));
  let service: LocalAnonymizer;
  let projects: ProjectOverview[];
  try {
    service = await documentService();
    projects = await service.projectsMe();
  } catch (err) {
    fill(root, problemView(problemOf(err), 'The document service could not start'));
    return;
  }

  const alerts = h('div', { class: 'alerts', id: 'inbox-alerts', 'aria-live': 'polite' });
  const viewerSlot = h('div', { id: 'viewer-slot' });
  let refreshTimer = 0;
  const ctx: InboxContext = {
    ...newContext(service, projects),
    refresh: () => list.refresh(),
    scheduleRefresh(delay = 120) {
      clearTimeout(refreshTimer);
      refreshTimer = window.setTimeout(() => void list.refresh(), delay);
    },
    alert: (fileName, problem) => alertBox(alerts, fileName, problem),
  };
  const list = documentList(ctx, (d) => void openDocument(ctx, d, viewerSlot));
  const picker = projectPicker(ctx);

  fill(
    root,
    h(
      'div',
      { class: 'card' },
      h('div', { class: 'field inline' }, h('label', { for: 'inbox-project' }, 'Project'), picker.select),
      picker.note,
      dropzone(ctx, root),
      h(
        'p',
        { class: 'muted small' },
        'Each file is anonymized by a worker in this tab and kept in this browser’s storage (IndexedDB) until you delete it or its retention ends.',
      ),
    ),
    alerts,
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'inbox-list-h' },
      h('h3', { id: 'inbox-list-h' }, 'Documents'),
      filters(ctx),
      list.listBox,
      list.pager,
    ),
    viewerSlot,
  );
  await list.refresh();
}
