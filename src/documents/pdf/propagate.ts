import type { Edit } from '../../replacement/apply.js';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Adds an edit for every further occurrence, in `text`, of a string already detected somewhere in the document
 * (case-insensitive, whole words or with a genitive s, any white space between words), copying that detection's label, replacement,
 * pseudonym and crId. Detection is per paragraph; this makes one finding count for the whole document, so a
 * repeat that the model missed is redacted instead of failing verification.
 */
export function propagateEdits(text: string, edits: readonly Edit[], known: readonly Edit[], minLength = 3): Edit[] {
  const out = [...edits];
  const seen = new Set<string>();
  for (const k of known) {
    const key = k.original.toLowerCase();
    if (k.original.trim().length < minLength || seen.has(key)) continue;
    seen.add(key);
    const pattern = k.original.trim().split(/\s+/).map(escape).join('\\s+');
    // A genitive s goes with the name (Müllers, Roses): verification counts it as the same word.
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${pattern}s?(?![\\p{L}\\p{N}])`, 'giu');
    for (const m of text.matchAll(re)) {
      const start = m.index;
      const end = start + m[0].length;
      if (out.some((e) => e.start < end && start < e.end)) continue;
      out.push({ ...k, start, end, original: m[0] });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
