import { describe, expect, it } from 'vitest';
import { withDeadline } from '../../../src/jobs/deadline.js';

const timedOut = new Error('too long');

describe('withDeadline', () => {
  it("gives the task's result when it ends in time", async () => {
    let signal: AbortSignal | undefined;
    const r = await withDeadline(async (s) => ((signal = s), 7), 1000, timedOut);
    expect(r).toBe(7);
    expect(signal?.aborted).toBe(false);
  });

  it("passes on the task's own failure within the time", async () => {
    const own = new Error('own');
    await expect(withDeadline(() => Promise.reject(own), 1000, timedOut)).rejects.toBe(own);
  });

  it('aborts the signal and rejects with the time-out, even when the task ignores the signal', async () => {
    let signal: AbortSignal | undefined;
    const never = (s: AbortSignal) => ((signal = s), new Promise<number>(() => undefined));
    await expect(withDeadline(never, 5, timedOut)).rejects.toBe(timedOut);
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toBe(timedOut);
  });

  it('counts what a task throws once the time is up as the time-out', async () => {
    const abortable = (s: AbortSignal) =>
      new Promise<number>((_, reject) => s.addEventListener('abort', () => reject(new Error('aborted'))));
    await expect(withDeadline(abortable, 5, timedOut)).rejects.toBe(timedOut);
  });
});
