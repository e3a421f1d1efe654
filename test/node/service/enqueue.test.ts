import { describe, expect, it } from 'vitest';
import { memoryEvents } from '../../../src/jobs/events.js';
import type { JobEvent } from '../../../src/jobs/events.js';
import { enqueueUpload } from '../../../src/service/enqueue.js';
import type { QueueDeps } from '../../../src/service/enqueue.js';
import { MAX_UPLOAD_BYTES } from '../../../src/service/upload.js';
import { createMemoryStore } from '../../../src/store/memory-store.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { fakeClock, pngBytes } from './harness.js';
import { projectRecord } from '../helpers/records.js';
import { toyAdapter, toyFile } from './toy-format.js';

let n = 0;
function queue(change: Partial<QueueDeps> = {}): QueueDeps & { published: JobEvent[] } {
  const events = memoryEvents();
  const published: JobEvent[] = [];
  const publish = events.publish.bind(events);
  events.publish = (e) => (published.push(e), publish(e));
  return {
    store: createMemoryStore(`enqueue-${++n}`),
    events,
    clock: fakeClock(),
    adapters: [toyAdapter()],
    maxQueued: 10,
    published,
    ...change,
  };
}
const upload = (file: Uint8Array | Blob, name: string | null = null) => ({ file, config: null, name, tags: [{ key: 'k', value: 'v' }] });

describe('enqueueUpload', () => {
  it('stores the file as COMPUTING_QUOTA, typed and named by the format that claims it, and wakes the runners', async () => {
    const q = queue();
    const file = toyFile(['a line'], await pngBytes());
    expect(await enqueueUpload(q, projectRecord({ id: 7 }), upload(file))).toEqual({ documentId: 1, status: 'COMPUTING_QUOTA' });
    expect(await q.store.getDocument(1)).toMatchObject({
      projectId: 7,
      name: 'document-1.toy',
      documentType: 'DOCUMENT',
      fileSize: file.length,
      status: 'COMPUTING_QUOTA',
      tags: [{ key: 'k', value: 'v' }],
      createdAt: q.clock.now(),
    });
    expect(await q.store.getFile(1, 'original')).toEqual(file);
    expect(q.published).toEqual([{ type: 'wake' }]);
    await enqueueUpload(q, projectRecord(), upload(file, 'Brief.toy'));
    expect((await q.store.getDocument(2))?.name).toBe('Brief.toy');
  });

  it('refuses before storing anything: 413 too big (unread), 422 unclaimed bytes, 403 pages spent, 429 queue full', async () => {
    const q = queue({ pages: 1, maxQueued: 1 });
    let read = false;
    const huge = { size: MAX_UPLOAD_BYTES + 1, slice: () => ((read = true), new Blob()) } as unknown as Blob;
    await expectProblem(enqueueUpload(q, projectRecord(), upload(huge)), { status: 413, problemCode: 'DOCUMENT_TOO_BIG' });
    expect(read).toBe(false);
    await expectProblem(enqueueUpload(q, projectRecord(), upload(await pngBytes())), {
      status: 422,
      problemCode: 'INVALID_FILE',
      detail: 'The file type is not supported (TOY expected).',
    });
    const file = toyFile(['x'], await pngBytes());
    await enqueueUpload(q, projectRecord(), upload(file));
    await expectProblem(enqueueUpload(q, projectRecord(), upload(file)), { status: 429, problemCode: 'RATE_LIMIT_EXCEEDED' });
    await q.store.addUsage(1, 0);
    await expectProblem(enqueueUpload(q, projectRecord(), upload(file)), { status: 403, problemCode: 'CREDIT_LIMIT_EXCEEDED' });
    expect((await q.store.allDocuments()).length).toBe(1);
  });
});
