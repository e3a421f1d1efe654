import { describe, expect, it } from 'vitest';
import { memoryEvents } from '../../../src/jobs/events.js';
import type { DocumentStatus } from '../../../src/service/document-status.js';
import { waitForStatus } from '../../../src/service/wait-for.js';
import type { ProcessingStatus } from '../../../src/spec/types.js';

/** A document whose stored status a test sets; `reads` counts how often it was read. */
function stored(status: ProcessingStatus) {
  const doc = { status, reads: 0, read: async (): Promise<DocumentStatus> => (doc.reads++, { documentId: 5, status: doc.status }) };
  return doc;
}

describe('waitForStatus', () => {
  it('reads at once, again on each status event of the document, and resolves at a terminal status', async () => {
    const events = memoryEvents();
    const doc = stored('UNPROCESSED');
    const seen: DocumentStatus[] = [];
    const done = waitForStatus(events, 5, doc.read, { pollMs: 60_000, onProgress: (s) => seen.push(s) });
    await new Promise((r) => setTimeout(r, 5));
    doc.status = 'PROCESSING';
    events.publish({ type: 'status', documentId: 6, status: 'PROCESSING' }); // another document: not read
    events.publish({ type: 'status', documentId: 5, status: 'PROCESSING' });
    await new Promise((r) => setTimeout(r, 5));
    const progress = { phase: 'detecting' as const, pagesDone: 1, pagesTotal: 2, estimatedDurationMs: 500 };
    events.publish({ type: 'progress', documentId: 5, progress });
    await new Promise((r) => setTimeout(r, 5));
    doc.status = 'COMPLETED';
    events.publish({ type: 'status', documentId: 5, status: 'COMPLETED' });
    expect(await done).toEqual({ documentId: 5, status: 'COMPLETED' });
    expect(doc.reads).toBe(3);
    expect(seen).toEqual([
      { documentId: 5, status: 'UNPROCESSED' },
      { documentId: 5, status: 'PROCESSING' },
      { documentId: 5, status: 'PROCESSING', progress: { phase: 'detecting', pagesDone: 1, pagesTotal: 2 }, estimatedDurationMs: 500 },
      { documentId: 5, status: 'COMPLETED' },
    ]);
  });

  it('polls besides the events, and ends at PREVIEW_ERROR, whose result never comes', async () => {
    const doc = stored('PROCESSING');
    const done = waitForStatus(memoryEvents(), 5, doc.read, { pollMs: 5 });
    await new Promise((r) => setTimeout(r, 20));
    doc.status = 'PREVIEW_ERROR';
    expect(await done).toEqual({ documentId: 5, status: 'PREVIEW_ERROR' });
  });

  it('rejects with the error of a failed read, or with the reason of an abort, and then stops reading', async () => {
    const gone = new Error('gone');
    await expect(waitForStatus(memoryEvents(), 5, () => Promise.reject(gone))).rejects.toBe(gone);
    const controller = new AbortController();
    const doc = stored('PROCESSING');
    const done = waitForStatus(memoryEvents(), 5, doc.read, { pollMs: 1, signal: controller.signal });
    controller.abort(new Error('stop'));
    await expect(done).rejects.toThrow('stop');
    const reads = doc.reads;
    await new Promise((r) => setTimeout(r, 20));
    expect(doc.reads).toBe(reads);
    await expect(waitForStatus(memoryEvents(), 5, doc.read, { signal: AbortSignal.abort(new Error('early')) })).rejects.toThrow('early');
  });
});
