/**
 * A PDF as a scanner gives it back: each page rendered (pdf.js, @napi-rs/canvas) at `dpi` and placed as the only
 * content of a page of the same size (pdf-lib). A clean, straight scan: what OCR reads at its best.
 */
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { nodePdfjs } from '../../src/platform/node/pdfjs.js';

export async function scanOf(pdf: Uint8Array, dpi = 200): Promise<Uint8Array> {
  const source = nodePdfjs();
  const pdfjs = await source.load();
  const doc = await pdfjs.getDocument({ data: pdf.slice(), ...source.assets, isEvalSupported: false, verbosity: 0 }).promise;
  // A scanner writes no pdf-lib producer into the file.
  const out = await PDFDocument.create({ updateMetadata: false });
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const size = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: dpi / 72 });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({
        canvas: canvas as unknown as HTMLCanvasElement,
        canvasContext: context as unknown as CanvasRenderingContext2D,
        viewport,
      }).promise;
      const image = await out.embedPng(await canvas.encode('png'));
      out.addPage([size.width, size.height]).drawImage(image, { x: 0, y: 0, width: size.width, height: size.height });
    }
  } finally {
    await doc.destroy();
  }
  return out.save();
}

/**
 * Where `needle` best matches a substring of `hay` (fewest edits: OCR misreads a character here and there), from
 * index `from` on: its start and end, or null when the best match needs more than a fifth of the needle's length in
 * edits (at least one allowed). Sellers' approximate substring search, O(needle × hay).
 */
export function approximateFind(hay: string, needle: string, from = 0): { start: number; end: number } | null {
  const n = needle.length;
  if (n === 0) return null;
  const limit = Math.max(1, Math.floor(n / 5));
  // cost[i]: edits to match needle[0, i) ending at the current hay position; start[i]: where that match starts.
  let cost = Array.from({ length: n + 1 }, (_, i) => i);
  let start = new Array<number>(n + 1).fill(from);
  let best: { start: number; end: number; cost: number } | null = null;
  for (let j = from; j < hay.length; j++) {
    const nextCost = [0];
    const nextStart = [j + 1];
    for (let i = 1; i <= n; i++) {
      const sub = cost[i - 1]! + (needle[i - 1] === hay[j] ? 0 : 1);
      const del = cost[i]! + 1;
      const ins = nextCost[i - 1]! + 1;
      const min = Math.min(sub, del, ins);
      nextCost.push(min);
      nextStart.push(min === sub ? start[i - 1]! : min === del ? start[i]! : nextStart[i - 1]!);
    }
    cost = nextCost;
    start = nextStart;
    if (cost[n]! <= limit && (best === null || cost[n]! < best.cost)) best = { start: start[n]!, end: j + 1, cost: cost[n]! };
    // The first exact match is the one.
    if (best?.cost === 0) break;
  }
  return best && { start: best.start, end: best.end };
}
