/** The Paeth predictor of PNG: whichever of left, up and up-left is closest to left + up − up-left. */
function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * Undoes PNG row filters (a Flate stream's `/Predictor` ≥ 10): every row starts with its filter type byte. `bpp` is
 * the bytes per pixel (at least 1). Null when the data is short or a row names an unknown filter.
 */
export function unpredictPng(data: Uint8Array, rowBytes: number, rows: number, bpp: number): Uint8Array | null {
  if (data.length < (rowBytes + 1) * rows) return null;
  const out = new Uint8Array(rowBytes * rows);
  for (let y = 0; y < rows; y++) {
    const type = data[y * (rowBytes + 1)];
    const src = y * (rowBytes + 1) + 1;
    const at = y * rowBytes;
    if (type === undefined || type > 4) return null;
    for (let i = 0; i < rowBytes; i++) {
      const x = data[src + i]!;
      const a = i >= bpp ? out[at + i - bpp]! : 0;
      const b = y > 0 ? out[at - rowBytes + i]! : 0;
      const c = i >= bpp && y > 0 ? out[at - rowBytes + i - bpp]! : 0;
      const predicted = type === 0 ? 0 : type === 1 ? a : type === 2 ? b : type === 3 ? (a + b) >> 1 : paeth(a, b, c);
      out[at + i] = (x + predicted) & 0xff;
    }
  }
  return out;
}
