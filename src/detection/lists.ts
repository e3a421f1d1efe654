import type { ListEntry } from '../spec/types.js';
import type { Span } from '../text/span.js';

/** Source name of blacklist spans. */
export const BLACKLIST_SOURCE = 'blacklist';

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Case-insensitive comparison key (Unicode-aware, whitespace collapsed). */
function key(s: string): string {
  return s.normalize('NFC').replace(/\s+/gu, ' ').trim().toLocaleLowerCase();
}

/**
 * Every occurrence of each list value as a span of its label with score 1: case-insensitive, whole words (no letter,
 * digit or mark directly before or after), Unicode-aware. Blank values are ignored.
 */
function occurrences(text: string, entries: readonly ListEntry[], source: string): Span[] {
  const spans: Span[] = [];
  for (const entry of entries) {
    const value = entry.value.trim();
    if (value.length === 0) continue;
    // Whitespace inside a value matches any run of whitespace (a name may wrap across a line).
    const body = value.split(/\s+/u).map(escapeRegExp).join('\\s+');
    const re = new RegExp(`(?<![\\p{L}\\p{N}\\p{M}_])${body}(?![\\p{L}\\p{N}\\p{M}_])`, 'giu');
    for (const m of text.matchAll(re)) {
      spans.push({ start: m.index, end: m.index + m[0].length, label: entry.labelName, score: 1, source });
    }
  }
  return spans;
}

/** Every occurrence of each blacklist value (see `occurrences`). */
export function blacklistSpans(text: string, blacklist: readonly ListEntry[]): Span[] {
  return occurrences(text, blacklist, BLACKLIST_SOURCE);
}

/**
 * Drops detections of a whitelisted value's label whose text equals the value (case-insensitive) or lies inside an
 * occurrence of it: whitelisting `10115 Berlin` keeps `10115 Berlin` readable, also where a rule finds `Berlin` alone.
 */
export function applyWhitelist(text: string, spans: readonly Span[], whitelist: readonly ListEntry[]): Span[] {
  if (whitelist.length === 0) return [...spans];
  const allowed = new Set(whitelist.map((e) => `${e.labelName}\u0000${key(e.value)}`));
  const kept = occurrences(text, whitelist, 'whitelist');
  return spans.filter(
    (s) =>
      !allowed.has(`${s.label}\u0000${key(text.slice(s.start, s.end))}`) &&
      !kept.some((k) => k.label === s.label && k.start <= s.start && s.end <= k.end),
  );
}
