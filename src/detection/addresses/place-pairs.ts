import type { Span } from '../../text/span.js';
import { indexByStart, overlaps } from '../../text/span.js';
import { isCommonWord } from '../words/common-words.js';
import { FUNCTION_WORD_SET, isFirstName } from '../words/lexicon.js';
import { isWeekdayWord } from '../../dates/weekdays.js';
import { lookupMonth } from '../../dates/months.js';

/*
 * LOC: the other end of a route. A town joined to a place found by a rule or the model by a dash or a word of travel
 * (`Hamburg – Lübeck`, `Düren–Euskirchen`, `von Oldenburg nach Wilhelmshaven`, `Leeds to Harrogate`) is a place too:
 * timetables, travel claims and route tables name towns no list holds. Only a capitalised word that is no common
 * word, function word, first name, weekday or month, on the same line; a hyphen needs spaces around it (`Hamburg-Altona`
 * is one name, `Hamburg-Mannheimer` a firm's).
 */

const SCORE = 0.6;
const JOIN_AFTER =
  /^(?:[ \t]*[–—][ \t]*|[ \t]+-[ \t]+|[ \t]*(?:->|→)[ \t]*|[ \t]+(?:nach|bis|to|via|über)[ \t]+)(\p{Lu}[\p{Ll}\p{M}]{2,30}(?:-\p{Lu}[\p{Ll}\p{M}]{2,30})?)(?![\p{L}\p{N}\p{M}-])/u;
const JOIN_BEFORE =
  /(?<![\p{L}\p{N}\p{M}-])(\p{Lu}[\p{Ll}\p{M}]{2,30}(?:-\p{Lu}[\p{Ll}\p{M}]{2,30})?)(?:[ \t]*[–—][ \t]*|[ \t]+-[ \t]+|[ \t]*(?:->|→)[ \t]*)$/u;

function townLike(word: string): boolean {
  return !isCommonWord(word, 'auto') && !FUNCTION_WORD_SET.has(word) && !isFirstName(word) && !isWeekdayWord(word) && !lookupMonth(word);
}

/** New LOC spans at the other end of a route from a place in `spans` (sorted, non-overlapping); only the new ones. */
export function placePairs(text: string, spans: readonly Span[]): Span[] {
  const added: Span[] = [];
  // Spans are sorted and apart: a range can only meet its neighbours. A word between two places is found from both
  // (`A – B – C`): the same range, seen once.
  const seen = new Set<number>();
  const taken = (start: number, end: number) => {
    const at = indexByStart(spans, start);
    const range = { start, end };
    return (at > 0 && overlaps(spans[at - 1]!, range)) || (at < spans.length && overlaps(spans[at]!, range)) || seen.has(start);
  };
  const add = (start: number, end: number) => {
    seen.add(start);
    added.push({ start, end, label: 'LOC', score: SCORE, source: 'pattern:place-pairs' });
  };
  for (const s of spans) {
    if (s.label !== 'LOC') continue;
    const after = JOIN_AFTER.exec(text.slice(s.end, s.end + 60));
    if (after) {
      const start = s.end + after[0].length - after[1]!.length;
      const end = s.end + after[0].length;
      if (townLike(after[1]!) && !taken(start, end)) add(start, end);
    }
    const before = JOIN_BEFORE.exec(text.slice(Math.max(0, s.start - 60), s.start));
    if (before) {
      const start = s.start - before[0].length;
      const end = start + before[1]!.length;
      if (townLike(before[1]!) && !taken(start, end)) add(start, end);
    }
  }
  return added;
}
