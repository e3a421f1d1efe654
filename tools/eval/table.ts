/** Formats rows as an aligned plain-text table: first column left-aligned, the others right-aligned (numbers). */
export function formatTable(rows: readonly (readonly string[])[]): string {
  const head = rows[0];
  if (!head) return '';
  const widths = head.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  const line = (r: readonly string[]) =>
    r
      .map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(head), rule, ...rows.slice(1).map(line)].join('\n') + '\n';
}

/** A ratio in [0, 1] as a percentage with one decimal. */
export function pct(x: number): string {
  return (100 * x).toFixed(1);
}
