// 2. The document inbox: drop or pick files, watch each through the lifecycle (waitFor's onProgress), list them as the
// spec's list endpoint does (filter, sort, pages), open one side by side, download, delete.
import type {
  DocumentOverview,
  DocumentPage,
  DocumentStatus,
  LocalAnonymizer,
  ProblemDetail,
  ProcessingStatus,
  ProjectOverview,
} from '../../src/browser.ts';
import { PROCESSING_STATUSES } from '../../src/browser.ts';
import { announce, download, fill, formatBytes, formatTime, h, problemOf, problemView } from './dom.ts';
import { documentService } from './service.ts';
import { update } from './state.ts';
import { statusBadge, statusProgress, statusWord } from './status.ts';
import { renderViewer } from './viewer.ts';

const ACCEPT = '.pdf,.doc,.docx,.jpg,.jpeg,.png,.bmp,application/pdf,image/jpeg,image/png,image/bmp';
const SORTS: Array<[string, string]> = [
  ['createdAt=DESC', 'Newest first'],
  ['createdAt=ASC', 'Oldest first'],
  ['name=ASC', 'Name A–Z'],
  ['name=DESC', 'Name Z–A'],
  ['processingStatus=ASC', 'Status'],
  ['lastModified=DESC', 'Recently changed'],
];
const TERMINAL = new Set<ProcessingStatus>([
  'COMPLETED',
  'ERROR',
  'QUOTA_EXCEEDED',
  'QUOTA_ERROR',
  'PREVIEW_ERROR',
  'FINALIZED',
  'ARCHIVED',
]);

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

  let projectId = projects[0]!.id;
  const query = { name: '', status: '', sort: SORTS[0]![0], page: 0, size: 10 };
  /** Files uploaded in this session, by document id (shown as the original where the project keeps none). */
  const localFiles = new Map<number, Blob>();
  /** The latest status each watched document reported. */
  const live = new Map<number, DocumentStatus>();
  const problems = new Map<number, ProblemDetail>();
  const watching = new Set<number>();
  const mine = new Set<number>();
  let openId: number | null = null;
  let closeViewer: () => void = () => undefined;

  const project = () => projects.find((p) => p.id === projectId)!;
  const api = () => service.projects(projectId).documents;

  // --- upload ---
  const alerts = h('div', { class: 'alerts', id: 'inbox-alerts', 'aria-live': 'polite' });
  const fileInput = h('input', {
    type: 'file',
    id: 'file-input',
    multiple: true,
    accept: ACCEPT,
    class: 'visually-hidden',
    tabindex: -1,
    'aria-label': 'Choose files to anonymize',
    onChange: () => {
      if (fileInput.files?.length) void uploadAll([...fileInput.files]);
      fileInput.value = '';
    },
  });
  const projectSelect = h(
    'select',
    {
      id: 'inbox-project',
      onChange: (e: Event) => {
        projectId = Number((e.target as HTMLSelectElement).value);
        query.page = 0;
        closeViewer();
        renderProjectNote();
        void refresh();
      },
    },
    projects.map((p) => h('option', { value: p.id }, p.name)),
  );
  const projectNote = h('p', { class: 'muted small', id: 'inbox-project-note' });
  const renderProjectNote = () => {
    const p = project();
    fill(
      projectNote,
      p.description,
      p.isStoringPII ? '' : ' Originals and PII records are not kept.',
      p.isTemporary ? ' Temporary project.' : '',
      ' ',
      h('a', { href: '#projects' }, 'Settings'),
    );
  };
  renderProjectNote();

  function alert(fileName: string, problem: ProblemDetail): void {
    const box = h(
      'div',
      { class: 'alert' },
      problemView(problem, fileName),
      h(
        'button',
        { type: 'button', class: 'icon', 'aria-label': `Dismiss the message about ${fileName}`, onClick: () => box.remove() },
        '×',
      ),
    );
    alerts.prepend(box);
  }

  async function uploadAll(files: File[]): Promise<void> {
    const pid = projectId;
    for (const file of files) {
      try {
        const { documentId, status } = await service.projects(pid).documents.upload(file, { name: file.name });
        localFiles.set(documentId, file);
        mine.add(documentId);
        live.set(documentId, { documentId, status });
        watch(pid, documentId, file.name);
        announce(`${file.name} added`);
      } catch (err) {
        alert(file.name, problemOf(err));
      }
    }
    query.page = 0;
    await refresh();
  }

  function watch(pid: number, id: number, name: string): void {
    if (watching.has(id)) return;
    watching.add(id);
    service
      .projects(pid)
      .documents.waitFor(id, {
        pollMs: 1000,
        onProgress: (s) => {
          live.set(id, s);
          if (s.problem) problems.set(id, s.problem);
          scheduleRefresh();
        },
      })
      .then((s) => {
        live.set(id, s);
        if (s.problem) problems.set(id, s.problem);
        announce(`${name}: ${statusWord(s.status)}`);
      })
      .catch((err: unknown) => problems.set(id, problemOf(err)))
      .finally(() => {
        watching.delete(id);
        scheduleRefresh();
      });
  }

  // --- list ---
  const nameFilter = h('input', {
    type: 'search',
    id: 'inbox-name',
    placeholder: 'part of a name',
    onInput: (e: Event) => {
      query.name = (e.target as HTMLInputElement).value;
      query.page = 0;
      scheduleRefresh(250);
    },
  });
  const statusFilter = h(
    'select',
    {
      id: 'inbox-status',
      onChange: (e: Event) => {
        query.status = (e.target as HTMLSelectElement).value;
        query.page = 0;
        void refresh();
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
        void refresh();
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
        void refresh();
      },
    },
    [5, 10, 20, 50].map((n) => h('option', { value: n, selected: n === query.size }, String(n))),
  );
  const listBox = h('div', { id: 'inbox-list', 'aria-live': 'polite', 'aria-busy': 'false' });
  const pager = h('nav', { class: 'pager', 'aria-label': 'Pages' });
  const viewerSlot = h('div', { id: 'viewer-slot' });

  let refreshTimer = 0;
  let refreshSeq = 0;
  function scheduleRefresh(delay = 120): void {
    clearTimeout(refreshTimer);
    refreshTimer = window.setTimeout(() => void refresh(), delay);
  }

  async function refresh(): Promise<void> {
    const my = ++refreshSeq;
    let page: DocumentPage;
    try {
      page = await api().list({
        ...(query.name ? { name: query.name } : {}),
        ...(query.status ? { status: query.status } : {}),
        sort: [query.sort],
        page: query.page,
        size: query.size,
      });
    } catch (err) {
      if (my === refreshSeq) fill(listBox, problemView(problemOf(err), 'The list could not be read'));
      return;
    }
    // Why a document failed is in its status (the list item has no room for it): read it before the row is drawn.
    await Promise.all(
      page.content
        .filter((d) => statusOf(d) !== 'COMPLETED' && TERMINAL.has(statusOf(d)) && !problems.has(d.id))
        .map((d) =>
          api()
            .status(d.id)
            .then((st) => st.problem && problems.set(d.id, st.problem))
            .catch(() => undefined),
        ),
    );
    if (my !== refreshSeq) return;
    if (page.content.length === 0 && query.page > 0 && page.totalPages > 0) {
      query.page = page.totalPages - 1;
      return refresh();
    }
    for (const d of page.content) {
      const s = statusOf(d);
      if (!TERMINAL.has(s)) watch(projectId, d.id, d.original ?? `document ${d.id}`);
      if (s === 'COMPLETED' && mine.has(d.id)) {
        mine.delete(d.id);
        update((st) => {
          if (d.documentType === 'PDF') st.documents.pdfs++;
          else if (d.documentType === 'IMAGE') st.documents.images++;
        });
      }
    }
    renderList(page);
  }

  const statusOf = (d: DocumentOverview): ProcessingStatus => {
    const l = live.get(d.id)?.status;
    // The live status is newer unless the list already shows a terminal one.
    return l && !TERMINAL.has(d.processingStatus) ? l : d.processingStatus;
  };

  function renderList(page: DocumentPage): void {
    const p = project();
    if (page.totalElements === 0) {
      fill(
        listBox,
        h(
          'p',
          { class: 'empty' },
          query.name || query.status ? 'No documents match the filter.' : 'No documents in this project yet. Drop some above.',
        ),
      );
    } else {
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
            page.content.map((d) => row(d, p)),
          ),
        ),
      );
    }
    const from = page.number * page.size + 1;
    const to = page.number * page.size + page.content.length;
    fill(
      pager,
      h(
        'button',
        {
          type: 'button',
          class: 'small',
          disabled: page.first,
          onClick: () => {
            query.page--;
            void refresh();
          },
        },
        '← Previous',
      ),
      h(
        'span',
        { class: 'muted' },
        page.totalElements ? `${from}–${to} of ${page.totalElements} · page ${page.number + 1} of ${page.totalPages}` : '',
      ),
      h(
        'button',
        {
          type: 'button',
          class: 'small',
          disabled: page.last,
          onClick: () => {
            query.page++;
            void refresh();
          },
        },
        'Next →',
      ),
    );
  }

  function row(d: DocumentOverview, p: ProjectOverview): HTMLElement {
    const status = statusOf(d);
    const name = d.original ?? `document-${d.id}`;
    const done = status === 'COMPLETED';
    const problem = status === 'ERROR' || status.startsWith('QUOTA') ? problems.get(d.id) : undefined;
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
              alert(name, problemOf(err));
            }
          },
        },
        label,
      );
    return h(
      'tr',
      { 'data-id': d.id, 'data-status': status, class: openId === d.id ? 'open' : null },
      h(
        'td',
        { class: 'doc-name', 'data-label': 'Document' },
        h('button', { type: 'button', class: 'link', 'aria-label': `Open ${name}`, onClick: () => void open(d) }, name),
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
      h('td', { 'data-label': 'Status' }, statusBadge(status), statusProgress(status, name, live.get(d.id))),
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
          localFiles.delete(d.id);
          if (openId === d.id) closeViewer();
          announce(`${name} deleted`);
          await refresh();
        }),
      ),
    );
  }

  async function open(d: DocumentOverview): Promise<void> {
    closeViewer();
    openId = d.id;
    const close = () => {
      cleanup();
      fill(viewerSlot);
      openId = null;
      closeViewer = () => undefined;
      scheduleRefresh(0);
    };
    let cleanup: () => void = () => undefined;
    closeViewer = close;
    scheduleRefresh(0);
    const local = localFiles.get(d.id);
    try {
      cleanup = await renderViewer(
        viewerSlot,
        {
          api: api(),
          doc: { ...d, processingStatus: statusOf(d) },
          storesPii: project().isStoringPII,
          ...(local ? { localFile: local } : {}),
        },
        close,
      );
    } catch {
      // renderViewer showed the problem itself.
    }
  }

  // --- layout ---
  const dropzone = h(
    'div',
    { class: 'dropzone', id: 'dropzone' },
    h('p', { class: 'drop-title' }, h('strong', null, 'Drop files here'), ' or'),
    h('button', { type: 'button', class: 'primary', id: 'choose-files', onClick: () => fileInput.click() }, 'Choose files …'),
    h('p', { class: 'muted small' }, 'PDF, DOCX, DOC, JPG, PNG, BMP: the type is read from the file itself.'),
    fileInput,
  );
  for (const type of ['dragenter', 'dragover']) {
    root.addEventListener(type, (e) => {
      e.preventDefault();
      dropzone.classList.add('dragging');
    });
  }
  root.addEventListener('dragleave', (e) => {
    if (!root.contains(e.relatedTarget as Node | null)) dropzone.classList.remove('dragging');
  });
  root.addEventListener('drop', (e) => {
    e.preventDefault();
    dropzone.classList.remove('dragging');
    const files = [...(e.dataTransfer?.files ?? [])];
    if (files.length) void uploadAll(files);
  });

  fill(
    root,
    h(
      'div',
      { class: 'card' },
      h('div', { class: 'field inline' }, h('label', { for: 'inbox-project' }, 'Project'), projectSelect),
      projectNote,
      dropzone,
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
      h(
        'div',
        { class: 'filters' },
        h('div', { class: 'field' }, h('label', { for: 'inbox-name' }, 'Name'), nameFilter),
        h('div', { class: 'field' }, h('label', { for: 'inbox-status' }, 'Status'), statusFilter),
        h('div', { class: 'field' }, h('label', { for: 'inbox-sort' }, 'Sort'), sortSelect),
        h('div', { class: 'field' }, h('label', { for: 'inbox-size' }, 'Per page'), sizeSelect),
      ),
      listBox,
      pager,
    ),
    viewerSlot,
  );
  await refresh();
}
