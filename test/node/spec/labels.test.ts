import { describe, expect, it } from 'vitest';
import { imageLabels, isTextLabel, textLabels } from '../../../src/spec/labels.js';
import { canTransition, isTerminal } from '../../../src/spec/status.js';

describe('labels', () => {
  it('lists the eight text labels in the spec order, OTH marked experimental', () => {
    const labels = textLabels();
    expect(labels.map((l) => l.name)).toEqual(['PER', 'STR', 'MAIL', 'TEL', 'LOC', 'ORG', 'DATE', 'OTH']);
    for (const l of labels) expect(l.description.length).toBeGreaterThan(0);
    expect(labels.find((l) => l.name === 'OTH')?.description).toMatch(/experimental/i);
  });
  it('lists face and text image labels', () => {
    expect(imageLabels().map((l) => l.name)).toEqual(['face', 'text']);
  });
  it.each([
    ['PER', true],
    ['per', false],
    ['FOO', false],
    [3, false],
  ])('isTextLabel(%s) is %s', (name, expected) => {
    expect(isTextLabel(name)).toBe(expected);
  });
});

describe('status', () => {
  it.each([
    ['COMPLETED', true],
    ['ERROR', true],
    ['QUOTA_EXCEEDED', true],
    ['QUOTA_ERROR', true],
    ['PROCESSING', false],
    ['COMPUTING_QUOTA', false],
  ] as const)('%s terminal: %s', (s, t) => expect(isTerminal(s)).toBe(t));
  it('follows the decided lifecycle', () => {
    expect(canTransition('COMPUTING_QUOTA', 'UNPROCESSED')).toBe(true);
    expect(canTransition('PROCESSING', 'COMPILING')).toBe(true);
    expect(canTransition('COMPLETED', 'PROCESSING')).toBe(false);
    expect(canTransition('ERROR', 'COMPLETED')).toBe(false);
  });
});
