import { describe, expect, it } from 'vitest';
import { scanAction } from '../../../src/jobs/runner.js';

describe('scanAction', () => {
  const running = new Map([[3, null]]);

  it('leaves a document this runner runs, and starts one while a slot is free', () => {
    expect(scanAction({ id: 3, status: 'PROCESSING' }, running, 2, undefined)).toBe('running');
    expect(scanAction({ id: 4, status: 'COMPUTING_QUOTA' }, running, 2, undefined)).toBe('start');
    expect(scanAction({ id: 4, status: 'UNPROCESSED' }, new Map(), 1, 10)).toBe('start');
  });

  it('queues a document waiting for a slot without a page budget; with one, its quota waits for its turn', () => {
    expect(scanAction({ id: 4, status: 'COMPUTING_QUOTA' }, running, 1, undefined)).toBe('queue');
    expect(scanAction({ id: 4, status: 'COMPUTING_QUOTA' }, running, 1, 10)).toBe('wait');
    expect(scanAction({ id: 4, status: 'UNPROCESSED' }, running, 1, undefined)).toBe('wait');
  });
});
