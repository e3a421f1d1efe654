import type { Needle } from '../../text/word-search.js';
import { containsWord, searchTextOf } from '../../text/word-search.js';
import type { VerificationLeak, VerificationSummary } from '../adapter.js';
import { readContainer } from './container.js';
import { STORY_NAMES } from './stories.js';
import { findInStream } from './stream-search.js';
import { storyTexts } from './units.js';
import { readWordFile } from './word-file.js';

/** An original PII string to look for, with its label (only the label is ever reported). */
export interface LabelledNeedle {
  label: string;
  needle: Needle;
}

/** A stream name as it may be shown (the property streams start with control characters). */
const printable = (name: string) => name.replace(/[\u0000-\u001f]/g, (c) => `\\${c.charCodeAt(0)}`);

/**
 * Re-reads the written file from its bytes, by a path of its own (the container parser, then FIB, piece table and
 * stories), and looks for every original PII string as a word: in each stream's bytes read as 8-bit text and as
 * UTF-16LE at both alignments, and in the text of every story as detection saw it. The container must hold exactly
 * the streams that were written. Fail closed: anything found is a leak, named by label and place only.
 */
export function verifyDoc(bytes: Uint8Array, needles: readonly LabelledNeedle[], written: readonly string[]): VerificationSummary {
  const leaks: VerificationLeak[] = [];
  const seen = new Set<string>();
  const leak = (l: VerificationLeak) => {
    const key = `${l.label}|${l.where}`;
    if (!seen.has(key)) leaks.push(l);
    seen.add(key);
  };
  const container = readContainer(bytes);
  const names = [...container.streams.keys()];
  const expected = written.map((n) => n.toUpperCase());
  if (container.storages.length > 0 || names.length !== expected.length || names.some((n) => !expected.includes(n)))
    leak({ label: 'container', where: 'entries other than those written' });
  const search = needles.map((n) => n.needle);
  for (const [key, stream] of container.streams) {
    const name = printable(written.find((n) => n.toUpperCase() === key) ?? key);
    for (const hit of findInStream(stream, search)) leak({ label: needles[hit.needle]!.label, where: `stream ${name}` });
  }
  const file = readWordFile(container);
  for (const { story, page, units } of storyTexts(file.text, file.stories))
    for (const unit of units) {
      const h = searchTextOf(unit.text);
      for (const n of needles)
        if (containsWord(h, n.needle)) leak({ label: n.label, where: `text of page ${page} (${STORY_NAMES[story.kind]})`, page });
    }
  return { passed: leaks.length === 0, checked: needles.length, leaks };
}
