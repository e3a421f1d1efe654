import type { Edit } from '../replacement/apply.js';
import type { Needle } from '../text/word-search.js';
import { needleOf, originalRange, searchTextOf, wordMatches } from '../text/word-search.js';

/** Strings detected somewhere in a document, each once, ready to be found elsewhere. */
export type KnownStrings = ReadonlyArray<{ edit: Edit; needle: Needle }>;

/** The distinct detected strings of a document (the first detection of each string gives its label and replacement). */
export function knownStrings(edits: readonly Edit[]): KnownStrings {
  const seen = new Set<string>();
  const out: Array<{ edit: Edit; needle: Needle }> = [];
  for (const edit of edits) {
    const needle = needleOf(edit.original);
    if (!needle) continue;
    const id = `${needle.key}|${[...needle.gaps].join(',')}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ edit, needle });
  }
  return out;
}

/** Whether `e` covers exactly [start, end) with `known`'s label, replacement, pseudonym and crId. */
function sameEdit(e: Edit, start: number, end: number, known: Edit): boolean {
  return (
    e.start === start &&
    e.end === end &&
    e.label === known.label &&
    e.replacement === known.replacement &&
    e.pseudonym === known.pseudonym &&
    e.crId === known.crId
  );
}

/**
 * Adds an edit for every further occurrence, in `text`, of a string already detected somewhere in the document,
 * copying that detection's label, replacement, pseudonym and crId. Occurrences are found exactly as the verifier
 * finds surviving strings (`text/word-search.ts`: case, ligatures, hyphenation across lines, a genitive s), so a
 * repeat that detection missed is redacted instead of failing verification.
 */
export function propagateEdits(text: string, edits: readonly Edit[], known: KnownStrings): Edit[] {
  let out = [...edits];
  const h = known.length > 0 ? searchTextOf(text) : null;
  for (const { edit, needle } of known) {
    for (const m of wordMatches(h!, needle)) {
      const { start, end } = originalRange(h!, m.start, m.end);
      const overlapping = out.filter((e) => e.start < end && start < e.end);
      // An edit that covers only part of the occurrence ("Zquar" of "Zquar-\nnik") would leave the rest readable:
      // the whole occurrence replaces it. One that reaches beyond the occurrence already covers it.
      if (overlapping.some((e) => e.start < start || e.end > end)) continue;
      // The occurrence already has this very edit (a string propagated before): kept as it is, so a caller that
      // compares edits finds nothing new to redact.
      if (overlapping.length === 1 && sameEdit(overlapping[0]!, start, end, edit)) continue;
      out = out.filter((e) => !overlapping.includes(e));
      out.push({ ...edit, start, end, original: text.slice(start, end) });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
