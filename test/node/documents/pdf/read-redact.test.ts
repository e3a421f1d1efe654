// Reading (pdf.js's operators through read.ts) and redaction (our content-stream parse through redact-page.ts) must
// place every glyph alike: the box a glyph is read in is the one that removes it, and no other glyph.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PDFPage } from 'pdf-lib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { parseContentStream } from '../../../../src/documents/pdf/content-stream.js';
import { grow, transformBox } from '../../../../src/documents/pdf/geometry.js';
import { openPdfjs } from '../../../../src/documents/pdf/pdfjs.js';
import type { PdfPageText } from '../../../../src/documents/pdf/read.js';
import { readPage } from '../../../../src/documents/pdf/read.js';
import { redactPageContent } from '../../../../src/documents/pdf/redact-page.js';
import { isShowOperator } from '../../../../src/documents/pdf/text-state.js';
import { nodePdfjs } from '../../../../src/platform/node/pdfjs.js';
import { addContent, identityHPage } from './fixtures.js';
import { glyphsOf } from './ttf.js';

const PDFJS = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const LIBERATION = join(PDFJS, 'standard_fonts', 'LiberationSans-Regular.ttf');
/** What anonymize-pdf grows a PII glyph box by before redacting. */
const AREA_MARGIN = 0.3;
const CROP = { x0: -1, y0: -1, x1: 596, y1: 843 };

const enc = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

/** Every text state operator, `cm` and `q`/`Q` around and between text objects, on Helvetica (`/F1`). */
const HELVETICA_OPS = [
  'q 1 0 0 1 20 -15 cm',
  'BT /F1 12 Tf 14 TL 50 760 Td',
  '2 Tc 5 Tw 120 Tz (Alpha Beta) Tj',
  'T* 0 Tc 0 Tw 100 Tz (Gamma) Tj',
  "(Delta Epsilon) '",
  '7 1.5 (Zeta Eta) "',
  '3 Ts [(Theta) -300 (Iota)] TJ 0 Ts',
  '0 -20 TD (Kappa) Tj T* (Lambda) Tj',
  'ET',
  'q 0 1 -1 0 400 300 cm BT /F1 10 Tf 80 Tz 1 0 0 1 0 0 Tm (Mu Nu) Tj ET Q',
  'Q',
  'BT /F1 11 Tf 50 200 Td -0.5 Tc (Xi Omicron) Tj ET',
  // A negative size turns the glyphs by 180°: they run left and hang below the baseline.
  'BT /F1 -11 Tf 300 150 Td (Pi Rho) Tj ET',
].join('\n');

interface Fixture {
  bytes: Uint8Array;
  doc: PDFDocument;
  page: PDFPage;
  content: Uint8Array;
  /** Bytes per character code of the page's one font. */
  n: 1 | 2;
}

async function helveticaPage(): Promise<Fixture> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  await addContent(doc, page, HELVETICA_OPS);
  return { bytes: await doc.save(), doc, page, content: enc(HELVETICA_OPS), n: 1 };
}

/**
 * An Identity-H font (2-byte codes) under word spacing: a space glyph and the code 0x0020 are shown, and neither may
 * get Tw, which applies to the single-byte code 32 only.
 */
async function identityHFixture(): Promise<Fixture> {
  const doc = await PDFDocument.create();
  const ttf = new Uint8Array(readFileSync(LIBERATION));
  const glyphs = [...glyphsOf(ttf, 'Ab C'), { gid: 0x20, width: 600 }, ...glyphsOf(ttf, 'd e')];
  const { page, hex } = identityHPage(doc, ttf, glyphs);
  const ops = `BT /F0 20 Tf 50 700 Td 9 Tw 1 Tc 110 Tz <${hex}> Tj ET`;
  await addContent(doc, page, ops);
  return { bytes: await doc.save(), doc, page, content: enc(ops), n: 2 };
}

async function read(bytes: Uint8Array): Promise<PdfPageText> {
  const source = nodePdfjs();
  const doc = await openPdfjs(source, bytes);
  try {
    return await readPage(await source.load(), await doc.getPage(1));
  } finally {
    await doc.destroy();
  }
}

/** The character codes a content stream shows, in order, as hex. */
function codes(content: Uint8Array, n: number): string[] {
  const out: string[] = [];
  for (const o of parseContentStream(content).filter((x) => isShowOperator(x.op))) {
    for (const operand of o.operands.flatMap((x) => (x.kind === 'array' ? x.items : [x]))) {
      if (operand.kind !== 'string') continue;
      for (let i = 0; i + n <= operand.bytes.length; i += n) out.push(Buffer.from(operand.bytes.subarray(i, i + n)).toString('hex'));
    }
  }
  return out;
}

/** Redacts the read boxes of the glyphs at `indices` (grown as anonymize-pdf grows them). */
function redact(f: Fixture, text: PdfPageText, indices: number[]) {
  const areas = indices.map((i) => {
    const b = text.glyphs[i]!.box;
    return grow(transformBox(text.toUser, b.x0, b.y0, b.x1, b.y1), AREA_MARGIN);
  });
  return redactPageContent(f.doc.context, f.content, f.page.node.Resources(), { areas, crop: CROP });
}

/** For every glyph read: redacting its box removes exactly that glyph from the content, and nothing else. */
async function everyGlyphAlone(f: Fixture): Promise<number> {
  const text = await read(f.bytes);
  const all = codes(f.content, f.n);
  expect(text.glyphs).toHaveLength(all.length);
  let checked = 0;
  text.glyphs.forEach((g, i) => {
    if (g.text === ' ') return;
    const r = redact(f, text, [i]);
    expect(r.removedGlyphs, `glyph ${i} (${g.text})`).toBe(1);
    expect(codes(r.content, f.n), `glyph ${i} (${g.text})`).toEqual(all.filter((_, k) => k !== i));
    checked++;
  });
  return checked;
}

describe('reading and redaction place glyphs alike (one text state)', () => {
  it('Tc, Tw, Tz, TL, T*, Ts, TJ, \', ", TD, Tm, cm, q/Q, negative size: each glyph read is the one its box removes', async () => {
    const letters = 'AlphaBetaGammaDeltaEpsilonZetaEtaThetaIotaKappaLambdaMuNuXiOmicronPiRho';
    expect(await everyGlyphAlone(await helveticaPage())).toBe(letters.length);
  });

  it('redacting every word read leaves only the spaces between them', async () => {
    const f = await helveticaPage();
    const text = await read(f.bytes);
    const letters = text.glyphs.flatMap((g, i) => (g.text === ' ' ? [] : [i]));
    const r = redact(f, text, letters);
    expect(r.removedGlyphs).toBe(letters.length);
    expect(codes(r.content, 1).every((c) => c === '20')).toBe(true);
  });

  it('2-byte codes (Identity-H) get no word spacing, not even the code 0x0020', async () => {
    const f = await identityHFixture();
    expect(await everyGlyphAlone(f)).toBeGreaterThanOrEqual(6);
  });
});
