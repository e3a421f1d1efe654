import type { PDFContext, PDFObject } from 'pdf-lib';
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRef, PDFStream } from 'pdf-lib';

/** Follows a reference (once per hop, at most a few hops: reference chains are not legal, only tolerated). */
export function resolve(ctx: PDFContext, obj: PDFObject | undefined): PDFObject | undefined {
  let o = obj;
  for (let i = 0; i < 4 && o instanceof PDFRef; i++) o = ctx.lookup(o);
  return o instanceof PDFRef ? undefined : o;
}

/** The entry `key` of `dict`, resolved. */
export function entry(ctx: PDFContext, dict: PDFDict | undefined, key: string): PDFObject | undefined {
  return dict ? resolve(ctx, dict.get(PDFName.of(key))) : undefined;
}

/** A dictionary entry (a stream's dictionary counts), or undefined. */
export function dictOf(ctx: PDFContext, obj: PDFObject | undefined): PDFDict | undefined {
  const o = resolve(ctx, obj);
  if (o instanceof PDFDict) return o;
  if (o instanceof PDFStream) return o.dict;
  return undefined;
}

/** A number entry, or undefined. */
export function numberOf(ctx: PDFContext, obj: PDFObject | undefined): number | undefined {
  const o = resolve(ctx, obj);
  return o instanceof PDFNumber ? o.asNumber() : undefined;
}

/** A name entry without the slash, or undefined. */
export function nameOf(ctx: PDFContext, obj: PDFObject | undefined): string | undefined {
  const o = resolve(ctx, obj);
  return o instanceof PDFName ? o.decodeText() : undefined;
}

/** An array entry's items (unresolved), or []. */
export function arrayOf(ctx: PDFContext, obj: PDFObject | undefined): PDFObject[] {
  const o = resolve(ctx, obj);
  return o instanceof PDFArray ? o.asArray() : [];
}
