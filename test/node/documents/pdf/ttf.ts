// Reads just enough of a TrueType font for a test fixture: glyph ids (cmap format 4) and advance widths (hmtx).

/** Glyph id and advance width (1/1000 em) of every character of `text` in `font`. */
export function glyphsOf(font: Uint8Array, text: string): Array<{ gid: number; width: number }> {
  const v = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = new Map<string, number>();
  for (let i = 0; i < v.getUint16(4); i++) {
    const at = 12 + i * 16;
    tables.set(String.fromCharCode(...font.subarray(at, at + 4)), v.getUint32(at + 8));
  }
  const head = tables.get('head')!;
  const unitsPerEm = v.getUint16(head + 18);
  const hhea = tables.get('hhea')!;
  const metrics = v.getUint16(hhea + 34);
  const hmtx = tables.get('hmtx')!;
  const cmap = tables.get('cmap')!;
  let sub = -1;
  for (let i = 0; i < v.getUint16(cmap + 2); i++) {
    const at = cmap + 4 + i * 8;
    if (v.getUint16(at) === 3 && v.getUint16(at + 2) === 1) sub = cmap + v.getUint32(at + 4);
  }
  const segs = v.getUint16(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + segs * 2 + 2;
  const deltas = starts + segs * 2;
  const offsets = deltas + segs * 2;
  const gidOf = (c: number): number => {
    for (let s = 0; s < segs; s++) {
      if (c > v.getUint16(ends + s * 2) || c < v.getUint16(starts + s * 2)) continue;
      const ro = v.getUint16(offsets + s * 2);
      const g = ro === 0 ? c : v.getUint16(offsets + s * 2 + ro + (c - v.getUint16(starts + s * 2)) * 2);
      return g === 0 ? 0 : (g + v.getInt16(deltas + s * 2)) & 0xffff;
    }
    return 0;
  };
  return [...text].map((ch) => {
    const gid = gidOf(ch.codePointAt(0)!);
    const width = v.getUint16(hmtx + Math.min(gid, metrics - 1) * 4);
    return { gid, width: Math.round((width * 1000) / unitsPerEm) };
  });
}
