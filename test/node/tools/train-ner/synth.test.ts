import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEXT_LABELS } from '../../../../src/spec/types.js';
import { isValidIban } from '../../../../src/detection/identifiers/validators/iban.js';
import { generate } from '../../../../tools/train-ner/synth.js';
import type { DocKind } from '../../../../tools/train-ner/synth.js';
import { DocBuilder, Rng, patternsOf } from '../../../../tools/train-ner/synth/core.js';
import type { Piece } from '../../../../tools/train-ner/synth/core.js';
import { Lexicon, loadGazetteers } from '../../../../tools/train-ner/synth/lexicon.js';
import type { Lang } from '../../../../tools/train-ner/synth/lexicon.js';

/** The generator reads surnames, streets and cities from the shared corpus beside the project. */
const GAZ = '../shared/data/german-ler';
const KINDS: DocKind[] = [
  'letter',
  'email',
  'form',
  'chat',
  'prose',
  'cv',
  'hr',
  'ticket',
  'medical',
  'court',
  'invoice',
  'thread',
  'table',
];
const DOCS = 600;

type Records = ReturnType<typeof generate>;

describe.skipIf(!existsSync(GAZ))('synthetic NER documents', () => {
  const runs: Record<Lang, { records: Records; pieces: (Piece | string)[][]; builders: DocBuilder[] }> = {} as never;

  beforeAll(() => {
    // Records keep only offsets; the builder's input pieces say what each span was meant to cover.
    const spy = vi.spyOn(DocBuilder.prototype, 'addAll');
    for (const lang of ['de', 'en'] as const) {
      spy.mockClear();
      const records = generate({ docs: DOCS, seed: 3, split: 'train', gazetteers: GAZ, lang });
      runs[lang] = {
        records,
        pieces: spy.mock.calls.map((c) => [...c[0]]),
        builders: spy.mock.results.map((r) => r.value as DocBuilder),
      };
    }
    spy.mockRestore();
  });
  afterAll(() => vi.restoreAllMocks());

  for (const lang of ['de', 'en'] as const) {
    describe(lang, () => {
      it('writes IBANs with valid check digits, as real documents do', () => {
        const ibans = runs[lang].records.flatMap((r) =>
          r.entities
            .map((e) => r.text.slice(e.start, e.end))
            .filter((t) => /^(?:DE|AT|GB)\d{2}[A-Z0-9]{16,18}$/u.test(t.replace(/\s/gu, ''))),
        );
        expect(ibans.length).toBeGreaterThan(5);
        for (const iban of ibans) expect(isValidIban(iban), iban).toBe(true);
      });

      it('puts every span exactly on the text of the piece it was made from', () => {
        const { pieces, builders, records } = runs[lang];
        expect(records.length).toBe(DOCS);
        pieces.forEach((doc, i) => {
          const b = builders[i] as DocBuilder;
          const expected = doc
            .filter((p): p is Piece => typeof p !== 'string' && p.label !== undefined && p.text.trim().length > 0)
            .map((p) => `${p.label}|${p.text.trim()}`);
          expect(b.entities.map((e) => `${e.label}|${b.text.slice(e.start, e.end)}`)).toEqual(expected);
        });
      });

      it('writes records whose spans are non-empty, trimmed, in range, not overlapping and labelled per labels.md', () => {
        for (const r of runs[lang].records) {
          let last = 0;
          for (const e of [...r.entities].sort((a, b) => a.start - b.start)) {
            const s = r.text.slice(e.start, e.end);
            expect(e.start).toBeGreaterThanOrEqual(last);
            expect(s.length).toBeGreaterThan(0);
            expect(s).toBe(s.trim());
            expect(TEXT_LABELS).toContain(e.label);
            if (e.label === 'MAIL') expect(s).toMatch(/^[^\s@]+@[^\s@]+\.[a-z]+$/iu);
            last = e.end;
          }
        }
      });

      it('produces every document kind', () => {
        const kinds = new Set(runs[lang].records.map((r) => r.kind));
        for (const k of KINDS) expect(kinds, k).toContain(k);
      });

      it('writes some documents with ALL-CAPS blocks and Title Case headings, spans still exact', () => {
        const { records, builders } = runs[lang];
        const upper = records.filter((r) => r.caseStyle === 'upper');
        expect(upper.length).toBeGreaterThan(DOCS * 0.02);
        expect(records.some((r) => r.caseStyle === 'title')).toBe(true);
        // An upper-cased name span (letterhead, addressee, signature) is found at its offsets in upper case.
        const shouted = upper.flatMap((r) =>
          r.entities
            .filter((e) => e.label === 'PER')
            .map((e) => r.text.slice(e.start, e.end))
            .filter((s) => /\p{Lu}{3}/u.test(s) && s === s.toUpperCase()),
        );
        expect(shouted.length).toBeGreaterThan(upper.length / 2);
        for (const r of upper) {
          const b = builders[Number(r.id.split('-').pop())] as DocBuilder;
          expect(r.text).toBe(b.text);
          expect(r.entities).toEqual(b.entities);
        }
      });

      it('mixes in names from other locales at a modest rate', () => {
        const lex = new Lexicon(new Rng(11), loadGazetteers(GAZ, 'train'), 'train');
        const people = Array.from({ length: 2000 }, () => lex.person(lang));
        const foreign = people.filter((p) => p.locale).length / people.length;
        expect(foreign).toBeGreaterThan(0.15);
        expect(foreign).toBeLessThan(0.25);
        // Greek names are Latinized.
        expect(people.every((p) => !/\p{Script=Greek}/u.test(p.first + p.last))).toBe(true);
      });
    });
  }

  it('gives the same output for the same seed', () => {
    const a = generate({ docs: 150, seed: 9, split: 'heldout', gazetteers: GAZ, lang: 'de' });
    const b = generate({ docs: 150, seed: 9, split: 'heldout', gazetteers: GAZ, lang: 'de' });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const c = generate({ docs: 150, seed: 10, split: 'heldout', gazetteers: GAZ, lang: 'de' });
    expect(JSON.stringify(c)).not.toBe(JSON.stringify(a));
  });

  it('keeps the surnames of the training and held-out splits apart', () => {
    const surnames = (split: 'train' | 'heldout') => {
      const lex = new Lexicon(new Rng(5), loadGazetteers(GAZ, split), split);
      return new Set((['de', 'en'] as const).flatMap((lang) => Array.from({ length: 3000 }, () => lex.person(lang).last)));
    };
    const train = surnames('train');
    const heldout = surnames('heldout');
    expect([...heldout].filter((s) => train.has(s))).toEqual([]);
  });

  it('keeps the sentence patterns of the two splits apart', () => {
    const list = Array.from({ length: 20 }, (_, i) => `pattern ${i}`);
    const train = patternsOf(list, 'train');
    const heldout = patternsOf(list, 'heldout');
    expect(heldout.length).toBeGreaterThan(0);
    expect(train.filter((p) => heldout.includes(p))).toEqual([]);
    expect(train.length + heldout.length).toBe(list.length);
  });
});
