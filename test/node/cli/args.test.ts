import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../src/cli/args.js';
import { expectProblem } from '../helpers/expect-problem.js';

describe('parseCliArgs', () => {
  it.each([
    [['text'], { command: 'text', pseudonyms: false }],
    [['text', '--pseudonyms'], { command: 'text', pseudonyms: true }],
    [['text', '--labels', 'PER,LOC'], { command: 'text', pseudonyms: false, labels: ['PER', 'LOC'] }],
    [['text', '--labels=PER, MAIL', '--config', 'c.json'], { command: 'text', pseudonyms: false, labels: ['PER', 'MAIL'], configPath: 'c.json' }],
    [['detect', '--labels', 'TEL'], { command: 'detect', pseudonyms: false, labels: ['TEL'] }],
  ])('%j', (argv, expected) => {
    expect(parseCliArgs(argv)).toEqual(expected);
  });

  it.each([
    [[], 'command'],
    [['anonymise'], 'command'],
    [['text', '--labels', 'PER,NAME'], '--labels[1]'],
    [['text', '--labels', ','], '--labels'],
    [['text', '--verbose'], 'arguments'],
    [['text', 'extra'], 'arguments'],
  ])('%j → 422 on %s', async (argv, field) => {
    const problem = await expectProblem(() => parseCliArgs(argv), { status: 422, problemCode: 'VALIDATION_FAILED' });
    expect(problem.errors?.[0]?.field).toBe(field);
  });
});
