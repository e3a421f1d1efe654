import { describe, expect, it } from 'vitest';
import { createDocumentEntities } from '../../../src/entities/document-entities.js';
import type { Edit } from '../../../src/replacement/apply.js';
import { applyReplacements, renderEdits } from '../../../src/replacement/apply.js';
import { createPlan } from '../../../src/replacement/plan.js';
import type { TextLabelName } from '../../../src/spec/types.js';
import type { Span } from '../../../src/text/span.js';

/** A span over the `nth` occurrence of `surface` in `text`. */
function at(text: string, surface: string, label: TextLabelName, source = 'ner', nth = 0): Span {
  let start = -1;
  for (let i = 0; i <= nth; i++) start = text.indexOf(surface, start + 1);
  if (start < 0) throw new Error(`${surface} not in the text`);
  return { start, end: start + surface.length, label, score: 0.9, source };
}

/** Units read as a document engine reads them: each prepared, replaced and settled in turn, then all settled together. */
function run(units: Array<{ text: string; spans: Span[] }>, usePseudonyms = true) {
  const plan = createPlan(usePseudonyms);
  const entities = createDocumentEntities(plan, 'de');
  const read = units.map((u) => {
    const edits = applyReplacements(u.text, entities.prepare(u.text, u.spans), plan, entities).edits;
    return { text: u.text, edits: entities.settle([{ text: u.text, edits }])[0]! };
  });
  const edits = entities.settle(read);
  return { entities, edits, texts: units.map((u, i) => renderEdits(u.text, edits[i]!)) };
}

/** `original → replacement` of every edit. */
const pairs = (edits: readonly Edit[]) => edits.map((e) => `${e.original}→${e.replacement}`);

describe('document entities', () => {
  it('a firm named with its legal form is the same firm without it, also where the model called it a person', () => {
    const text = 'Die Hartmann Logistik GmbH bestreitet. Hartmann Logistik zahlt nicht. Hartmann Logistik schreibt.';
    const { edits, texts } = run([
      { text, spans: [at(text, 'Hartmann Logistik GmbH', 'ORG', 'pattern'), at(text, 'Hartmann Logistik', 'PER', 'ner', 2)] },
    ]);
    expect(texts[0]).toBe('Die ORG-1 bestreitet. ORG-1 zahlt nicht. ORG-1 schreibt.');
    expect(new Set(edits[0]!.map((e) => e.crId)).size).toBe(1);
  });

  it("a lone surname the model called an organisation is the person's, with the person's pseudonym and crId", () => {
    const text = 'Frau Sabine Krämer klagt. Die Firma Nordbau AG schweigt. Krämer bleibt dabei.';
    const { edits, texts } = run([
      {
        text,
        spans: [at(text, 'Sabine Krämer', 'PER'), at(text, 'Nordbau AG', 'ORG', 'pattern'), at(text, 'Krämer', 'ORG', 'ner', 1)],
      },
    ]);
    expect(texts[0]).toBe('Frau PER-1 klagt. Die Firma ORG-1 schweigt. PER-1 bleibt dabei.');
    const krämer = edits[0]!.filter((e) => e.original.includes('Krämer'));
    expect(krämer.map((e) => [e.label, e.crId])).toEqual([
      ['PER', krämer[0]!.crId],
      ['PER', krämer[0]!.crId],
    ]);
  });

  it('a span joining two known parties is split (`X v Y`, `X ./. Y`)', () => {
    const body = 'We act for Brightwater Analytics Ltd against Mr Oliver Grant.';
    const header = 'Re: Grant v Brightwater Analytics';
    const header2 = 'Grant ./. Brightwater Analytics';
    const { texts, edits } = run([
      { text: body, spans: [at(body, 'Brightwater Analytics Ltd', 'ORG', 'pattern'), at(body, 'Oliver Grant', 'PER')] },
      { text: header, spans: [at(header, 'Grant v Brightwater Analytics', 'PER')] },
      { text: header2, spans: [at(header2, 'Grant ./. Brightwater', 'PER')] },
    ]);
    expect(texts).toEqual(['We act for ORG-1 against Mr PER-1.', 'Re: PER-1 v ORG-1', 'PER-1 ./. ORG-1']);
    expect(pairs(edits[1]!)).toEqual(['Grant→PER-1', 'Brightwater Analytics→ORG-1']);
  });

  it('a span never swallows a word no name contains (`Akte Krämer`, `Sache … GmbH`)', () => {
    const body = 'In der Sache Hartmann Logistik GmbH gegen Sabine Krämer zahlt Hartmann Logistik nicht.';
    const header = 'Akte Krämer';
    const { texts } = run([
      { text: body, spans: [at(body, 'Sache Hartmann Logistik GmbH', 'ORG', 'pattern'), at(body, 'Sabine Krämer', 'PER')] },
      { text: header, spans: [at(header, 'Akte Krämer', 'ORG')] },
    ]);
    expect(texts).toEqual(['In der Sache ORG-1 gegen PER-1 zahlt ORG-1 nicht.', 'Akte PER-1']);
  });

  it('finds every part of a name in every unit: a surname alone in a header, a genitive, a given name', () => {
    const body = 'Frau Sabine Krämer widerspricht.';
    const { texts, edits } = run([
      { text: body, spans: [at(body, 'Sabine Krämer', 'PER')] },
      { text: 'Akte Krämer', spans: [] },
      { text: 'Krämers Einwand ist unbegründet, sagt Sabine.', spans: [] },
    ]);
    expect(texts).toEqual(['Frau PER-1 widerspricht.', 'Akte PER-1', 'PER-1 Einwand ist unbegründet, sagt PER-1.']);
    expect(new Set(edits.flat().map((e) => e.crId))).toEqual(new Set([edits[0]![0]!.crId]));
  });

  it('a name with particles gives its parts (`von der Heydt`); `von` before an acronym attaches a firm', async () => {
    const body = 'Frau Gerlinde von der Heydt schreibt.';
    const { texts } = run([
      { text: body, spans: [at(body, 'Gerlinde von der Heydt', 'PER')] },
      { text: 'Akte von der Heydt', spans: [] },
      { text: 'Heydts Antrag', spans: [] },
    ]);
    expect(texts).toEqual(['Frau PER-1 schreibt.', 'Akte PER-1', 'PER-1 Antrag']);
  });

  it('an acronym the text introduces names the firm, as does a person attached to it', () => {
    const text = 'Die Krauss-Maffei Wegmann GmbH & Co. KG (KMW) liefert. Herr Thomas Becker von KMW unterschreibt. Becker ist Prokurist.';
    const { texts } = run([
      {
        text,
        spans: [
          at(text, 'Krauss-Maffei Wegmann GmbH & Co. KG', 'ORG', 'pattern'),
          at(text, 'KMW', 'PER'),
          at(text, 'Thomas Becker von KMW', 'PER'),
        ],
      },
    ]);
    expect(texts[0]).toBe('Die ORG-1 (ORG-1) liefert. Herr PER-1 von ORG-1 unterschreibt. PER-1 ist Prokurist.');
  });

  it('a part two entities share is replaced wherever it stands, by the entity mentioned nearest before it', () => {
    const a = 'Anna Koch ist Mieterin.';
    const b = 'Peter Koch ist Vermieter.';
    const c = 'Koch kündigt.';
    const { texts } = run([
      { text: a, spans: [at(a, 'Anna Koch', 'PER')] },
      { text: b, spans: [at(b, 'Peter Koch', 'PER')] },
      { text: c, spans: [] },
    ]);
    expect(texts).toEqual(['PER-1 ist Mieterin.', 'PER-2 ist Vermieter.', 'PER-2 kündigt.']);
  });

  it("masks keep the entity in their crId; the user's blacklist is never overruled", () => {
    const text = 'Frau Sabine Krämer und Krämer.';
    const { edits, texts } = run([{ text, spans: [at(text, 'Sabine Krämer', 'PER'), at(text, 'Krämer', 'ORG', 'blacklist', 1)] }], false);
    expect(texts[0]).toBe('Frau *** und ***.');
    expect(edits[0]!.map((e) => [e.label, e.pseudonym])).toEqual([
      ['PER', null],
      ['ORG', null],
    ]);
  });

  it('settling again changes nothing; later texts continue the numbering', () => {
    const plan = createPlan(true);
    const entities = createDocumentEntities(plan, 'de');
    const text = 'Herr Jonas Weber und die Nordbau AG.';
    const first = entities.settle([
      {
        text,
        edits: applyReplacements(text, [at(text, 'Jonas Weber', 'PER'), at(text, 'Nordbau AG', 'ORG', 'pattern')], plan, entities).edits,
      },
    ]);
    expect(entities.settle([{ text, edits: first[0]! }])).toEqual(first);
    const later = 'Weber schreibt an Tim Roth.';
    const next = entities.settle([{ text: later, edits: applyReplacements(later, [at(later, 'Tim Roth', 'PER')], plan, entities).edits }]);
    expect(pairs(next[0]!)).toEqual(['Weber→PER-1', 'Tim Roth→PER-2']);
    expect(next[0]![0]!.crId).toBe(first[0]![0]!.crId);
  });

  it("a text request's further mentions of a name never run over a line break the name does not hold", () => {
    for (const [first, last] of [
      ['Anna', 'Schmidt'],
      ['Jonas', 'Becker'],
      ['Maya', 'Lindqvist'],
    ]) {
      const text = `Sehr geehrte Frau ${first} ${last},\nKontakt: ${first}\n${last} Weg 4 und ${first} ${last}.`;
      const plan = createPlan(true);
      const entities = createDocumentEntities(plan, 'de', { further: 'names' });
      const spans = entities.prepare(text, [at(text, `${first} ${last}`, 'PER', 'pattern')]);
      const edits = entities.settle([{ text, edits: applyReplacements(text, spans, plan, entities).edits }])[0]!;
      expect(edits.map((e) => e.original)).toEqual([`${first} ${last}`, first, last, `${first} ${last}`]);
    }
  });
});
