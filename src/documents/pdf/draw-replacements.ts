import type { PDFFont, PDFPage } from 'pdf-lib';
import { PDFArray, PDFName } from 'pdf-lib';
import type { Edit } from '../../replacement/apply.js';
import type { Box } from '../../spec/types.js';
import { apply } from './geometry.js';
import { lineBoxesOfRange } from './paragraphs.js';
import type { PdfPageText } from './read.js';
import type { ReadParagraph } from './read-pages.js';

/** Characters the standard Helvetica (WinAnsi) can draw; others become `?`. */
function drawable(font: PDFFont, text: string): string {
  const set = new Set(font.getCharacterSet());
  return [...text].map((c) => (set.has(c.codePointAt(0)!) ? c : '?')).join('');
}

/** A number as a content-stream operand (no exponent, four decimals at most). */
function operand(v: number): string {
  return String(Math.round(v * 1e4) / 1e4);
}

/**
 * Draws each edit's replacement where the first line of its original was; returns its box (top-left coordinates).
 * Measured on the page as viewed and drawn along the viewed horizontal, so on a rotated page (/Rotate with content
 * turned the other way, as scanners and landscape exports write it) the label stays upright with the text around it.
 * The labels are written as one content stream of bytes appended to the page: pdf-lib's `drawText` would hold an
 * object per operator and operand until the file is saved, which a long document with many entities pays per page.
 */
export function drawReplacements(page: PDFPage, font: PDFFont, text: PdfPageText, paragraphs: readonly ReadParagraph[]): Map<Edit, Box> {
  const drawn = new Map<Edit, Box>();
  const radians = Math.atan2(text.toUser[1], text.toUser[0]);
  const turn = Math.abs((radians * 180) / Math.PI) > 0.01;
  const [cos, sin] = turn ? [Math.cos(radians), Math.sin(radians)] : [1, 0];
  const shown: string[] = [];
  for (const p of paragraphs) {
    for (const e of p.edits) {
      const first = lineBoxesOfRange(p.paragraph, e.start, e.end)[0];
      if (!first) continue;
      const label = drawable(font, e.replacement.replace(/\s+/g, ' '));
      if (label.trim() === '') continue;
      const h = first.y1 - first.y0;
      const w = first.x1 - first.x0;
      const natural = font.widthOfTextAtSize(label, 1);
      const size = Math.max(3, Math.min(h * 0.75, natural > 0 ? w / natural : h));
      const baseline = first.y1 - h * 0.2;
      const [x, y] = apply(text.toUser, first.x0, baseline);
      const matrix = [cos, sin, -sin, cos, x, y].map(operand).join(' ');
      shown.push(`q BT 0 0 0 rg /{font} ${operand(size)} Tf ${matrix} Tm ${font.encodeText(label).toString()} Tj ET Q`);
      drawn.set(e, { x0: first.x0, y0: baseline - size * 0.8, x1: first.x0 + natural * size, y1: baseline + size * 0.2 });
    }
  }
  if (shown.length > 0) {
    const key = page.node.newFontDictionary(font.name, font.ref).toString();
    const content = shown.join('\n').replaceAll('/{font}', key);
    const context = page.doc.context;
    const ref = context.register(context.flateStream(content));
    // After the page's own rewritten stream (a later rewrite replaces that first entry only).
    const contents = page.node.get(PDFName.of('Contents'));
    if (contents instanceof PDFArray) contents.push(ref);
    else page.node.set(PDFName.of('Contents'), context.obj(contents ? [contents, ref] : [ref]));
  }
  return drawn;
}
