import type { TextLabelName } from '../spec/types.js';
import type { Span } from '../text/span.js';
import { indexByStart, overlaps } from '../text/span.js';

/** Options of `propagateSpans`. */
export interface PropagateOptions {
  /** Labels whose surface strings propagate. Default PER, ORG, LOC. */
  labels?: ReadonlySet<TextLabelName>;
  /** Score of a propagated copy = source score × this. Default 0.95. */
  factor?: number;
  /** Score of a propagated surname = source score × this. Default 0.9. */
  surnameFactor?: number;
}

/** Labels that propagate by default: names of people, organisations and places. */
export const PROPAGATED_LABELS: ReadonlySet<TextLabelName> = new Set(['PER', 'ORG', 'LOC']);

/**
 * An identifier found once (after its label, in brackets after a name) is masked wherever else it stands: a login, a
 * ticket or account number. Only a token of five or more letters, digits and `-_./` goes, so ages, years and short
 * numbers (`30`, `2024`, `4417`) stay where their context put them.
 */
export function propagatesAsIdentifier(surface: string): boolean {
  return /^[\p{L}\p{N}][\p{L}\p{N}\-_./]{3,}[\p{L}\p{N}]$/u.test(surface);
}

/** Source tag of propagated spans. */
export const PROPAGATION_SOURCE = 'propagation';

// `_` separates words here: file names and handles join them so (`Lebenslauf_Adeyemi.pdf` names the applicant).
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const SURNAME = /^\p{Lu}[\p{L}\p{M}'’-]*\p{L}$/u;

interface Surface {
  text: string;
  label: TextLabelName;
  score: number;
  /** German genitive `-s` may follow (`Müllers`, `Siemens'` is not handled). */
  genitive: boolean;
}

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && WORD_CHAR.test(ch);
}

/** First code point of a string as a one-character string (keeps surrogate pairs whole). */
function firstChar(s: string): string | undefined {
  return s.length === 0 ? undefined : String.fromCodePoint(s.codePointAt(0)!);
}

function lastChar(s: string): string | undefined {
  if (s.length === 0) return undefined;
  const tail = s.slice(-2);
  return tail.length === 2 && /^[\uD800-\uDBFF][\uDC00-\uDFFF]$/.test(tail) ? tail : s.slice(-1);
}

/**
 * Document-level propagation (pure): every other whole-word occurrence of a detected surface string of `labels`
 * (and, whatever `labels` says, of an OTH identifier that `propagatesAsIdentifier`) — and the surname of a detected
 * full PER name, when it is capitalised — becomes a span of the same label with a slightly lower score. Matching is case-sensitive; a German genitive `-s` may follow. Occurrences that would
 * overlap an existing span (or an earlier propagated one) are skipped; longer surfaces win at the same place.
 * Returns only the NEW spans. Linear in the text: candidates are looked up by their first word.
 */
export function propagateSpans(text: string, spans: readonly Span[], options: PropagateOptions = {}): Span[] {
  const labels = options.labels ?? PROPAGATED_LABELS;
  const factor = options.factor ?? 0.95;
  const surnameFactor = options.surnameFactor ?? 0.9;
  const surfaces = new Map<string, Surface>();
  const add = (s: string, label: TextLabelName, score: number) => {
    if (!isWordChar(firstChar(s)) || !isWordChar(lastChar(s)) || [...s].length < 2) return;
    const prev = surfaces.get(s);
    if (prev && prev.score >= score) return;
    surfaces.set(s, { text: s, label, score, genitive: !/[sxzßSXZ]$/.test(s) });
  };
  for (const span of spans) {
    const surface = text.slice(span.start, span.end);
    if (!labels.has(span.label) && !(span.label === 'OTH' && propagatesAsIdentifier(surface))) continue;
    add(surface, span.label, span.score * factor);
    if (span.label === 'PER') {
      const parts = surface.split(/\s+/);
      const last = parts[parts.length - 1]!;
      if (parts.length >= 2 && SURNAME.test(last)) add(last, 'PER', span.score * surnameFactor);
    }
  }
  if (surfaces.size === 0) return [];

  // Candidates by first word, longest first.
  const byFirstWord = new Map<string, Surface[]>();
  for (const s of surfaces.values()) {
    const first = s.text.match(WORD)![0];
    const list = byFirstWord.get(first) ?? [];
    list.push(s);
    byFirstWord.set(first, list);
  }
  for (const list of byFirstWord.values()) list.sort((a, b) => b.text.length - a.text.length);

  // Existing spans do not overlap each other (they come from the merge), so sorted by start their ends rise too:
  // an occurrence is free when it overlaps neither neighbour. New spans arrive in text order: check the last one.
  const taken = [...spans].sort((a, b) => a.start - b.start);
  const added: Span[] = [];
  const free = (range: { start: number; end: number }) => {
    const lo = indexByStart(taken, range.start);
    const prev = taken[lo - 1];
    const next = taken[lo];
    const last = added[added.length - 1];
    return !(prev && overlaps(prev, range)) && !(next && overlaps(next, range)) && !(last && overlaps(last, range));
  };

  // A hyphen between words joins them (`Schmidt-Meier` is not an occurrence of `Schmidt`).
  const joined = (i: number, step: 1 | -1) => text[i] === '-' && isWordChar(text[i + step]);
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    const at = m.index;
    if (joined(at - 1, -1)) continue;
    const candidates = [...(byFirstWord.get(word) ?? []), ...(word.endsWith('s') ? (byFirstWord.get(word.slice(0, -1)) ?? []) : [])];
    for (const c of candidates) {
      if (!text.startsWith(c.text, at)) continue;
      let end = at + c.text.length;
      if (isWordChar(text[end])) {
        if (!(c.genitive && text[end] === 's' && !isWordChar(text[end + 1]))) continue;
        end++;
      }
      if (joined(end, 1)) continue;
      const span: Span = { start: at, end, label: c.label, score: c.score, source: PROPAGATION_SOURCE };
      if (!free(span)) continue;
      added.push(span);
      break;
    }
  }
  return added;
}
