import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Operand } from '../../../../src/documents/pdf/content-stream.js';
import {
  ContentStreamError,
  latin1,
  makeOperation,
  num,
  parseContentStream,
  serializeContentStream,
} from '../../../../src/documents/pdf/content-stream.js';
import { UnsafePageError, redactPageContent } from '../../../../src/documents/pdf/redact-page.js';

const enc = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const str = (o: Operand | undefined) => (o?.kind === 'string' ? latin1(o.bytes) : null);

describe('content-stream tokenizer', () => {
  it('literal strings: escapes, octal codes, balanced parentheses and line continuations', () => {
    const [op] = parseContentStream(enc('(a\\(b\\)c \\n\\r\\t\\b\\f\\\\ \\101\\7\\0053 (nested (twice)) x\\\ny\\q) Tj'));
    expect(op!.op).toBe('Tj');
    expect(str(op!.operands[0])).toBe('a(b)c \n\r\t\b\f\\ A\u0007\u00053 (nested (twice)) xyq');
  });

  it('hex strings: white space inside, lower and upper case, an odd digit count padded with 0', () => {
    const ops = parseContentStream(enc('<48 65 6c6C 6F> Tj <414> Tj'));
    expect(ops.map((o) => str(o.operands[0]))).toEqual(['Hello', 'A@']);
    expect(() => parseContentStream(enc('<4G> Tj'))).toThrow(ContentStreamError);
    expect(() => parseContentStream(enc('<41 Tj'))).toThrow(ContentStreamError);
  });

  it('names with #-escapes, numbers (also malformed ones), comments, booleans as operands', () => {
    const ops = parseContentStream(enc('/A#20B 1 -2.5 .5 +3 --4 0.0.1 true null gs % a comment Tj\nQ'));
    expect(ops.map((o) => o.op)).toEqual(['gs', 'Q']);
    expect(ops[0]!.operands).toEqual([
      { kind: 'name', value: 'A B' },
      num(1),
      num(-2.5),
      num(0.5),
      num(3),
      num(0),
      num(0),
      { kind: 'keyword', value: 'true' },
      { kind: 'keyword', value: 'null' },
    ]);
  });

  it('nested arrays and dictionaries; operators inside arrays and deep nesting are refused', () => {
    const [op] = parseContentStream(enc('/Span << /ActualText (x) /K [1 [2 <</N [3]>>]] >> BDC'));
    const dict = op!.operands[1];
    expect(dict?.kind).toBe('dict');
    const k = dict?.kind === 'dict' ? dict.entries.get('K') : undefined;
    expect(k).toEqual({
      kind: 'array',
      items: [num(1), { kind: 'array', items: [num(2), { kind: 'dict', entries: new Map([['N', { kind: 'array', items: [num(3)] }]]) }] }],
    });
    expect(() => parseContentStream(enc('[1 Tj] TJ'))).toThrow(ContentStreamError);
    expect(() => parseContentStream(enc('['.repeat(40) + ']'.repeat(40) + ' TJ'))).toThrow(ContentStreamError);
    expect(() => parseContentStream(enc('[1 2 TJ'))).toThrow(ContentStreamError);
  });

  it('inline images: the dictionary, the data up to EI (even with "EI" inside the data) and byte-exact raw', () => {
    const src = 'q BI /W 2 /H 1 /CS /G /BPC 8 ID \u00ffEIx\u0000 EI Q';
    const ops = parseContentStream(enc(src));
    expect(ops.map((o) => o.op)).toEqual(['q', 'BI', 'Q']);
    const bi = ops[1]!;
    expect(bi.operands[0]).toEqual({
      kind: 'dict',
      entries: new Map([
        ['W', num(2)],
        ['H', num(1)],
        ['CS', { kind: 'name', value: 'G' }],
        ['BPC', num(8)],
      ]),
    });
    expect(latin1(bi.inlineData!)).toBe('\u00ffEIx\u0000');
    expect(latin1(bi.raw)).toBe('BI /W 2 /H 1 /CS /G /BPC 8 ID \u00ffEIx\u0000 EI');
    expect(() => parseContentStream(enc('BI /W 1 ID xx'))).toThrow(ContentStreamError);
  });

  it('untouched operations are written back byte for byte; new ones as text with hex strings', () => {
    const src = '0 0 1 rg\nBT /F1 12 Tf [(a) -120 (b)] TJ ET';
    const ops = parseContentStream(enc(src));
    expect(latin1(serializeContentStream(ops))).toBe('0 0 1 rg\nBT\n/F1 12 Tf\n[(a) -120 (b)] TJ\nET\n');
    expect(
      latin1(makeOperation('TJ', [{ kind: 'array', items: [{ kind: 'string', bytes: enc('(x)') }, num(-0.00001), num(1 / 3)] }]).raw),
    ).toBe('[<287829> 0 0.3333] TJ');
  });
});

describe('content-stream interpreter (redactPageContent)', () => {
  async function page() {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    await doc.flush(); // pdf-lib writes the font dictionary on flush
    const resources = doc.context.obj({ Font: { F1: font.ref } });
    return { ctx: doc.context, resources, width: (s: string, size: number) => font.widthOfTextAtSize(s, size) };
  }
  const crop = { x0: -1, y0: -1, x1: 596, y1: 843 };
  /** Strings drawn by the rewritten content, in order, and every number inside TJ arrays. */
  function shown(content: Uint8Array) {
    const ops = parseContentStream(content);
    const strings = ops
      .filter((o) => o.op === 'TJ' || o.op === 'Tj')
      .flatMap((o) => (o.op === 'TJ' && o.operands[0]?.kind === 'array' ? o.operands[0].items : o.operands))
      .map(str)
      .filter((s) => s !== null);
    const kerns = ops
      .filter((o) => o.op === 'TJ')
      .flatMap((o) => (o.operands[0]?.kind === 'array' ? o.operands[0].items : []))
      .filter((i) => i.kind === 'number');
    return { ops, strings, kerns };
  }

  it('TJ kerning: glyphs in the area go, survivors are re-positioned with Tm, kerning next to the removed word is gone', async () => {
    const { ctx, resources, width } = await page();
    // "AB" then kerning -500 then "SECRET" then kerning 250 then "CD", at 100,700, 10 pt.
    const x0 = 100 + width('AB', 10) + 5;
    const x1 = x0 + width('SECRET', 10);
    const content = enc('BT /F1 10 Tf 100 700 Td [(AB) -500 (SECRET) 250 (CD)] TJ ET');
    const r = redactPageContent(ctx, content, resources, { areas: [{ x0: x0 - 0.3, y0: 698, x1: x1 + 0.3, y1: 710 }], crop });
    expect(r.removedGlyphs).toBe(6);
    const { ops, strings, kerns } = shown(r.content);
    expect(strings.join('')).toBe('ABCD');
    expect(kerns).toEqual([]);
    const tms = ops.filter((o) => o.op === 'Tm').map((o) => o.operands.map((x) => (x.kind === 'number' ? x.value : NaN)));
    // The text move (as an absolute Tm), then one Tm per surviving run.
    expect(tms.slice(0, -1)).toEqual([
      [1, 0, 0, 1, 100, 700],
      [1, 0, 0, 1, 100, 700],
    ]);
    // CD starts after AB, the -500 kerning, SECRET and the 250 kerning: where it was drawn before.
    expect(tms.at(-1)![4]).toBeCloseTo(x1 - 2.5, 3);
    expect(tms.at(-1)![5]).toBe(700);
  });

  it('a text block without removals is copied byte for byte; invisible glyphs (3 Tr) always go', async () => {
    const { ctx, resources } = await page();
    const content = enc('BT /F1 10 Tf 100 700 Td (kept) Tj ET BT /F1 10 Tf 3 Tr 100 600 Td (ghost) Tj ET');
    const r = redactPageContent(ctx, content, resources, { areas: [], crop });
    expect(latin1(r.content)).toContain('(kept) Tj');
    expect(r.removedInvisibleGlyphs).toBe(5);
    expect(shown(r.content).strings).toEqual(['kept']);
  });

  it('escaped and hex strings are measured per byte: a word inside an escaped literal is removed exactly', async () => {
    const { ctx, resources, width } = await page();
    const before = '(a) ';
    const x0 = 100 + width(before, 10);
    const x1 = x0 + width('XY', 10);
    const content = enc('BT /F1 10 Tf 100 700 Td (\\(a\\) XY) Tj <20 5A> Tj ET');
    const r = redactPageContent(ctx, content, resources, { areas: [{ x0: x0 - 0.3, y0: 698, x1: x1 + 0.3, y1: 710 }], crop });
    expect(r.removedGlyphs).toBe(2);
    expect(shown(r.content).strings.join('')).toBe('(a)  Z');
  });

  it('a filled path mostly inside an area is dropped, clipping paths stay; an inline image under an area is dropped', async () => {
    const { ctx, resources } = await page();
    const content = enc(
      '10 10 50 20 re f 10 10 50 20 re W n 300 300 10 10 re f q 50 0 0 20 10 10 cm BI /W 1 /H 1 /CS /G /BPC 8 ID \u0080 EI Q',
    );
    const r = redactPageContent(ctx, content, resources, { areas: [{ x0: 0, y0: 0, x1: 70, y1: 40 }], crop });
    expect(r.removedPaths).toBe(1);
    expect(r.removedInlineImages).toBe(1);
    const ops = parseContentStream(r.content).map((o) => o.op);
    expect(ops.filter((o) => o === 'W')).toHaveLength(1);
    expect(ops.filter((o) => o === 'f')).toHaveLength(1);
    expect(ops).not.toContain('BI');
  });

  it('paths and inline images drawn inside a text block (not conforming, but viewers draw them) follow the same rules', async () => {
    const { ctx, resources } = await page();
    const inline = 'q 50 0 0 20 10 10 cm BI /W 1 /H 1 /CS /G /BPC 8 ID \u0080 EI Q';
    const unchanged = enc(`BT /F1 10 Tf 100 700 Td (kept) Tj 10 10 50 20 re f ${inline} 300 300 10 10 re f ET`);
    const r = redactPageContent(ctx, unchanged, resources, { areas: [{ x0: 0, y0: 0, x1: 70, y1: 40 }], crop });
    expect(r.removedPaths).toBe(1);
    expect(r.removedInlineImages).toBe(1);
    const ops = parseContentStream(r.content).map((o) => o.op);
    expect(ops.filter((o) => o === 'f')).toHaveLength(1);
    expect(ops).not.toContain('BI');
    expect(shown(r.content).strings).toEqual(['kept']);
    // The same inside a block that loses glyphs (re-emitted with absolute positions).
    const { width } = await page();
    const content = enc(`BT /F1 10 Tf 100 700 Td (ab) Tj 10 10 50 20 re f ${inline} ET`);
    const x1 = 100 + width('a', 10);
    const areas = [
      { x0: 0, y0: 0, x1: 70, y1: 40 },
      { x0: 99.7, y0: 698, x1: x1 + 0.3, y1: 710 },
    ];
    const again = redactPageContent(ctx, content, resources, { areas, crop });
    expect(again.removedPaths).toBe(1);
    expect(again.removedInlineImages).toBe(1);
    expect(again.removedGlyphs).toBe(1);
    expect(parseContentStream(again.content).map((o) => o.op)).not.toContain('BI');
    expect(shown(again.content).strings.join('')).toBe('b');
  });

  it('a font missing from the resources makes the page unsafe (it goes to the rasteriser)', async () => {
    const { ctx } = await page();
    expect(() =>
      redactPageContent(ctx, enc('BT /F9 10 Tf 100 700 Td (x) Tj ET'), ctx.obj({}), {
        areas: [{ x0: 90, y0: 690, x1: 200, y1: 720 }],
        crop,
      }),
    ).toThrow(UnsafePageError);
  });
});
