import { describe, expect, it } from 'vitest';
import { eachConcurrently } from '../../../src/util/concurrency.js';

const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('eachConcurrently', () => {
  it('runs every item, never more than the limit at once, starting them in order', async () => {
    const started: number[] = [];
    let running = 0;
    let most = 0;
    await eachConcurrently([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      started.push(n);
      most = Math.max(most, ++running);
      await later(n % 3);
      running--;
    });
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('rejects with the first failure after the started tasks settle, and starts no more', async () => {
    const settled: number[] = [];
    const run = eachConcurrently([1, 2, 3, 4, 5], 2, async (n) => {
      await later(n === 1 ? 0 : 5);
      if (n === 1) throw new Error('one');
      settled.push(n);
    });
    await expect(run).rejects.toThrow('one');
    expect(settled).toEqual([2]);
  });

  it('an empty list resolves', async () => {
    await expect(eachConcurrently([], 4, async () => undefined)).resolves.toBeUndefined();
  });
});
