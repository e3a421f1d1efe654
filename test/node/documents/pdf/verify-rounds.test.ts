import { describe, expect, it } from 'vitest';
import { pagesToMend, repairBoxes } from '../../../../src/documents/pdf/verify-rounds.js';
import type { VerificationLeak } from '../../../../src/documents/adapter.js';

const box = { x0: 10, y0: 20, x1: 30, y1: 24 };
const inText = (page: number, boxes = [box]): VerificationLeak => ({ label: 'PER', where: `text of page ${page}`, page, boxes });

describe('pagesToMend (the repair and fallback decision)', () => {
  it('names the leaking pages (0-based) in the order of their leaks, each once', () => {
    expect(pagesToMend([inText(3), inText(1), inText(3)], new Map())).toEqual([2, 0]);
    expect(pagesToMend([], new Map())).toEqual([]);
  });

  it('gives up where mending cannot help: a leak outside the text of a page, without boxes, or on a rasterised page', () => {
    expect(pagesToMend([inText(1), { label: 'PER', where: 'metadata' }], new Map())).toBeNull();
    expect(pagesToMend([{ label: 'PER', where: 'text of page 2', page: 2 }], new Map())).toBeNull();
    expect(pagesToMend([inText(2)], new Map([[1, {}]]))).toBeNull();
  });
});

describe('repairBoxes', () => {
  it("takes the page's leak boxes as found in the first round", () => {
    expect(repairBoxes([inText(1), inText(2, [{ ...box, x0: 0 }])], 0, 0)).toEqual([box]);
  });

  it('widens them along their line by heights of the box in a later round', () => {
    expect(repairBoxes([inText(1)], 0, 0.5)).toEqual([{ x0: 8, y0: 20, x1: 32, y1: 24 }]);
  });
});
