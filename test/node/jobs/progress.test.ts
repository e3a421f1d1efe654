import { describe, expect, it } from 'vitest';
import { estimateRemainingMs, fractionDone, progressThrottle } from '../../../src/jobs/progress.js';

describe('progress estimates', () => {
  it('counts the phases before a page and the pages of its own phase', () => {
    expect(fractionDone({ phase: 'reading', pagesDone: 0, pagesTotal: 10 })).toBe(0);
    expect(fractionDone({ phase: 'detecting', pagesDone: 5, pagesTotal: 10 })).toBeCloseTo(0.275);
    expect(fractionDone({ phase: 'detecting', pagesDone: 10, pagesTotal: 10 })).toBeCloseTo(0.55);
    expect(fractionDone({ phase: 'verifying', pagesDone: 10, pagesTotal: 10 })).toBeCloseTo(1);
    // A phase at once monotone in pages.
    const fractions = [0, 3, 7, 10].map((d) => fractionDone({ phase: 'redacting', pagesDone: d, pagesTotal: 10 }));
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
  });

  it('scales the time so far by what is left; null before there is anything to scale', () => {
    expect(estimateRemainingMs({ phase: 'reading', pagesDone: 0, pagesTotal: 10 }, 500)).toBeNull();
    // Half of the pages read and detected after 5 s: 0.55 × 0.5 = 0.275 done.
    expect(estimateRemainingMs({ phase: 'reading', pagesDone: 5, pagesTotal: 10 }, 5000)).toBe(Math.round((5000 * 0.725) / 0.275));
    expect(estimateRemainingMs({ phase: 'verifying', pagesDone: 10, pagesTotal: 10 }, 9000)).toBe(0);
  });

  it('passes a new phase and the last page always, within a phase one update per interval', () => {
    let t = 0;
    const throttle = progressThrottle(0, () => t, 250);
    expect(throttle({ phase: 'detecting', pagesDone: 0, pagesTotal: 4 })).not.toBeNull();
    t = 100;
    expect(throttle({ phase: 'detecting', pagesDone: 1, pagesTotal: 4 })).toBeNull();
    t = 400;
    expect(throttle({ phase: 'detecting', pagesDone: 2, pagesTotal: 4 })).toMatchObject({
      pagesDone: 2,
      estimatedDurationMs: expect.any(Number),
    });
    t = 450;
    expect(throttle({ phase: 'detecting', pagesDone: 4, pagesTotal: 4 })).not.toBeNull();
    t = 460;
    expect(throttle({ phase: 'redacting', pagesDone: 0, pagesTotal: 4 })).not.toBeNull();
  });
});
