import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnonymizer, createNodeDocumentAnonymizer } from '../../../src/node.js';
import { readZip } from '../../../src/documents/zip/read-zip.js';
import { nodePdfjs } from '../../../src/platform/node/pdfjs.js';
import type { DocumentPiiRecord } from '../../../src/spec/types.js';
import { sofficeConvert } from '../../../tools/office/soffice.js';
import { whereFound } from '../documents/doc/fixtures.js';
import { letterDocx } from '../documents/docx/fixtures.js';
import { evidenceWith } from '../documents/pdf/inspect.js';

/*
 * Property tests of issue 35 over generated letters (seeded): a person and a firm are introduced once in full, then
 * referred to by parts — a surname alone in a header (`Akte …`), a genitive, the firm without its legal form in a
 * footer, a table and the body, a comment (DOC keeps comments; DOCX drops them), both parties in one line (`X ./. Y`),
 * on a later page (PDF). No part may survive, and every mention of one entity
 * carries one pseudonym and one crId. Rules only (no model), so the run is exact and fast.
 */

const GIVEN = ['Sabine', 'Jürgen', 'Monika', 'Stefan', 'Katrin', 'Thomas', 'Andrea', 'Michael'];
const SURNAMES = ['Krämer', 'Hartwig', 'Lindqvist', 'Oberhuber', 'Zimmermann', 'Brandstätter', 'Pohlmann', 'Szymańska'];
const FIRST = ['Hartmann', 'Nordlicht', 'Quellwerk', 'Bergstein', 'Falkenau', 'Rheintal', 'Sonnenfeld', 'Weidemann'];
const SECOND = ['Logistik', 'Bauträger', 'Haustechnik', 'Immobilien', 'Maschinenbau', 'Medien', 'Verpackung', 'Textil'];
const FORMS = ['GmbH', 'AG', 'KG', 'GmbH & Co. KG'];

/** A small seeded generator (mulberry32): the same letters on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Letter {
  surname: string;
  given: string;
  short: string;
  body: string[];
  /** The parties in a table, each by a part of its name. */
  table: string[][];
  /** A comment naming the person by surname. */
  comment: string;
  header: string;
  footer: string;
}

function letter(seed: number): Letter {
  const r = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)]!;
  const given = pick(GIVEN);
  const surname = pick(SURNAMES);
  const short = `${pick(FIRST)} ${pick(SECOND)}`;
  const firm = `${short} ${pick(FORMS)}`;
  return {
    given,
    surname,
    short,
    body: [
      `Sehr geehrte Frau Dr. ${given} ${surname},`,
      `wir vertreten die ${firm} in der Sache gegen Sie.`,
      `${short} bestreitet die Forderung. ${surname}s Einwand ist unbegründet.`,
      `Frau ${surname} erhält eine Abschrift; ${short} ebenso.`,
    ],
    table: [
      ['Partei', 'Name'],
      ['Mandantin', surname],
      ['Gegnerin', short],
    ],
    comment: `Rückruf bei ${surname} erbeten.`,
    header: `Akte ${surname}`,
    footer: `${surname} ./. ${short}`,
  };
}

const SEEDS = [1, 2, 3, 4, 5, 6];
const CONFIG = { textAnonymization: { labelsConfig: [{ name: 'PER' as const }, { name: 'ORG' as const }] } };

/** Every part of the letter's two parties that must not survive. */
const partsOf = (l: Letter) => [l.surname, l.given, ...l.short.split(' ')];

/** The PII record's mentions by `label:pseudonym`, each with the crIds it was given: one entity, one of each. */
function entitiesOf(record: DocumentPiiRecord): Map<string, Set<number>> {
  const seen = new Map<string, Set<number>>();
  for (const { textData } of record.pageData) {
    const d = textData.detections;
    d.ents.forEach((e, i) => {
      const key = `${e.tag}:${d.pseudonyms[i]}`;
      seen.set(key, (seen.get(key) ?? new Set()).add(d.crIds[i]!));
    });
  }
  return seen;
}

/** The letter as a two-page PDF: the file line on page 1, the parties as the running header of page 2. */
async function letterPdf(l: Letter): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const first = doc.addPage([595, 842]);
  [l.header, '', ...l.body].forEach((r, i) => first.drawText(r, { x: 50, y: 780 - i * 14, size: 10, font }));
  // The table: cells in two columns under the body.
  l.table.forEach((row, i) => row.forEach((c, k) => first.drawText(c, { x: 50 + 200 * k, y: 640 - i * 14, size: 10, font })));
  const second = doc.addPage([595, 842]);
  second.drawText(l.footer, { x: 50, y: 800, size: 9, font });
  second.drawText(`${l.short} hat die Frist versäumt; ${l.surname} besteht auf Zahlung.`, { x: 50, y: 760, size: 10, font });
  return doc.save();
}

describe('one entity, one pseudonym: generated letters (issue 35)', () => {
  const text = createAnonymizer({ ner: false });
  const docs = createNodeDocumentAnonymizer({ ner: false });
  afterAll(() => docs.close());

  it.each(SEEDS)('text, seed %i: no part survives; the person and the firm each have one pseudonym', async (seed) => {
    const l = letter(seed);
    const input = [l.header, ...l.body, ...l.table.map((r) => r.join('\t')), l.footer].join('\n');
    const result = await text.text({ text: input, textLabels: ['PER', 'ORG'], usePseudonyms: true });
    for (const part of [l.surname, l.given, l.short, ...l.short.split(' ')]) expect(result.pseudonymizedText).not.toContain(part);
    const person = result.detection.detections.filter((d) => d.text.includes(l.surname));
    const firm = result.detection.detections.filter((d) => d.text.includes(l.short));
    expect(new Set(person.map((d) => d.pseudonym))).toEqual(new Set(['PER-1']));
    expect(new Set(firm.map((d) => d.pseudonym))).toEqual(new Set(['ORG-1']));
    expect(result.pseudonymizedText.split('\n')[0]).toBe('Akte PER-1');
    expect(result.pseudonymizedText.split('\n').at(-1)).toBe('PER-1 ./. ORG-1');
  });

  it.each(SEEDS)(
    'DOCX, seed %i: header, footer and a table name the parties by parts; all replaced, one pseudonym and crId each',
    async (seed) => {
      const l = letter(seed);
      const out = await docs.anonymizeDocument(letterDocx(l), CONFIG);
      expect(out.verification?.passed).toBe(true);
      const parts = readZip(out.file);
      const xml = ['word/document.xml', 'word/header1.xml', 'word/footer1.xml'].map((n) => new TextDecoder().decode(parts.get(n)!));
      for (const part of partsOf(l)) for (const x of xml) expect(x).not.toContain(part);
      expect(xml[1]).toContain('Akte PER-1');
      expect(xml[2]).toContain('PER-1 ./. ORG-1');
      const seen = entitiesOf(out.piiRecord);
      expect([...seen.keys()].sort()).toEqual(['ORG:ORG-1', 'PER:PER-1']);
      for (const crIds of seen.values()) expect(crIds.size).toBe(1);
    },
  );

  it.each(SEEDS)('PDF, seed %i: a running header on page 2 names the parties by parts; all replaced, one pseudonym each', async (seed) => {
    const l = letter(seed);
    const out = await docs.anonymizeDocument(await letterPdf(l), CONFIG);
    expect(out.verification?.passed).toBe(true);
    const { text } = await evidenceWith(nodePdfjs(), out.file);
    for (const part of partsOf(l)) expect(text).not.toContain(part);
    // The replacements are drawn after the page's own text, so pdf.js reads them at its end.
    expect(text).toContain('Akte ');
    const seen = entitiesOf(out.piiRecord);
    expect([...seen.keys()].sort()).toEqual(['ORG:ORG-1', 'PER:PER-1']);
    for (const crIds of seen.values()) expect(crIds.size).toBe(1);
  });

  describe('DOC (the DOCX letters saved by LibreOffice as Word 97–2003)', () => {
    const files = new Map<number, Uint8Array>();
    beforeAll(async () => {
      const input: Record<string, Uint8Array> = {};
      for (const seed of SEEDS.slice(0, 3)) input[`letter-${seed}.docx`] = letterDocx(letter(seed));
      const converted = await sofficeConvert(input, 'doc');
      for (const seed of SEEDS.slice(0, 3)) files.set(seed, converted[`letter-${seed}.docx`]!);
    }, 120_000);

    it.each(SEEDS.slice(0, 3))(
      'seed %i: no part survives in any stream (comment included); one pseudonym and crId per entity',
      async (seed) => {
        const l = letter(seed);
        expect(whereFound(files.get(seed)!, `Rückruf bei ${l.surname}`), 'the comment is in the input').not.toEqual([]);
        const out = await docs.anonymizeDocument(files.get(seed)!, CONFIG);
        for (const part of partsOf(l)) expect(whereFound(out.file, part), part).toEqual([]);
        const seen = entitiesOf(out.piiRecord);
        expect([...seen.keys()].sort()).toEqual(['ORG:ORG-1', 'PER:PER-1']);
        for (const crIds of seen.values()) expect(crIds.size).toBe(1);
      },
    );
  });
});
