import type { StoryLengths } from './fib.js';

/**
 * The text of a Word document is one run of CPs holding its stories one after the other ([MS-DOC] 2.3.1–2.3.8):
 * main text, footnotes, headers and footers, (macro text, always empty since Word 97), comments, endnotes, text boxes
 * and the text boxes of headers. Each story is one "page" of the PII record.
 */
export type StoryKind = keyof StoryLengths;

const ORDER: readonly StoryKind[] = ['text', 'ftn', 'hdd', 'mcr', 'atn', 'edn', 'txbx', 'hdrTxbx'];

/** Names for where a leak was found ("text of the footnotes"). */
export const STORY_NAMES: Record<StoryKind, string> = {
  text: 'main text',
  ftn: 'footnotes',
  hdd: 'headers and footers',
  mcr: 'macro text',
  atn: 'comments',
  edn: 'endnotes',
  txbx: 'text boxes',
  hdrTxbx: 'header text boxes',
};

export interface Story {
  kind: StoryKind;
  cpStart: number;
  cpEnd: number;
}

/** The non-empty stories in CP order; throws when they run past the text the pieces hold (`textLength` CPs). */
export function storiesOf(ccp: StoryLengths, textLength: number): Story[] {
  const stories: Story[] = [];
  let cp = 0;
  for (const kind of ORDER) {
    const end = cp + ccp[kind];
    if (end > textLength) throw new Error('stories run past the text');
    if (end > cp) stories.push({ kind, cpStart: cp, cpEnd: end });
    cp = end;
  }
  return stories;
}
