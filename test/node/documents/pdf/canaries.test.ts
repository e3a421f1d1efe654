import { afterAll, describe, expect, it } from 'vitest';
import { createNodeDocumentAnonymizer } from '../../../../src/platform/node/platform.js';
import {
  CANARY,
  CANARY_CONFIG,
  blackBoxPdf,
  containersPdf,
  embeddedFigurePdf,
  hiddenTextPdf,
  incrementalPdf,
  JUSTIFIED_CONFIG,
  JUSTIFIED_NAME,
  formNamePdf,
  justifiedPdf,
  kernedLinePdf,
  letterPdf,
  metadataNamePdf,
  rotatedPdf,
} from './fixtures.js';
import { nodePdfjs } from '../../../../src/platform/node/pdfjs.js';
import { evidenceWith, whereFound } from './inspect.js';

const evidence = (bytes: Uint8Array) => evidenceWith(nodePdfjs(), bytes);

const engine = createNodeDocumentAnonymizer({ ner: false });
afterAll(() => engine.close());

const ALL = [CANARY.name, CANARY.mail, CANARY.hidden, CANARY.meta, 'ZQXN2', 'ZQXNAMELONGER'];

async function run(bytes: Uint8Array) {
  const result = await engine.anonymize(bytes, CANARY_CONFIG);
  const ev = await evidence(result.bytes);
  for (const c of ALL) expect(whereFound(ev, c), c).toEqual([]);
  const text = new TextDecoder('latin1').decode(result.bytes);
  expect(text.match(/%%EOF/g)).toHaveLength(1);
  expect(text.match(/startxref/g)).toHaveLength(1);
  return { result, ev };
}

describe('PDF canaries (reliability P1–P8)', () => {
  it('letter: canaries gone, replacements drawn in place, non-PII text and positions unchanged', async () => {
    const input = await letterPdf();
    const before = await evidence(input);
    const { result, ev } = await run(input);
    expect(result.documentType).toBe('PDF');
    expect(result.extension).toBe('pdf');
    expect(result.verification).toMatchObject({ passed: true, leaks: [] });
    expect(ev.text).toContain('PER-1');
    expect(ev.text).toContain('MAIL-1');
    const kept = before.items.filter((i) => !i.str.includes(CANARY.name) && !i.str.includes(CANARY.mail));
    for (const k of kept)
      expect(
        ev.items.some((o) => o.str === k.str && Math.abs(o.x - k.x) < 0.01 && Math.abs(o.y - k.y) < 0.01),
        k.str,
      ).toBe(true);
    // Surviving parts of a line with PII stay where they were.
    const after = ev.items.find((i) => i.str.startsWith(', thank you'));
    const original = before.items.find((i) => i.str.startsWith('Dear'))!;
    expect(after).toBeDefined();
    expect(after!.y).toBeCloseTo(original.y, 3);
  });

  it('P1: a canary under a drawn black box and in a redaction annotation is removed from the content stream', async () => {
    const { result, ev } = await run(await blackBoxPdf());
    expect(ev.text).toContain('Name:');
    expect(ev.text).toContain('here');
    expect(result.verification?.passed).toBe(true);
  });

  it('P2: a canary only in an earlier incremental revision does not survive the full rewrite', async () => {
    const input = await incrementalPdf();
    const inInput = whereFound(await evidence(input), CANARY.name);
    expect(inInput.some((w) => w.startsWith('stream'))).toBe(true);
    expect(inInput).not.toContain('text');
    const { ev } = await run(input);
    expect(ev.text).toContain('Clean revision');
  });

  it('P4: invisible text, text beyond the crop box, white-on-white PII and ActualText are removed', async () => {
    const { ev } = await run(await hiddenTextPdf());
    expect(ev.text).toContain('Visible words stay here');
    expect(ev.text).toContain('Tagged text');
  });

  it('P5: every container (Info, XMP, outlines, annotations, form, attachments, JavaScript, structure, labels, thumbnail) is dropped and listed', async () => {
    const { result, ev } = await run(await containersPdf());
    expect(ev.text).toContain('A page with ordinary text');
    const raw = ev.raw;
    for (const key of [
      '/OpenAction',
      '/JavaScript',
      '/EmbeddedFile',
      '/AcroForm',
      '/Outlines',
      '/StructTreeRoot',
      '/PageLabels',
      '/Thumb',
      '/Annots',
      '/Metadata',
      '/Author',
    ])
      expect(raw, key).not.toContain(key);
    const listed = result.pageData.flatMap((p) => p.textData.detections.ents.map((e) => e.text));
    expect(listed).toEqual(expect.arrayContaining([CANARY.name, CANARY.meta, CANARY.mail]));
  });

  it("P5: a figure's private keys (pdfTeX PTEX.InfoDict and file name) and an image's XMP are dropped with all they reach, and listed", async () => {
    const { result, ev } = await run(await embeddedFigurePdf());
    expect(ev.text).toContain('Figure text');
    for (const key of ['/PTEX', '/Metadata', '/Author']) expect(ev.raw, key).not.toContain(key);
    const listed = result.pageData.flatMap((p) => p.textData.detections.ents.map((e) => e.text));
    expect(listed).toEqual(expect.arrayContaining([CANARY.name, 'ZQXN2', 'ZQXNAMELONGER']));
  });

  it('a name detected only in a container (Info /Author) is redacted on the pages too, not left to fail verification', async () => {
    const result = await engine.anonymize(await metadataNamePdf(), CANARY_CONFIG);
    expect(result.verification).toMatchObject({ passed: true, stats: { removedGlyphs: 9 } });
    const ev = await evidence(result.bytes);
    expect(whereFound(ev, 'Zqxpotato')).toEqual([]);
    expect(result.pageData.map((p) => p.textData.detections.ents.map((e) => e.text))).toEqual([['Zqxpotato'], ['Zqxpotato']]);
  });

  it('a rotated page: the replacement is drawn upright with the text around it, on its line', async () => {
    const input = await rotatedPdf();
    const before = (await evidence(input)).items[0]!;
    const { result, ev } = await run(input);
    expect(result.verification?.passed).toBe(true);
    const label = ev.items.find((i) => i.str === 'PER-1')!;
    const rest = ev.items.find((i) => i.str.includes('thank you'))!;
    const doc = await (await import('pdf-lib')).PDFDocument.load(result.bytes);
    expect(doc.getPage(0).getRotation().angle).toBe(90);
    // Same orientation as the original text: the label runs along user-space +y like "Dear …", at the same x.
    expect([before.angle, label.angle, rest.angle]).toEqual([90, 90, 90]);
    expect(label.x).toBeCloseTo(before.x, 0);
    expect(label.y).toBeGreaterThan(before.y);
    expect(label.y).toBeLessThan(rest.y);
    expect(rest.x).toBeCloseTo(before.x, 3);
  });

  it('P8: names of different lengths on one kerned line: survivors at absolute positions, no adjustment next to a name survives', async () => {
    const input = await kernedLinePdf();
    const before = await evidence(input);
    const { ev } = await run(input);
    const streams = ev.streams.join('\n');
    for (const kern of ['-137', '-241', '53', '-319']) expect(streams).not.toMatch(new RegExp(`[\\s\\[]${kern}[\\s\\]]`));
    for (const s of ['From', 'to', 'today.', 'Next line stays.']) expect(ev.text).toContain(s);
    const next = ev.items.find((i) => i.str === 'Next line stays.')!;
    const nextBefore = before.items.find((i) => i.str === 'Next line stays.')!;
    expect([next.x, next.y]).toEqual([nextBefore.x, nextBefore.y]);
  });

  it('justified text without space characters and a name hyphenated across lines: found and redacted as a reader reads it', async () => {
    // Word gaps of 0.15 em are spaces to pdf.js (and to a reader); the verifier reads pdf.js, so the redactor must too.
    const result = await engine.anonymize(await justifiedPdf(), JUSTIFIED_CONFIG);
    expect(result.verification?.passed).toBe(true);
    const ev = await evidence(result.bytes);
    for (const s of [JUSTIFIED_NAME, 'Zquar', 'nik', 'USA']) expect(whereFound(ev, s), s).toEqual([]);
    // "us a" is two words, not the country: it stays.
    expect(ev.text).toMatch(/give\s*us\s*a\s*hint/);
    const originals = result.pageData.flatMap((p) => p.textData.detections.ents.map((e) => e.text));
    // The reader joins a word hyphenated at a line end ("Zquar-" + "nik"): detection reads the name whole.
    expect(originals).toEqual([JUSTIFIED_NAME, JUSTIFIED_NAME, 'USA']);
  });

  it('a name in a form XObject: the page draws a redacted copy, and the original form is not written', async () => {
    const result = await engine.anonymize(await formNamePdf(), JUSTIFIED_CONFIG);
    expect(result.verification?.passed).toBe(true);
    const ev = await evidence(result.bytes);
    expect(whereFound(ev, JUSTIFIED_NAME)).toEqual([]);
    expect(ev.text).toContain('Kind regards');
  });
});
