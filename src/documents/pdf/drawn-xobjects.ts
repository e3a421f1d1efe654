import type { PDFContext, PDFDict } from 'pdf-lib';
import { PDFName, PDFStream } from 'pdf-lib';
import { parseContentStream } from './content-stream.js';
import { nameOf, resolve } from './objects.js';
import { decodeStream } from './streams.js';

/** Deepest chain of forms followed (resource cycles are refused before this runs). */
const MAX_DEPTH = 12;

/**
 * The names of `xobjects` (a page's XObject resources) that `content` draws with `Do`, directly or from a form that
 * has no resources of its own and so draws from the page's. A form the rewrite copied is drawn under its copy's name:
 * its original is then no longer drawn, and must not stay in the page's resources (the writer would copy it, and its
 * text with it, into the output).
 */
export function drawnXObjects(ctx: PDFContext, content: Uint8Array, xobjects: PDFDict): Set<string> {
  const drawn = new Set<string>();
  const visit = (bytes: Uint8Array, depth: number) => {
    for (const op of parseContentStream(bytes)) {
      if (op.op !== 'Do' || op.operands[0]?.kind !== 'name') continue;
      const name = op.operands[0].value;
      if (drawn.has(name)) continue;
      drawn.add(name);
      const target = resolve(ctx, xobjects.get(PDFName.of(name)));
      if (depth >= MAX_DEPTH || !(target instanceof PDFStream)) continue;
      if (nameOf(ctx, target.dict.get(PDFName.of('Subtype'))) !== 'Form' || target.dict.has(PDFName.of('Resources'))) continue;
      try {
        visit(decodeStream(ctx, target), depth + 1);
      } catch {
        // An unreadable form draws nothing a reader sees; the redactor refused the page if it had to read it.
      }
    }
  };
  visit(content, 0);
  return drawn;
}
