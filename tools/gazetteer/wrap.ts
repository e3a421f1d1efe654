/** Joins words with `separator` into lines of at most `width` characters (a generated data module's string lines). */
export function wrapWords(words: readonly string[], separator: string, width = 108): string[] {
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line.length + w.length + 1 > width) {
      lines.push(line);
      line = '';
    }
    line = line ? `${line}${separator}${w}` : w;
  }
  if (line) lines.push(line);
  return lines;
}
