/*
 * Characters OCR reads for digits (`DES9` for `DE89`, `O` for `0`, `l` for `1`): an identifier whose checksum fails as
 * read may pass once they are read back as the digits they may stand for. A checksum that passes after such a
 * reading is as strong a sign as one that passes as read, so this holds in any text, scanned or not.
 */

/** The digits each confusable character may stand for. */
const DIGITS_OF: Readonly<Record<string, readonly string[]>> = {
  O: ['0'],
  o: ['0'],
  D: ['0'],
  Q: ['0'],
  I: ['1'],
  l: ['1'],
  i: ['1'],
  '|': ['1'],
  Z: ['2'],
  z: ['2'],
  S: ['5', '8'],
  s: ['5'],
  B: ['8'],
  G: ['6'],
  b: ['6'],
  T: ['7'],
  g: ['9'],
  q: ['9'],
};

/** At most this many misread characters are undone: more is noise, not one identifier. */
const MAX_MISREADS = 3;

/** Whether `c` may be a misread digit. */
export const isConfusable = (c: string): boolean => DIGITS_OF[c] !== undefined;

/**
 * Every reading of `value` with the confusable characters at `positions` (indices where a digit must stand) read as
 * digits; empty when none is confusable there or more than `MAX_MISREADS` are.
 */
export function digitReadings(value: string, positions: readonly number[]): string[] {
  const at = positions.filter((i) => isConfusable(value[i] ?? ''));
  if (at.length === 0 || at.length > MAX_MISREADS) return [];
  let readings = [value];
  for (const i of at) readings = readings.flatMap((r) => DIGITS_OF[r[i]!]!.map((d) => r.slice(0, i) + d + r.slice(i + 1)));
  return readings;
}
