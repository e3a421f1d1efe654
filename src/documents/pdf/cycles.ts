import type { PDFContext, PDFObject } from 'pdf-lib';
import { PDFArray, PDFDict, PDFName, PDFRef, PDFStream } from 'pdf-lib';

/** Bound on objects visited while looking for cycles. */
const MAX_VISITS = 200_000;

function dictOfObject(o: PDFObject | undefined): PDFDict | undefined {
  if (o instanceof PDFDict) return o;
  if (o instanceof PDFStream) return o.dict;
  return undefined;
}

/**
 * True when a content-bearing object (form, tiling pattern, Type3 font: anything with /Resources) reaches itself
 * through resources, e.g. Form → Pattern → Form (reliability H1). pdf.js 5.5 builds an unbounded operator list for
 * such a cycle, so the file is refused before pdf.js reads it. Also true when the walk exceeds its budget.
 */
export function hasResourceCycle(ctx: PDFContext, roots: readonly PDFDict[]): boolean {
  const state = new Map<PDFRef, 1 | 2>();
  let visits = 0;
  // The refs of resource-holding objects reachable from a resources value without passing through another one.
  const children = (resources: PDFObject | undefined): PDFRef[] => {
    const out: PDFRef[] = [];
    const seen = new Set<PDFObject>();
    const todo: Array<[PDFObject | undefined, number]> = [[resources, 0]];
    while (todo.length > 0) {
      const [o, depth] = todo.pop()!;
      if (!o || seen.has(o) || depth > 8 || ++visits > MAX_VISITS) continue;
      seen.add(o);
      if (o instanceof PDFRef) {
        const target = ctx.lookup(o);
        if (dictOfObject(target)?.has(PDFName.of('Resources'))) out.push(o);
        else todo.push([target, depth + 1]);
      } else if (o instanceof PDFArray) for (const x of o.asArray()) todo.push([x, depth + 1]);
      else if (o instanceof PDFDict) for (const [, v] of o.entries()) todo.push([v, depth + 1]);
    }
    return out;
  };
  const visit = (ref: PDFRef): boolean => {
    const s = state.get(ref);
    if (s === 1) return true;
    if (s === 2) return false;
    state.set(ref, 1);
    const d = dictOfObject(ctx.lookup(ref));
    for (const c of children(d?.get(PDFName.of('Resources')))) if (visit(c)) return true;
    state.set(ref, 2);
    return visits > MAX_VISITS;
  };
  for (const page of roots) for (const c of children(page.get(PDFName.of('Resources')))) if (visit(c)) return true;
  return visits > MAX_VISITS;
}
