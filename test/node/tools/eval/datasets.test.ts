import { describe, expect, it } from 'vitest';
import { decodeTags, readBlocks, sentenceToRecord, splitTag, tableMapper } from '../../../../tools/eval/datasets/bio.js';
import { parseTwoColumn } from '../../../../tools/eval/datasets/conll.js';
import { CONLLU_MAPPING, parseConllu } from '../../../../tools/eval/datasets/conllu.js';
import { EUROPEANA_MAPPING, normalizeEuropeanaTag, parseEuropeana } from '../../../../tools/eval/datasets/europeana.js';
import { GERMEVAL_MAPPING, parseGermEval } from '../../../../tools/eval/datasets/germeval.js';
import { grasccoToRecord, mapGrasccoSpan, parseGrascco } from '../../../../tools/eval/datasets/grascco.js';
import { LER_MAPPING } from '../../../../tools/eval/datasets/ler.js';
import { WNUT_MAPPING } from '../../../../tools/eval/datasets/wnut.js';
import type { MappedLabel } from '../../../../tools/eval/types.js';
import { markup } from './markup.js';

const meta = { id: 't:0', lang: 'de' as const, source: 't', labels: ['PER' as const, 'LOC' as const, 'ORG' as const] };
const toRecord = (tokens: string[], tags: string[], mapping: Readonly<Record<string, MappedLabel>>) =>
  sentenceToRecord({ tokens, tags }, tableMapper(mapping), meta);

describe('bio helpers', () => {
  it.each([
    ['B-PER', { prefix: 'B', type: 'PER' }],
    ['I-creative-work', { prefix: 'I', type: 'creative-work' }],
    ['S-DATE', { prefix: 'S', type: 'DATE' }],
    ['O', null],
    ['', null],
    ['PER', null],
  ])('splitTag(%j)', (tag, expected) => {
    expect(splitTag(tag)).toEqual(expected);
  });

  it.each<[string[], Array<[number, number, string]>]>([
    [
      ['B-PER', 'I-PER', 'O', 'B-LOC'],
      [
        [0, 2, 'PER'],
        [3, 4, 'LOC'],
      ],
    ],
    // conlleval: I- after O or after another type opens a chunk.
    [
      ['O', 'I-PER', 'I-LOC'],
      [
        [1, 2, 'PER'],
        [2, 3, 'LOC'],
      ],
    ],
    [
      ['B-PER', 'B-PER'],
      [
        [0, 1, 'PER'],
        [1, 2, 'PER'],
      ],
    ],
    // BIOES (GraSCCo CSV style).
    [
      ['S-LOC', 'B-PER', 'E-PER', 'I-PER'],
      [
        [0, 1, 'LOC'],
        [1, 3, 'PER'],
        [3, 4, 'PER'],
      ],
    ],
  ])('decodeTags(%j)', (tags, expected) => {
    expect(decodeTags(tags).map((c) => [c.start, c.end, c.type])).toEqual(expected);
  });

  it('readBlocks handles CRLF, whitespace-only separators and comments', () => {
    expect(readBlocks('a O\r\nb O\r\n\r\nc O\n\t\n# x\nd O\n', (l) => l.startsWith('#'))).toEqual([['a O', 'b O'], ['c O'], ['d O']]);
  });

  it('sentenceToRecord joins tokens with single spaces and maps chunks', () => {
    const r = toRecord(['Herr', 'Hans', 'Müller', 'aus', 'Köln', '.'], ['O', 'B-PER', 'I-PER', 'O', 'B-LOC', 'O'], {
      PER: 'PER',
      LOC: 'LOC',
    });
    expect(r.text).toBe('Herr Hans Müller aus Köln .');
    expect(markup(r)).toBe('Herr [[PER|Hans Müller]] aus [[LOC|Köln]] .');
    expect(r).toMatchObject({ id: 't:0', lang: 'de', source: 't', labels: ['PER', 'LOC', 'ORG'] });
  });

  it('sentenceToRecord drops empty tokens and squeezes inner whitespace', () => {
    const r = toRecord(['Deutsche  Bank', '', 'AG'], ['B-ORG', 'O', 'I-ORG'], { ORG: 'ORG' });
    expect(r.text).toBe('Deutsche Bank AG');
    expect(markup(r)).toBe('[[ORG|Deutsche Bank AG]]');
  });
});

describe('GermEval 2014', () => {
  const sample = [
    '# http://example.org [2009-10-17]',
    '1\tDie\tO\tO',
    '2\tUniversität\tB-ORG\tO',
    '3\tKöln\tI-ORG\tB-LOC',
    '4\tund\tO\tO',
    '5\tdie\tO\tO',
    '6\tdeutschen\tB-LOCderiv\tO',
    '7\tUS-Präsident\tB-LOCpart\tO',
    '8\tObama\tB-PER\tO',
    '9\tlasen\tO\tO',
    '10\tFaust\tB-OTH\tO',
    '',
    '1\tBerlin\tB-LOC\tO',
    '',
  ].join('\n');

  it('parses the outer column per sentence and maps deriv to nothing, part/OTH to ignore', () => {
    const sentences = parseGermEval(sample);
    expect(sentences).toHaveLength(2);
    const r = sentenceToRecord(sentences[0]!, tableMapper(GERMEVAL_MAPPING), meta);
    expect(markup(r)).toBe('Die [[ORG|Universität Köln]] und die deutschen {{US-Präsident}} [[PER|Obama]] lasen {{Faust}}');
  });
});

describe('German LER', () => {
  const sample =
    'Der O\r\nBGH O\r\nRichter B-RR\r\nMüller I-RR\r\nin O\r\nKarlsruhe B-ST\r\n( O\r\n§ B-GS\r\n823 I-GS\r\nBGB I-GS\r\n) O\r\n\r\nDaimler B-UN\r\nAG I-UN\r\nMercedes B-MRK\r\nHauptstraße B-STR\r\n\r\n';

  it('parses CRLF two-column CoNLL and maps the 19 classes', () => {
    const sentences = parseTwoColumn(sample);
    expect(sentences.map((s) => s.tokens.length)).toEqual([11, 4]);
    const map = tableMapper(LER_MAPPING);
    expect(markup(sentenceToRecord(sentences[0]!, map, meta))).toBe(
      'Der BGH [[PER|Richter Müller]] in [[LOC|Karlsruhe]] ( {{§ 823 BGB}} )',
    );
    expect(markup(sentenceToRecord(sentences[1]!, map, meta))).toBe('[[ORG|Daimler AG]] {{Mercedes}} [[STR|Hauptstraße]]');
  });

  it('maps every one of the 19 classes', () => {
    const classes = [
      'PER',
      'RR',
      'AN',
      'LD',
      'ST',
      'STR',
      'LDS',
      'ORG',
      'UN',
      'INN',
      'GRT',
      'MRK',
      'GS',
      'VO',
      'EUN',
      'VS',
      'VT',
      'RS',
      'LIT',
    ];
    expect(Object.keys(LER_MAPPING).sort()).toEqual([...classes].sort());
  });
});

describe('WNUT-17', () => {
  it('parses tab-separated tokens with tab-only separator lines', () => {
    const sample =
      '@paul\tO\nloves\tO\nTaylor\tB-person\nSwift\tI-person\nat\tO\nGoogle\tB-corporation\non\tO\niPhone\tB-product\n\t\nthe\tO\nBeatles\tB-group\n';
    const sentences = parseTwoColumn(sample);
    expect(sentences).toHaveLength(2);
    const map = tableMapper(WNUT_MAPPING);
    expect(markup(sentenceToRecord(sentences[0]!, map, meta))).toBe('@paul loves [[PER|Taylor Swift]] at [[ORG|Google]] on {{iPhone}}');
    expect(markup(sentenceToRecord(sentences[1]!, map, meta))).toBe('the [[ORG|Beatles]]');
  });
});

describe('UNER / WikiANN (CoNLL-U-like)', () => {
  it('parses UNER with comments and five columns, pre-release quirks included', () => {
    const sample = [
      '# sent_id = x-0001',
      '# text = where in tampa bay ?',
      '1\twhere\tO\t-\t-',
      '2\tin\tO\t-\t-',
      '3\ttampa\tB-LOC\t-\tstephen',
      '4\tbay\tI-LOC\t-\tstephen',
      '5\t?\tB-O',
      '6\tnow\tB-OTH\t-\t-',
      '',
    ].join('\n');
    const sentences = parseConllu(sample);
    expect(sentences).toHaveLength(1);
    expect(markup(sentenceToRecord(sentences[0]!, tableMapper(CONLLU_MAPPING), meta))).toBe('where in [[LOC|tampa bay]] ? {{now}}');
  });

  it('parses WikiANN three-column blocks', () => {
    const sample = '0\tSioux\tB-ORG\n1\tFalls\tI-ORG\n2\tArena\tI-ORG\n3\t(\tO\n4\tSioux\tB-LOC\n5\t)\tO\n\n0\tAngela\tB-PER\n';
    const sentences = parseConllu(sample);
    const map = tableMapper(CONLLU_MAPPING);
    expect(sentences.map((s) => markup(sentenceToRecord(s, map, meta)))).toEqual([
      '[[ORG|Sioux Falls Arena]] ( [[LOC|Sioux]] )',
      '[[PER|Angela]]',
    ]);
  });
});

describe('Europeana', () => {
  it.each([
    ['O', 'O'],
    ['B-PER', 'B-PER'],
    ['B-PEr', 'B-PER'],
    ['B_LOC', 'B-LOC'],
    ['B.PER', 'B-PER'],
    ['B-LOCer', 'B-LOC'],
    ['B-OLOC', 'B-LOC'],
    ['B-BER', 'B-PER'],
    ['I-MISC', 'O'],
    ['worden', null],
    ['000', null],
  ])('normalizeEuropeanaTag(%j) = %j', (raw, expected) => {
    expect(normalizeEuropeanaTag(raw)).toBe(expected);
  });

  it('cuts sentences at full stops, document lines and never inside an entity', () => {
    const sample = [
      '# file:\t\tF_SBB_1',
      'Gestern O',
      'kam O',
      'Herr O',
      'Karl B-PER',
      'Meyer I-PER',
      '. O',
      'Die Bank B-ORG',
      'zu O',
      'Wien B-LOC',
      'schloß O',
      'worden',
      '. O',
      '# file:\t\tF_SBB_2',
      'Berlin B-LOC',
      '',
    ].join('\n');
    const sentences = parseEuropeana(sample);
    const map = tableMapper(EUROPEANA_MAPPING);
    expect(sentences.map((s) => markup(sentenceToRecord(s, map, meta)))).toEqual([
      'Gestern kam Herr [[PER|Karl Meyer]] .',
      '[[ORG|Die Bank]] zu [[LOC|Wien]] schloß worden .',
      '[[LOC|Berlin]]',
    ]);
  });

  it('does not cut at a full stop in a short run (OCR noise, abbreviations)', () => {
    const sentences = parseEuropeana('Dr O\n. O\nMeyer B-PER\nkam O\nheute O\nan O\n. O\n');
    expect(sentences).toHaveLength(1);
  });
});

describe('GraSCCo PHI (UIMA CAS JSON)', () => {
  const text =
    '\uFEFFPatient: Beate Albers (* 4.4.1997), seit 2020 auf Station A31.\nDr. Hans Wurst, Hauptstraße 3a, A-3336 St. Johann\n' +
    'Tel. 030 110-2612, Fallnummer: 23346011, 28-jährige\nDr. B. Supanic\tJ. Klein';
  const at = (s: string, kind: string, from = 0) => {
    const begin = text.indexOf(s, from);
    if (begin < 0) throw new Error(`sample lacks ${s}`);
    return { '%TYPE': 'webanno.custom.PHI', begin, end: begin + s.length, kind };
  };
  const json = {
    '%TYPES': {},
    '%FEATURE_STRUCTURES': [
      { '%ID': 1, '%TYPE': 'uima.cas.Sofa', sofaString: text },
      { '%ID': 2, '%TYPE': 'de.tudarmstadt.ukp.dkpro.core.api.metadata.type.DocumentMetaData', documentTitle: 'Albers.txt' },
      // Leading BOM inside a span, as in the real export.
      { '%TYPE': 'webanno.custom.PHI', end: 'Patient'.length + 1, kind: 'LOCATION_HOSPITAL_X' },
      at('Beate Albers ', 'NAME_PATIENT'),
      at('4.4.1997', 'DATE'),
      at('2020', 'DATE'),
      at('A31', 'ID'),
      at('Dr.', 'NAME_TITLE'),
      at('Hans Wurst', 'NAME_DOCTOR'),
      at('Hauptstraße 3a', 'LOCATION_STREET'),
      at('A-3336', 'LOCATION_ZIP'),
      at('St. Johann', 'LOCATION_CITY'),
      at('030 110-2612', 'CONTACT_PHONE'),
      at('23346011', 'ID'),
      at('28', 'AGE', text.indexOf('28-j')),
      at('B.', 'NAME_DOCTOR'),
      at('Supanic', 'NAME_DOCTOR'),
      at('J. Klein', 'NAME_DOCTOR'),
      { '%TYPE': 'webanno.custom.PHI', begin: 3, end: 5 },
    ],
  };

  it('reads text, title and PHI spans (missing begin means 0, spans without kind skipped)', () => {
    const doc = parseGrascco(json);
    expect(doc.title).toBe('Albers.txt');
    expect(doc.text).toBe(text);
    expect(doc.spans[0]).toEqual({ start: 0, end: 8, kind: 'LOCATION_HOSPITAL_X' });
    expect(doc.spans).toHaveLength(16);
  });

  it('maps kinds, trims spans, merges ZIP + CITY and initial + surname, drops bare years and short IDs', () => {
    const { record, dropped } = grasccoToRecord(parseGrascco(json), 'grascco-phi:Albers');
    expect(dropped).toBe(0);
    expect(record.text).toBe(text);
    expect(markup(record)).toBe(
      '\uFEFF{{Patient}}: [[PER|Beate Albers]] (* [[DATE|4.4.1997]]), seit 2020 auf Station A31.\n' +
        'Dr. [[PER|Hans Wurst]], [[STR|Hauptstraße 3a]], [[LOC|A-3336 St. Johann]]\n' +
        'Tel. [[TEL|030 110-2612]], Fallnummer: [[OTH|23346011]], [[OTH|28]]-jährige\n' +
        'Dr. [[PER|B. Supanic]]\t[[PER|J. Klein]]',
    );
    expect(record.labels).toEqual(['PER', 'STR', 'MAIL', 'TEL', 'LOC', 'ORG', 'DATE', 'OTH']);
  });

  it.each([
    ['DATE', '2020', null],
    ['DATE', '12.3.2020', 'DATE'],
    ['ID', '4A', null],
    ['ID', 'DIN EN ISO 9001', null],
    ['ID', 'H25440/51', 'OTH'],
    ['NAME_TITLE', 'Prof. Dr.', null],
    ['CONTACT_FAX', '030 110-2619', 'TEL'],
    ['SOMETHING_NEW', 'x', 'IGNORE'],
  ])('mapGrasccoSpan(%s, %j) = %j', (kind, value, expected) => {
    expect(mapGrasccoSpan(kind, value)).toBe(expected);
  });

  it('rejects files that are not CAS JSON', () => {
    expect(() => parseGrascco({})).toThrow(/FEATURE_STRUCTURES/);
  });
});
