import type { JobEvents } from '../jobs/events.js';
import type { LiveProgress } from '../jobs/progress.js';
import type { DocumentRecord } from '../store/records.js';

/** The progress the runners last published of a document while it is PROCESSING or COMPILING. */
export type LiveProgressOf = (doc: DocumentRecord) => LiveProgress | undefined;

/**
 * Keeps the progress of the documents being processed as their runners publish it (wherever those run); a document
 * that moves on from PROCESSING is forgotten.
 */
export function trackLiveProgress(events: JobEvents): LiveProgressOf {
  const live = new Map<number, LiveProgress>();
  events.subscribe((e) => {
    if (e.type === 'progress') live.set(e.documentId, e.progress);
    else if (e.type === 'status' && e.status !== 'PROCESSING') live.delete(e.documentId);
  });
  return (doc) => (doc.status === 'PROCESSING' || doc.status === 'COMPILING' ? live.get(doc.id) : undefined);
}
