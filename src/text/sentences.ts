/**
 * Sentence start offsets (UTF-16) for the PII record: 0 for non-blank text, then the first non-space character after
 * `.`, `!` or `?` followed by whitespace and an upper-case letter, and after a blank line (abbreviations such as `Tel.` before a number do not count).
 */
export function sentenceStarts(text: string): number[] {
  const starts: number[] = [];
  const first = text.search(/\S/u);
  if (first < 0) return starts;
  starts.push(first);
  for (const m of text.matchAll(/[.!?]["'»«“”)]*\s+(?=\p{Lu})|\n[^\S\n]*\n\s*(?=\S)/gu)) {
    const at = m.index + m[0].length;
    if (at > starts[starts.length - 1]!) starts.push(at);
  }
  return starts;
}
