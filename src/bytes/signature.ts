/** Whether `bytes` hold `magic` at `at` (a file signature). */
export function hasSignature(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  if (bytes.length < at + magic.length) return false;
  return magic.every((b, i) => bytes[at + i] === b);
}

/** Where the ASCII string `needle` first starts in `bytes[from, to)`, or -1. */
export function indexOfAscii(bytes: Uint8Array, needle: string, from = 0, to = bytes.length): number {
  const codes = [...needle].map((c) => c.charCodeAt(0));
  const end = Math.min(to, bytes.length) - codes.length;
  outer: for (let i = Math.max(0, from); i <= end; i++) {
    for (let j = 0; j < codes.length; j++) if (bytes[i + j] !== codes[j]) continue outer;
    return i;
  }
  return -1;
}
