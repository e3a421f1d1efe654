import { afterAll, describe, expect, it } from 'vitest';
import { createAnonymizer, createNodeDocumentAnonymizer } from '../../../src/node.js';
import { readZip } from '../../../src/documents/zip/read-zip.js';
import { headerFooterDocx } from '../documents/docx/fixtures.js';

/*
 * Property tests of issue 35 over generated letters (seeded): a person and a firm are introduced once in full, then
 * referred to by parts — a surname alone in a header (`Akte …`), a genitive, the firm without its legal form in a
 * footer and in the body, both parties in one line (`X ./. Y`). No part may survive, and every mention of one entity
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
    header: `Akte ${surname}`,
    footer: `${surname} ./. ${short}`,
  };
}

const SEEDS = [1, 2, 3, 4, 5, 6];

describe('one entity, one pseudonym: generated letters (issue 35)', () => {
  const text = createAnonymizer({ ner: false });
  const docs = createNodeDocumentAnonymizer({ ner: false });
  afterAll(() => docs.close());

  it.each(SEEDS)('text, seed %i: no part survives; the person and the firm each have one pseudonym', async (seed) => {
    const l = letter(seed);
    const input = [l.header, ...l.body, l.footer].join('\n');
    const result = await text.text({ text: input, textLabels: ['PER', 'ORG'], usePseudonyms: true });
    for (const part of [l.surname, l.given, l.short, ...l.short.split(' ')]) expect(result.pseudonymizedText).not.toContain(part);
    const person = result.detection.detections.filter((d) => d.text.includes(l.surname));
    const firm = result.detection.detections.filter((d) => d.text.includes(l.short));
    expect(new Set(person.map((d) => d.pseudonym))).toEqual(new Set(['PER-1']));
    expect(new Set(firm.map((d) => d.pseudonym))).toEqual(new Set(['ORG-1']));
    expect(result.pseudonymizedText.split('\n')[0]).toBe('Akte PER-1');
    expect(result.pseudonymizedText.split('\n').at(-1)).toBe('PER-1 ./. ORG-1');
  });

  it.each(SEEDS)('DOCX, seed %i: header and footer name the parties by parts; all replaced, one pseudonym and crId each', async (seed) => {
    const l = letter(seed);
    const out = await docs.anonymizeDocument(headerFooterDocx(l.body, l.header, l.footer), {
      textAnonymization: { labelsConfig: [{ name: 'PER' }, { name: 'ORG' }] },
    });
    expect(out.verification?.passed).toBe(true);
    const parts = readZip(out.file);
    const xml = ['word/document.xml', 'word/header1.xml', 'word/footer1.xml'].map((n) => new TextDecoder().decode(parts.get(n)!));
    for (const part of [l.surname, l.given, ...l.short.split(' ')]) for (const x of xml) expect(x).not.toContain(part);
    expect(xml[1]).toContain('Akte PER-1');
    expect(xml[2]).toContain('PER-1 ./. ORG-1');
    // In the PII record: one pseudonym per entity, and each with one crId.
    const seen = new Map<string, Set<number>>();
    for (const { textData } of out.piiRecord.pageData) {
      const d = textData.detections;
      d.ents.forEach((e, i) => {
        const key = `${e.tag}:${d.pseudonyms[i]}`;
        seen.set(key, (seen.get(key) ?? new Set()).add(d.crIds[i]!));
      });
    }
    expect([...seen.keys()].sort()).toEqual(['ORG:ORG-1', 'PER:PER-1']);
    for (const crIds of seen.values()) expect(crIds.size).toBe(1);
  });
});
