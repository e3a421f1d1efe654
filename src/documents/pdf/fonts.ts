import type { PDFContext, PDFDict } from 'pdf-lib';
import { PDFArray, PDFName, StandardFontEmbedder, StandardFonts } from 'pdf-lib';
import { arrayOf, dictOf, entry, nameOf, numberOf, resolve } from './objects.js';

/** How the redactor reads a font's string bytes: code length and advance width (glyph units, 1/1000 em). */
export interface FontMetrics {
  bytesPerCode: 1 | 2;
  width(code: number): number;
  /**
   * False when glyph positions cannot be computed safely from the font dictionary (Type3, CMaps other than
   * Identity-H, simple fonts without widths that are not one of the standard 14): the page is rasterised instead.
   */
  safe: boolean;
}

const UNSAFE: FontMetrics = { bytesPerCode: 1, width: () => 0, safe: false };

/** Names of the standard 14 fonts, with the aliases producers use for them. */
const STANDARD_ALIASES: Record<string, StandardFonts> = {
  Helvetica: StandardFonts.Helvetica,
  'Helvetica-Bold': StandardFonts.HelveticaBold,
  'Helvetica-Oblique': StandardFonts.HelveticaOblique,
  'Helvetica-BoldOblique': StandardFonts.HelveticaBoldOblique,
  Arial: StandardFonts.Helvetica,
  'Arial,Bold': StandardFonts.HelveticaBold,
  'Arial,Italic': StandardFonts.HelveticaOblique,
  'Arial,BoldItalic': StandardFonts.HelveticaBoldOblique,
  'Times-Roman': StandardFonts.TimesRoman,
  'Times-Bold': StandardFonts.TimesRomanBold,
  'Times-Italic': StandardFonts.TimesRomanItalic,
  'Times-BoldItalic': StandardFonts.TimesRomanBoldItalic,
  TimesNewRoman: StandardFonts.TimesRoman,
  'TimesNewRoman,Bold': StandardFonts.TimesRomanBold,
  Courier: StandardFonts.Courier,
  'Courier-Bold': StandardFonts.CourierBold,
  'Courier-Oblique': StandardFonts.CourierOblique,
  'Courier-BoldOblique': StandardFonts.CourierBoldOblique,
  CourierNew: StandardFonts.Courier,
  Symbol: StandardFonts.Symbol,
  ZapfDingbats: StandardFonts.ZapfDingbats,
};

const embedders = new Map<StandardFonts, { glyphOf: Map<number, string>; width: (glyph: string) => number }>();

function standardFont(name: StandardFonts) {
  let e = embedders.get(name);
  if (!e) {
    const embedder = StandardFontEmbedder.for(name as unknown as Parameters<typeof StandardFontEmbedder.for>[0]);
    const glyphOf = new Map<number, string>();
    for (const cp of embedder.encoding.supportedCodePoints) {
      const { code, name: glyph } = embedder.encoding.encodeUnicodeCodePoint(cp);
      glyphOf.set(code, glyph);
    }
    e = { glyphOf, width: (glyph) => embedder.font.getWidthOfGlyph(glyph) ?? 0 };
    embedders.set(name, e);
  }
  return e;
}

function differences(ctx: PDFContext, font: PDFDict): Map<number, string> {
  const map = new Map<number, string>();
  const enc = dictOf(ctx, font.get(PDFName.of('Encoding')));
  let code = 0;
  for (const item of arrayOf(ctx, enc?.get(PDFName.of('Differences')))) {
    const n = numberOf(ctx, item);
    if (n !== undefined) code = n;
    else {
      const glyph = nameOf(ctx, item);
      if (glyph !== undefined) map.set(code++, glyph);
    }
  }
  return map;
}

function simpleFont(ctx: PDFContext, font: PDFDict): FontMetrics {
  const widths = arrayOf(ctx, font.get(PDFName.of('Widths')));
  if (widths.length > 0) {
    const first = numberOf(ctx, font.get(PDFName.of('FirstChar'))) ?? 0;
    const missing = numberOf(ctx, dictOf(ctx, font.get(PDFName.of('FontDescriptor')))?.get(PDFName.of('MissingWidth'))) ?? 0;
    const table = widths.map((w) => numberOf(ctx, w) ?? missing);
    return { bytesPerCode: 1, width: (code) => table[code - first] ?? missing, safe: true };
  }
  const base = (nameOf(ctx, font.get(PDFName.of('BaseFont'))) ?? '').replace(/^[A-Z]{6}\+/, '');
  const standard = STANDARD_ALIASES[base];
  if (!standard) return UNSAFE;
  const metrics = standardFont(standard);
  const diffs = differences(ctx, font);
  return { bytesPerCode: 1, width: (code) => metrics.width(diffs.get(code) ?? metrics.glyphOf.get(code) ?? '.notdef'), safe: true };
}

function type0Font(ctx: PDFContext, font: PDFDict): FontMetrics {
  if (nameOf(ctx, font.get(PDFName.of('Encoding'))) !== 'Identity-H') return UNSAFE;
  const cid = dictOf(ctx, arrayOf(ctx, font.get(PDFName.of('DescendantFonts')))[0]);
  if (!cid) return UNSAFE;
  const dw = numberOf(ctx, cid.get(PDFName.of('DW'))) ?? 1000;
  const table = new Map<number, number>();
  const w = arrayOf(ctx, cid.get(PDFName.of('W')));
  for (let i = 0; i < w.length;) {
    const first = numberOf(ctx, w[i]);
    const next = resolve(ctx, w[i + 1]);
    if (first === undefined) break;
    if (next instanceof PDFArray) {
      arrayOf(ctx, next).forEach((v, k) => table.set(first + k, numberOf(ctx, v) ?? dw));
      i += 2;
    } else {
      const last = numberOf(ctx, next);
      const width = numberOf(ctx, w[i + 2]);
      if (last === undefined || width === undefined || last - first > 65535) break;
      for (let c = first; c <= last; c++) table.set(c, width);
      i += 3;
    }
  }
  return { bytesPerCode: 2, width: (code) => table.get(code) ?? dw, safe: true };
}

/** Metrics of a font dictionary as the redactor needs them; unknown kinds are unsafe. */
export function fontMetrics(ctx: PDFContext, font: PDFDict | undefined): FontMetrics {
  if (!font) return UNSAFE;
  const subtype = nameOf(ctx, entry(ctx, font, 'Subtype'));
  if (subtype === 'Type0') return type0Font(ctx, font);
  if (subtype === 'Type1' || subtype === 'TrueType' || subtype === 'MMType1') return simpleFont(ctx, font);
  return UNSAFE;
}
