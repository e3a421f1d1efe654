/**
 * Case augmentation. Real documents write letterheads, addressee blocks, signatures and headings in ALL CAPS or Title
 * Case, and a model trained only on mixed case misses names there. The style is chosen per document (Ctx.caseStyle)
 * and applied to pieces before DocBuilder computes offsets, so the spans stay exact even where upper-casing changes a
 * length ("ß" → "SS").
 */
import type { Rng } from './core.js';
import type { CaseStyle, Out } from './core.js';

/** What a style needs of a document's context. */
interface Styled {
  caseStyle: CaseStyle;
}

export type { CaseStyle };

export function pickCaseStyle(rng: Rng): CaseStyle {
  return rng.weighted([
    [90, 'plain'],
    [6, 'upper'],
    [4, 'title'],
  ] as const);
}

function mapText(out: Out, f: (s: string) => string): Out {
  return out.map((p) => (typeof p === 'string' ? f(p) : { ...p, text: f(p.text) }));
}

const toUpper = (s: string) => s.toUpperCase();
/** Capitalizes each word ("Antrag auf Wohngeld" → "Antrag Auf Wohngeld"), as headings often are. */
const toTitle = (s: string) => s.replace(/(^|[\s\-/(„"])(\p{Ll})/gu, (_, pre: string, c: string) => pre + c.toUpperCase());

/** A heading or subject line: ALL CAPS or Title Case under those styles. */
export function heading(ctx: Styled, out: Out): Out {
  if (ctx.caseStyle === 'upper') return mapText(out, toUpper);
  if (ctx.caseStyle === 'title') return mapText(out, toTitle);
  return out;
}

/** A letterhead, addressee block or signature: ALL CAPS under the upper style. */
export function block(ctx: Styled, out: Out): Out {
  return ctx.caseStyle === 'upper' ? mapText(out, toUpper) : out;
}
