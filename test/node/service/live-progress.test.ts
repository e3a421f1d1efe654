import { describe, expect, it } from 'vitest';
import { memoryEvents } from '../../../src/jobs/events.js';
import { trackLiveProgress } from '../../../src/service/live-progress.js';
import { docRecord } from '../helpers/records.js';

const progress = { phase: 'ocr' as const, pagesDone: 1, pagesTotal: 3, estimatedDurationMs: 900 };
const tick = () => new Promise((r) => setTimeout(r, 5));

describe('trackLiveProgress: what the runners last published', () => {
  it('keeps the latest progress of a processing document, and forgets it when the document moves on', async () => {
    const events = memoryEvents();
    const liveOf = trackLiveProgress(events);
    const doc = docRecord({ id: 3, status: 'PROCESSING' });
    expect(liveOf(doc)).toBeUndefined();
    events.publish({ type: 'progress', documentId: 3, progress });
    events.publish({ type: 'progress', documentId: 3, progress: { ...progress, pagesDone: 2 } });
    await tick();
    expect(liveOf(doc)).toEqual({ ...progress, pagesDone: 2 });
    expect(liveOf({ ...doc, status: 'COMPILING' })?.pagesDone).toBe(2);
    // A stored status other than PROCESSING or COMPILING has no live progress, whatever was published.
    expect(liveOf({ ...doc, status: 'COMPLETED' })).toBeUndefined();
    expect(liveOf({ ...doc, id: 4 })).toBeUndefined();
    events.publish({ type: 'status', documentId: 3, status: 'PROCESSING' });
    await tick();
    expect(liveOf(doc)).toBeDefined();
    events.publish({ type: 'status', documentId: 3, status: 'COMPILING' });
    await tick();
    expect(liveOf(doc)).toBeUndefined();
  });
});
