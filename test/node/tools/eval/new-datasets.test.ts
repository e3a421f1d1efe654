import { describe, expect, it } from 'vitest';
import { sentenceToRecord, tableMapper } from '../../../../tools/eval/datasets/bio.js';
import { parseTwoColumn } from '../../../../tools/eval/datasets/conll.js';
import { ioToBio, parseConll2003 } from '../../../../tools/eval/datasets/conll2003.js';
import { EHRI_LABELS, ehriMapper, isNationalityAdjective } from '../../../../tools/eval/datasets/ehri.js';
import { BTC_LABELS, BTC_MAPPING, IO_SET_LABELS, IO_SET_MAPPING, secMapper } from '../../../../tools/eval/datasets/english-sets.js';
import { HIPE_LABELS, HIPE_MAPPING, parseHipe } from '../../../../tools/eval/datasets/hipe.js';
import { MOBILITY_LABELS, mapMobility, mapStreet, parseSmartData, smartDataToRecord } from '../../../../tools/eval/datasets/mobility.js';
import {
  blocks,
  cleanSocialSpans,
  devSplit,
  glueSocialMarks,
  fixDates,
  splitUnits,
  trimTrailingPunctuation,
} from '../../../../tools/eval/datasets/split.js';
import type { EvalRecord } from '../../../../tools/eval/types.js';
import { markup } from './markup.js';

const meta = (lang: 'de' | 'en', labels = MOBILITY_LABELS) => ({ id: 't:0', lang, source: 't', labels });

describe('dev splits', () => {
  it('takes every tenth unit, never cutting one', () => {
    const units = Array.from({ length: 25 }, (_, i) => [i * 2, i * 2 + 1]);
    const { dev, train } = splitUnits(units);
    expect(dev).toEqual([0, 1, 20, 21, 40, 41]);
    expect(train).toHaveLength(44);
  });

  it('splits documents when there are at least 50, else blocks of 20 consecutive sentences', () => {
    const docs = Array.from({ length: 60 }, (_, i) => [`d${i}a`, `d${i}b`]);
    expect(devSplit(docs).dev).toEqual(['d0a', 'd0b', 'd10a', 'd10b', 'd20a', 'd20b', 'd30a', 'd30b', 'd40a', 'd40b', 'd50a', 'd50b']);
    const sentences = Array.from({ length: 450 }, (_, i) => i);
    expect(blocks(sentences)).toHaveLength(23);
    const few = devSplit([sentences.slice(0, 200), sentences.slice(200)]);
    expect(few.dev).toEqual([...sentences.slice(0, 20), ...sentences.slice(200, 220), ...sentences.slice(400, 420)]);
    expect(few.dev.length + few.train.length).toBe(450);
  });
});

describe('DATE spans broader than ours', () => {
  it('moves the weekday out and drops relative words, years and months alone', () => {
    const text = 'Sonntag , 7 . April heute 2016 Dezember April 1945 29.6.1938 Montag';
    const at = (s: string) => ({ start: text.indexOf(s), end: text.indexOf(s) + s.length, label: 'DATE' as const });
    const r: EvalRecord = {
      id: 'x',
      lang: 'de',
      text,
      entities: [at('Sonntag , 7 . April'), at('heute'), at('2016'), at('Dezember'), at('April 1945'), at('29.6.1938'), at('Montag')],
    };
    expect(markup(fixDates(r))).toBe('Sonntag , [[DATE|7 . April]] heute 2016 Dezember [[DATE|April 1945]] [[DATE|29.6.1938]] Montag');
  });
});

describe('MobIE / SmartData mapping', () => {
  it.each([
    ['A44', null],
    ['#A45', null],
    ['B 3', null],
    ['K4552', null],
    ['BAB 60', null],
    ['Bundesstraße 83', null],
    ['Autobahn 44', null],
    ['Bundesstraße', null],
    ['Holstenstraße', 'STR'],
    ['Theodor - Heuss - Allee 25', 'STR'],
    ['Berliner Straße', 'STR'],
    ['SCHLESISCHE STR', 'STR'],
    ['Leipziger Str .', 'STR'],
    ['Messeschnellwegs', 'STR'],
    ['Am Fährhaus', 'STR'],
    ['Stachus', 'IGNORE'],
    ['Tunnel Wambel', 'IGNORE'],
  ])('location-street %j → %j', (surface, expected) => {
    expect(mapStreet(surface)).toBe(expected);
  });

  it.each([
    ['person', 'PER'],
    ['location-stop', 'LOC'],
    ['location-city', 'LOC'],
    ['organization-company', 'ORG'],
    ['date', 'DATE'],
    ['location-route', null],
    ['time', null],
    ['trigger', null],
    ['org-position', null],
    ['disaster-type', null],
  ])('%s → %j', (type, expected) => {
    expect(mapMobility(type, 'x')).toBe(expected);
  });

  it('parses MobIE documents, glues #/@, moves # out of spans and turns handles into ignore ranges', () => {
    const sample = [
      '-DOCSTART- -1108- O O',
      '',
      '#S4\tCARD\tI-CA\tB-location-route',
      '#Mellendorf\tNE\tI-NE\tB-location-stop',
      '(\tTRUNC\tI-TR\tO',
      '23.03\tCARD\tI-CA\tB-date',
      ')\tTRUNC\tI-TR\tO',
      'Stau\tNN\tI-NN\tB-trigger',
      'A7\tNE\tI-NE\tB-location-street',
      'Höhe\tNN\tI-NN\tO',
      'Holstenstraße\tNE\tI-NE\tB-location-street',
      '',
      '-DOCSTART- -1109- O O',
      '',
      '@\tXY\tI-XY\tB-person',
      'Ralf_Stegner\tNE\tI-NE\tI-person',
      'und\tKON\tI-KO\tO',
      'Thomas\tNE\tI-NE\tB-person',
      'Neff\tNE\tI-NE\tI-person',
      ',\t$,\tI-$,\tI-person',
      'DB\tNE\tI-NE\tB-organization-company',
      '',
    ].join('\n');
    const docs = parseConll2003(sample);
    expect(docs.map((d) => d.sentences.length)).toEqual([1, 1]);
    const records = docs.map((d) =>
      trimTrailingPunctuation(cleanSocialSpans(sentenceToRecord(glueSocialMarks(d.sentences[0]!), mapMobility, meta('de')))),
    );
    expect(records.map(markup)).toEqual([
      '#S4 #[[LOC|Mellendorf]] ( [[DATE|23.03]] ) Stau A7 Höhe [[STR|Holstenstraße]]',
      '{{@Ralf_Stegner}} und [[PER|Thomas Neff]] , [[ORG|DB]]',
    ]);
  });

  it('reads SmartData documents (concatenated Avro JSON), re-anchors shifted offsets, keeps the outer of nested spans', () => {
    const text = 'Stau auf der A1 bei Köln. Schweizer Fleischkonzern Bell übernimmt Hügli am 12.04.2016.\n@DB_Bahn Kruppstraße';
    const at = (s: string, type: string, shift = 0) => {
      const start = text.indexOf(s) + shift;
      return { span: { start, end: start + s.length }, type, normalizedValue: { string: s } };
    };
    const doc = (mentions: unknown[]) =>
      JSON.stringify(
        { id: 'x', text: { string: text }, refids: { map: { source: 'news' } }, conceptMentions: { array: mentions } },
        null,
        2,
      );
    const content =
      doc([
        at('Stau', 'trigger'),
        at('A1', 'location-street'),
        at('Köln', 'location-city', 1),
        at('Schweizer Fleischkonzern Bell', 'organization-company'),
        at('Schweizer', 'location'),
        at('Hügli', 'organization-company'),
        at('12.04.2016', 'date'),
        at('@DB_Bahn', 'organization-company'),
        at('Kruppstraße', 'location-street'),
      ]) +
      '\n' +
      doc([]);
    const docs = parseSmartData(content);
    expect(docs).toHaveLength(2);
    expect(docs[0]!.source).toBe('news');
    const { record, dropped } = smartDataToRecord(docs[0]!, 'sd:0');
    expect(dropped).toBe(1);
    expect(markup(cleanSocialSpans(record))).toBe(
      'Stau auf der A1 bei [[LOC|Köln]]. [[ORG|Schweizer Fleischkonzern Bell]] übernimmt [[ORG|Hügli]] am [[DATE|12.04.2016]].\n' +
        '{{@DB_Bahn}} [[STR|Kruppstraße]]',
    );
    expect(record.labels).toEqual(['PER', 'STR', 'LOC', 'ORG', 'DATE']);
  });
});

describe('EHRI-NER', () => {
  it('maps PERS, CAMP and GHETTO and drops nationality adjectives (German lower case, English demonyms)', () => {
    const de = parseTwoColumn(
      'Einreise O\nrumänischer B-LOC\nStaatsangehöriger O\nnach O\nAuschwitz B-CAMP\nvon O\nAlois B-PERS\nBrunner I-PERS\nam O\n3. B-DATE\nMai I-DATE\n',
    );
    expect(markup(sentenceToRecord(de[0]!, ehriMapper('de'), meta('de', EHRI_LABELS)))).toBe(
      'Einreise rumänischer Staatsangehöriger nach [[LOC|Auschwitz]] von [[PER|Alois Brunner]] am [[DATE|3. Mai]]',
    );
    const en = parseTwoColumn('Hungarian B-LOC\nJews O\nin O\nthe O\nLodz B-GHETTO\nghetto O\nand O\nGerman B-LOC\nReich I-LOC\n');
    expect(markup(sentenceToRecord(en[0]!, ehriMapper('en'), meta('en', EHRI_LABELS)))).toBe(
      'Hungarian Jews in the [[LOC|Lodz]] ghetto and [[LOC|German Reich]]',
    );
  });

  it.each<[string, 'de' | 'en', boolean]>([
    ['deutschen', 'de', true],
    ['österr', 'de', true],
    ['Rumänien', 'de', false],
    ['Wiener', 'de', false],
    ['Czechs', 'en', true],
    ['Polish', 'en', true],
    ['Japanese', 'en', true],
    ['country', 'en', true],
    ['Poland', 'en', false],
    ['Jordan', 'en', false],
  ])('isNationalityAdjective(%j, %s) = %j', (surface, lang, expected) => {
    expect(isNationalityAdjective(surface, lang)).toBe(expected);
  });
});

describe('BTC', () => {
  it('glues @ and # to their word: handles become ignore ranges, # leaves the span', () => {
    const s = parseTwoColumn('@\tB-PER\nBethAnne17\tB-PER\nmeets\tO\n#\tB-PER\nObama\tI-PER\nin\tO\nLondon\tB-LOC\n');
    const r = cleanSocialSpans(sentenceToRecord(glueSocialMarks(s[0]!), tableMapper(BTC_MAPPING), meta('en', BTC_LABELS)));
    expect(markup(r)).toBe('{{@BethAnne17}} meets #[[PER|Obama]] in [[LOC|London]]');
  });
});

describe('wikigold / SEC (IO tags)', () => {
  it('ioToBio opens a span at each run of a type; adjacent same-type entities merge', () => {
    expect(ioToBio(['I-ORG', 'I-ORG', 'O', 'I-PER', 'I-LOC', 'I-LOC', 'B-LOC', 'O'])).toEqual([
      'B-ORG',
      'I-ORG',
      'O',
      'B-PER',
      'B-LOC',
      'I-LOC',
      'B-LOC',
      'O',
    ]);
  });

  it('parses SEC 4-column files with DOCSTART; MISC (languages, nationalities) is not an entity', () => {
    const sample = [
      '-DOCSTART- -X- O O',
      '',
      'between IN - O',
      'SILICON NNP - I-ORG',
      'VALLEY NNP - I-ORG',
      'BANK NNP - I-ORG',
      'and CC - O',
      'John NNP - I-PER',
      'Smith NNP - I-PER',
      'Mary NNP - I-PER',
      'in IN - O',
      'French JJ - I-MISC',
      '',
      '-DOCSTART- -X- O O',
      '',
      'California NNP - I-LOC',
      '',
    ].join('\n');
    const docs = parseConll2003(sample);
    expect(docs).toHaveLength(2);
    const s = docs[0]!.sentences[0]!;
    const r = sentenceToRecord({ ...s, tags: ioToBio(s.tags) }, tableMapper(IO_SET_MAPPING), meta('en', IO_SET_LABELS));
    expect(markup(r)).toBe('between [[ORG|SILICON VALLEY BANK]] and [[PER|John Smith Mary]] in French');
  });

  it('SEC: defined party roles (Borrower, Lender, Bank) are not entities, names are', () => {
    const s = parseConll2003('the I-PER\nBorrower I-PER\n, O\nBank I-ORG\nand O\nJohn I-PER\nSmith I-PER\n')[0]!.sentences[0]!;
    const r = sentenceToRecord({ ...s, tags: ioToBio(s.tags) }, secMapper, meta('en', IO_SET_LABELS));
    expect(markup(r)).toBe('[[PER|the Borrower]] , Bank and [[PER|John Smith]]');
    expect(secMapper('PER', 'BORROWER')).toBeNull();
    expect(secMapper('ORG', 'Silicon Valley Bank')).toBe('ORG');
  });

  it('parses wikigold two-column files', () => {
    const docs = parseConll2003('-DOCSTART- O\n\n010 I-MISC\nis O\nby O\nTaylor I-PER\n\nIn O\nJapan I-LOC\n');
    expect(docs[0]!.sentences).toHaveLength(2);
  });
});

describe('HIPE (evaluation only)', () => {
  const header = 'TOKEN\tNE-COARSE-LIT\tNE-COARSE-METO\tNE-FINE-LIT\tNE-FINE-METO\tNE-FINE-COMP\tNE-NESTED\tNEL-LIT\tNEL-METO\tMISC';
  const row = (tok: string, tag: string, misc = '_') => [tok, tag, '_', 'O', '_', '_', 'O', '_', '_', misc].join('\t');
  const sample = [
    header,
    '# hipe2022:document_id = dev_de_1',
    row('(', 'O', 'NoSpaceAfter'),
    row('Eine', 'O'),
    row('Posse', 'O', 'NoSpaceAfter'),
    row(')', 'O'),
    row('gestern', 'O', 'NoSpaceAfter'),
    row('vor', 'O'),
    row('Fett¬', 'O', 'NoSpaceAfter|EndOfLine'),
    row('waarenfabrik', 'O'),
    row('Moll', 'B-PER', 'NoSpaceAfter'),
    row('.', 'O', 'EndOfSentence'),
    row('Neue', 'B-HumanProd'),
    row('Freie', 'I-HumanProd'),
    row('Presse', 'I-HumanProd'),
    row('in', 'O'),
    row('Wien', 'B-LOC', 'NoSpaceAfter|EndOfSentence'),
    '',
    '# hipe2022:document_id = dev_de_2',
    row('Berlin', 'B-LOC'),
    '',
  ].join('\n');

  it('keeps original spacing, joins line-end hyphens, cuts at EndOfSentence and documents; HumanProd is ignored', () => {
    const sentences = parseHipe(sample);
    expect(sentences.map((s) => s.document)).toEqual(['dev_de_1', 'dev_de_1', 'dev_de_2']);
    const map = tableMapper(HIPE_MAPPING);
    expect(sentences.map((s) => markup(sentenceToRecord(s, map, meta('de', HIPE_LABELS))))).toEqual([
      '(Eine Posse) gestern vor Fettwaarenfabrik [[PER|Moll]].',
      '{{Neue Freie Presse}} in [[LOC|Wien]]',
      '[[LOC|Berlin]]',
    ]);
  });
});
