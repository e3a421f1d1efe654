import { describe, expect, it } from 'vitest';
import type { OcrClient } from '../../../src/documents/ocr-client.js';
import { ocrWorkersFor, retiringOcr } from '../../../src/engine/retiring-ocr.js';

/** Fake workers: each recognition waits for `finish()`; the log says which worker did what. */
function fakeWorkers() {
  const log: string[] = [];
  const pending: Array<() => void> = [];
  let started = 0;
  const start = async (): Promise<OcrClient> => {
    const id = ++started;
    log.push(`start ${id}`);
    return {
      recognize: (png) =>
        new Promise((resolve) => {
          log.push(`recognize ${png[0]} on ${id}`);
          pending.push(() => resolve([[[{ text: `w${png[0]}`, box: { x0: 0, y0: 0, x1: 1, y1: 1 } }]]]));
        }),
      terminate: async () => {
        log.push(`terminate ${id}`);
      },
    };
  };
  const finish = async () => {
    pending.shift()!();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { log, start, finish };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('retiringOcr', () => {
  it('starts a worker on first use only, and a release with nothing in flight stops it at once', async () => {
    const w = fakeWorkers();
    const ocr = retiringOcr(w.start);
    await ocr.release();
    expect(w.log).toEqual([]);
    const page = (await ocr.get()).recognize(new Uint8Array([1]));
    await tick();
    await w.finish();
    expect(await page).toEqual([[[{ text: 'w1', box: { x0: 0, y0: 0, x1: 1, y1: 1 } }]]]);
    await ocr.release();
    expect(w.log).toEqual(['start 1', 'recognize 1 on 1', 'terminate 1']);
  });

  it('a release waits for the page in flight; a page asked for meanwhile goes to a new worker, never a dead one', async () => {
    const w = fakeWorkers();
    const ocr = retiringOcr(w.start);
    const front = await ocr.get();
    const first = front.recognize(new Uint8Array([1]));
    await tick();
    const released = ocr.release();
    const second = front.recognize(new Uint8Array([2]));
    await tick();
    expect(w.log).toEqual(['start 1', 'recognize 1 on 1']);
    await w.finish();
    await first;
    await released;
    await tick();
    expect(w.log).toEqual(['start 1', 'recognize 1 on 1', 'terminate 1', 'start 2', 'recognize 2 on 2']);
    await w.finish();
    expect((await second).flat(2)[0]!.text).toBe('w2');
    await ocr.close();
    expect(w.log.at(-1)).toBe('terminate 2');
  });

  it('runs up to `size` workers at once; a further page waits for the first free one', async () => {
    const w = fakeWorkers();
    const ocr = retiringOcr(w.start, 2);
    const front = await ocr.get();
    const pages = [1, 2, 3].map((n) => front.recognize(new Uint8Array([n])));
    await tick();
    expect([...w.log].sort()).toEqual(['recognize 1 on 1', 'recognize 2 on 2', 'start 1', 'start 2']);
    await w.finish();
    expect(w.log.at(-1)).toBe('recognize 3 on 1');
    await w.finish();
    await w.finish();
    expect((await Promise.all(pages)).map((p) => p.flat(2)[0]!.text)).toEqual(['w1', 'w2', 'w3']);
    await ocr.release();
    expect(w.log.slice(-2).sort()).toEqual(['terminate 1', 'terminate 2']);
  });

  it('one worker per two cores, 1 to 4', () => {
    expect([1, 2, 3, 4, 8, 16, 64].map(ocrWorkersFor)).toEqual([1, 1, 1, 2, 4, 4, 4]);
  });
});
