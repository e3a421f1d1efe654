// CRC-32 (ISO-HDLC, the ZIP checksum). fflate computes one internally but does not export it.

/** Eight 256-entry tables for slice-by-8: a byte-at-a-time loop is too slow for tens of MiB of inflated parts. */
const TABLES = (() => {
  const t = new Int32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    for (let s = 1; s < 8; s++) t[s * 256 + n] = (t[(s - 1) * 256 + n]! >>> 8) ^ t[t[(s - 1) * 256 + n]! & 0xff]!;
  }
  return t;
})();

/** The CRC-32 of `bytes`, as an unsigned 32-bit number. */
export function crc32(bytes: Uint8Array): number {
  const t = TABLES;
  let c = -1;
  let i = 0;
  const fast = bytes.length - (bytes.length % 8);
  for (; i < fast; i += 8) {
    const lo = c ^ (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24));
    c =
      t[1792 + (lo & 0xff)]! ^
      t[1536 + ((lo >>> 8) & 0xff)]! ^
      t[1280 + ((lo >>> 16) & 0xff)]! ^
      t[1024 + (lo >>> 24)]! ^
      t[768 + bytes[i + 4]!]! ^
      t[512 + bytes[i + 5]!]! ^
      t[256 + bytes[i + 6]!]! ^
      t[bytes[i + 7]!]!;
  }
  for (; i < bytes.length; i++) c = t[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}
