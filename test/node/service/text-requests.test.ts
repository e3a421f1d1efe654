import { describe, expect, it } from 'vitest';
import type { Anonymizer } from '../../../src/engine/text-engine.js';
import { limitedText } from '../../../src/service/text-requests.js';
import type { PseudonymizedText } from '../../../src/spec/types.js';
import { createMemoryStore } from '../../../src/store/memory-store.js';
import { expectProblem } from '../helpers/expect-problem.js';

const answer: PseudonymizedText = { pseudonymizedText: 'x', detection: { tokenCount: 1, detections: [] } };
/** A text engine whose calls wait until released. */
function gatedEngine() {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const engine = { text: async () => (await gate, answer) } as unknown as Anonymizer;
  return { engine, release: () => open() };
}
const request = (text: string) => ({ text, textLabels: ['MAIL' as const] });

describe('limitedText: POST /text within its limits', () => {
  it('413 for a text over the limit, 429 beyond the requests in flight, and free again when they end', async () => {
    const { engine, release } = gatedEngine();
    const text = limitedText({ text: engine, store: createMemoryStore('text-limits-1'), maxConcurrent: 2, maxChars: 5 });
    await expectProblem(text(request('123456')), { status: 413, title: 'Content Too Large' });
    const running = [text(request('12345')), text(request('a'))];
    await expectProblem(text(request('b')), { status: 429, problemCode: 'RATE_LIMIT_EXCEEDED' });
    release();
    expect(await Promise.all(running)).toEqual([answer, answer]);
    expect(await text(request('c'))).toEqual(answer);
  });

  it('counts the characters of each completed request against the credits, and refuses once they are spent', async () => {
    const store = createMemoryStore('text-limits-2');
    const { engine, release } = gatedEngine();
    release();
    const text = limitedText({ text: engine, store, characters: 6, maxConcurrent: 8, maxChars: 100 });
    await text(request('four'));
    await text(request('four'));
    expect((await store.counters()).charactersUsed).toBe(8);
    await expectProblem(text(request('x')), { status: 403, problemCode: 'CREDIT_LIMIT_EXCEEDED' });
    const unlimited = createMemoryStore('text-limits-3');
    await limitedText({ text: engine, store: unlimited, maxConcurrent: 8, maxChars: 100 })(request('four'));
    expect((await unlimited.counters()).charactersUsed).toBe(0);
  });
});
