// What the inbox's parts share: the service, the chosen project, the list query, and what this tab knows of each
// document (its file, its latest status, why it failed). One object, made by mountInbox and handed to every part.
import type {
  DocumentOverview,
  DocumentStatus,
  LocalAnonymizer,
  ProblemDetail,
  ProcessingStatus,
  ProjectOverview,
} from '../../../src/browser.ts';

export const TERMINAL = new Set<ProcessingStatus>([
  'COMPLETED',
  'ERROR',
  'QUOTA_EXCEEDED',
  'QUOTA_ERROR',
  'PREVIEW_ERROR',
  'FINALIZED',
  'ARCHIVED',
]);

export const SORTS: Array<[string, string]> = [
  ['createdAt=DESC', 'Newest first'],
  ['createdAt=ASC', 'Oldest first'],
  ['name=ASC', 'Name A–Z'],
  ['name=DESC', 'Name Z–A'],
  ['processingStatus=ASC', 'Status'],
  ['lastModified=DESC', 'Recently changed'],
];

export interface InboxContext {
  service: LocalAnonymizer;
  projects: ProjectOverview[];
  projectId: number;
  query: { name: string; status: string; sort: string; page: number; size: number };
  /** Files uploaded in this session, by document id (shown as the original where the project keeps none). */
  localFiles: Map<number, Blob>;
  /** The latest status each watched document reported. */
  live: Map<number, DocumentStatus>;
  problems: Map<number, ProblemDetail>;
  watching: Set<number>;
  /** Uploaded here and not yet counted as completed. */
  mine: Set<number>;
  openId: number | null;
  closeViewer: () => void;
  /** Reads the list again now, or after `delay` ms (later calls replace earlier ones). */
  refresh(): Promise<void>;
  scheduleRefresh(delay?: number): void;
  /** A problem about one file, above the list until dismissed. */
  alert(fileName: string, problem: ProblemDetail): void;
}

export function newContext(
  service: LocalAnonymizer,
  projects: ProjectOverview[],
): Omit<InboxContext, 'refresh' | 'scheduleRefresh' | 'alert'> {
  return {
    service,
    projects,
    projectId: projects[0]!.id,
    query: { name: '', status: '', sort: SORTS[0]![0], page: 0, size: 10 },
    localFiles: new Map(),
    live: new Map(),
    problems: new Map(),
    watching: new Set(),
    mine: new Set(),
    openId: null,
    closeViewer: () => undefined,
  };
}

export const projectOf = (ctx: InboxContext): ProjectOverview => ctx.projects.find((p) => p.id === ctx.projectId)!;
export const documentsOf = (ctx: InboxContext) => ctx.service.projects(ctx.projectId).documents;

/** The live status is newer unless the list already shows a terminal one. */
export function statusOf(ctx: InboxContext, d: DocumentOverview): ProcessingStatus {
  const l = ctx.live.get(d.id)?.status;
  return l && !TERMINAL.has(d.processingStatus) ? l : d.processingStatus;
}
