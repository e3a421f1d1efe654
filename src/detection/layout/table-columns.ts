import type { TextLabelName } from '../../spec/types.js';
import type { Span } from '../../text/span.js';
import { TITLE_WORDS, words } from '../words/lexicon.js';
import type { DetectContext, Recognizer } from '../recognizer.js';

/*
 * Tables of people: a header row names each column (`Name;Vorname;Geburtsdatum;PLZ;Ort`, `| Name | City | Email |`,
 * tab-separated, or aligned with runs of spaces), and every cell below it is what its header says, however little the
 * cell shows by itself (`Schulze`, `07743`, `031461519`). Excel and CRM exports, participant lists and vendor registers
 * look like this. A header is a row of words only, two or more of them known column names; the rows below it must
 * split into as many cells. Cells are spans of their column's label, scored below validated rule matches, so a phone
 * rule's or a street rule's reading of a cell wins where it has one.
 */

const ID = 'pattern:table-columns';
const SCORE = 0.8;

/** Column names, lower case, by label: whole header cells first (several words), then single words. */
const PHRASES: ReadonlyMap<string, TextLabelName> = new Map([
  ...phraseList('PER', 'last name|first name|given name|full name|family name|contact person|name, vorname|vor- und nachname'),
  ...phraseList('ORG', 'company name|firm name|employer name|vendor name|bank name|school name'),
  ...phraseList('STR', 'street name|street address|address line 1|address line 2|house number'),
  ...phraseList('LOC', 'place of birth|post code|zip code|postal code'),
  ...phraseList('TEL', 'phone number|mobile number|telephone number|fax number'),
  ...phraseList('MAIL', 'email address|e-mail address|mail address'),
  ...phraseList('DATE', 'date of birth|birth date|start date|end date'),
  ...phraseList(
    'OTH',
    'customer id|customer no|customer number|member id|membership number|employee id|staff id|patient id|user name|' +
      'account number|account no|policy number|insurance number|tax id|vat id|id number|passport number|licence plate|' +
      'license plate|social security number|national insurance number|order number|invoice number|case number',
  ),
]);

const WORDS: ReadonlyMap<string, TextLabelName> = new Map([
  ...wordList(
    'PER',
    `nachname vorname vornamen familienname zuname rufname surname lastname firstname forename forenames fullname
    ansprechpartner ansprechpartnerin kontaktperson contact patient patientin mitarbeiter mitarbeiterin employee teilnehmer
    teilnehmerin participant schüler schülerin student mieter mieterin tenant eigentümer owner inhaber inhaberin kunde
    kundin customer client mitglied member bewerber bewerberin applicant candidate person guest gast fahrer driver arzt
    ärztin doctor physician lehrer lehrerin teacher vertreter representative`,
  ),
  ...wordList('LOC', 'ort wohnort stadt city town plz postleitzahl postcode zip land country staat state bundesland county geburtsort'),
  ...wordList('STR', 'straße strasse str adresse anschrift address street wohnadresse hausnummer hausnr'),
  ...wordList('TEL', 'telefon telefonnummer tel phone telephone mobil mobile handy fax cell rufnummer handynummer'),
  ...wordList('MAIL', 'email e-mail mail'),
  ...wordList('DATE', 'geburtsdatum geburtstag geb dob birthday date datum'),
  ...wordList(
    'OTH',
    `iban kontonummer konto kundennummer kundennr kdnr personalnummer mitgliedsnummer versichertennummer svnr
    sozialversicherungsnummer steuer-id steuerid ssn nino passnummer ausweisnummer kennzeichen benutzername username login
    handle account vat ust-idnr ticket aktenzeichen mrn`,
  ),
  ...wordList(
    'ORG',
    `firma firmenname company employer arbeitgeber unternehmen organisation organization verein schule school krankenkasse
    versicherung insurer bank vendor lieferant supplier kanzlei praxis klinik hospital hochschule university universität`,
  ),
]);

/** A person's name alone says little when another word names the column: `Company name`, `Bank name`, `Street name`. */
const WEAK_WORDS: ReadonlyMap<string, TextLabelName> = new Map([
  ['name', 'PER'],
  ['names', 'PER'],
]);

function phraseList(label: TextLabelName, list: string): Array<[string, TextLabelName]> {
  return list.split('|').map((p) => [p, label]);
}

function wordList(label: TextLabelName, list: string): Array<[string, TextLabelName]> {
  return words(list).map((w) => [w, label]);
}

/** The label a header cell names, or null (several labels, or none: `Notes`, `Nr.`, `Phone / Email`). */
export function columnLabel(header: string): TextLabelName | null {
  const cell = header
    .toLowerCase()
    .replace(/[:.*]+$/u, '')
    .trim()
    .replace(/\s+/gu, ' ');
  const phrase = PHRASES.get(cell);
  if (phrase) return phrase;
  const labels = new Set<TextLabelName>();
  let weak: TextLabelName | null = null;
  for (const w of cell.split(/[\s/_()&+,]+/u)) {
    const word = w.replace(/\.$/u, '');
    if (word === '') continue;
    const label = WORDS.get(word) ?? compoundLabel(word);
    if (label) labels.add(label);
    else weak ??= WEAK_WORDS.get(word) ?? null;
  }
  if (labels.size === 1) return [...labels][0]!;
  return labels.size === 0 ? weak : null;
}

/** German compounds by their last part: `Eintrittsdatum` a date, `Tel.-Nr.` a phone, `Vertragsnummer` an identifier. */
function compoundLabel(word: string): TextLabelName | null {
  if (/.{3,}datum$/u.test(word)) return 'DATE';
  if (/^(?:tel|telefon|ruf|handy|mobil|fax)\.?-?(?:nummer|nr)$/u.test(word)) return 'TEL';
  if (/.{3,}(?:nummer|-?nr)$/u.test(word) && !/haus-?(?:nummer|nr)$/u.test(word)) return 'OTH';
  return null;
}

interface Cell {
  start: number;
  end: number;
}

/** How a row splits into cells: tab, semicolon, pipe, or a run of two or more spaces (aligned columns). */
type Delimiter = '\t' | ';' | '|' | 'spaces';
const DELIMITERS: readonly Delimiter[] = ['\t', ';', '|', 'spaces'];
const SEPARATORS: Readonly<Record<Delimiter, RegExp>> = { '\t': /\t/gu, ';': /;/gu, '|': /\|/gu, spaces: / {2,}|\t/gu };

/** The cells of a line (offsets into the text), trimmed of spaces; a pipe row's outer pipes open no cell. */
function cellsOf(text: string, start: number, end: number, delimiter: Delimiter): Cell[] {
  const line = text.slice(start, end);
  const separator = SEPARATORS[delimiter];
  const cells: Cell[] = [];
  let from = 0;
  for (const m of line.matchAll(separator)) {
    cells.push(trim(text, start + from, start + m.index));
    from = m.index + m[0].length;
  }
  cells.push(trim(text, start + from, end));
  if (delimiter === '|') {
    if (cells[0] && cells[0].end === cells[0].start) cells.shift();
    const last = cells[cells.length - 1];
    if (last && last.end === last.start) cells.pop();
  }
  if (delimiter === 'spaces' && cells[0] && cells[0].end === cells[0].start) cells.shift();
  return cells;
}

function trim(text: string, start: number, end: number): Cell {
  let s = start;
  let e = end;
  while (s < e && /\s/u.test(text.charAt(s))) s++;
  while (e > s && /\s/u.test(text.charAt(e - 1))) e--;
  return { start: s, end: e };
}

/** A markdown or ASCII rule between header and rows: `|---|:---:|`, `-----;-----`, `====`. */
const RULE_LINE = /^[\s|;:+=-]*-{3,}[\s|;:+=-]*$/u;
/** Cells that hold nothing: `-`, `—`, `n/a`, `k. A.`, `none`, `?`. */
const EMPTY_CELL = /^(?:[-–—?x/]+|n\/?a|k\.\s?a\.|none|keine?|tbd|unbekannt|unknown)$/iu;
const TITLE_PREFIX = new RegExp(`^(?:(?:${TITLE_WORDS.join('|')})\\.?\\s+)+`, 'u');

/**
 * Whether a cell's value can be its column's label at all: a name has a capital (`self-employed` in an employer column
 * is none), a phone number digits, an address `@`.
 */
function fits(value: string, label: TextLabelName): boolean {
  if (EMPTY_CELL.test(value)) return false;
  switch (label) {
    case 'PER':
    case 'ORG':
      return /\p{Lu}/u.test(value);
    case 'LOC':
      return /\p{Lu}|\d{4,5}/u.test(value);
    case 'STR':
      return /\p{L}/u.test(value);
    case 'TEL':
      return (value.match(/\d/gu)?.length ?? 0) >= 5;
    case 'MAIL':
      return value.includes('@');
    case 'DATE':
      return /\d/u.test(value);
    default:
      return /[\p{L}\p{N}]/u.test(value) && value.length >= 3;
  }
}

/**
 * A place cell that lists places is one span per place (`Lagos, Nigeria`), so that each keeps its pseudonym; with a
 * number it is an address line, one span (`Toronto, ON M5V 2T6`, labels.md).
 */
function placePieces(text: string, start: number, end: number): Cell[] {
  const value = text.slice(start, end);
  if (/\d/u.test(value) || !value.includes(',')) return [{ start, end }];
  const pieces: Cell[] = [];
  let from = 0;
  for (const m of value.matchAll(/\s*,\s*/gu)) {
    pieces.push(trim(text, start + from, start + m.index));
    from = m.index + m[0].length;
  }
  pieces.push(trim(text, start + from, end));
  return pieces.filter((p) => p.end > p.start);
}

interface Line {
  start: number;
  end: number;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    lines.push({ start, end: text.charAt(i - 1) === '\r' ? i - 1 : i });
    start = i + 1;
  }
  lines.push({ start, end: text.length });
  return lines;
}

/** The header's column labels for a delimiter, when the row reads as a header: words only, two or more known columns. */
function headerLabels(text: string, line: Line, delimiter: Delimiter): Array<TextLabelName | null> | null {
  const raw = text.slice(line.start, line.end);
  if (delimiter !== 'spaces' && !raw.includes(delimiter)) return null;
  const cells = cellsOf(text, line.start, line.end, delimiter);
  if (cells.length < 2 || cells.some((c) => /\d/u.test(text.slice(c.start, c.end)) || c.end - c.start > 40)) return null;
  const labels = cells.map((c) => columnLabel(text.slice(c.start, c.end)));
  return labels.filter((l) => l !== null).length >= 2 ? labels : null;
}

/** A header's labels and the line after it. */
interface Header {
  labels: Array<TextLabelName | null>;
  next: number;
}

/**
 * The headers a table may have at line `i`: the line, and, tried first, the line with the next one when the header
 * wrapped for want of room: the next line holds column names only (`Name  Straße  PLZ/Ort` / `Geburtsdatum`), or a
 * markdown header goes on to the line above its rule (`| Name | City |` / `Phone / Email | Notes |` / `|---|`).
 */
function headersAt(text: string, lines: readonly Line[], i: number, delimiter: Delimiter): Header[] {
  const labels = headerLabels(text, lines[i]!, delimiter);
  if (!labels) return [];
  const plain = { labels, next: i + 1 };
  const more = lines[i + 1];
  const raw = (k: number) => (k < lines.length ? text.slice(lines[k]!.start, lines[k]!.end).trim() : '');
  if (!more || raw(i + 1) === '' || RULE_LINE.test(raw(i + 1))) return [plain];
  const moreCells = cellsOf(text, more.start, more.end, delimiter);
  const ruled = delimiter === '|' && RULE_LINE.test(raw(i + 2));
  const inCell = ruled && !raw(i).endsWith('|') && !raw(i + 1).startsWith('|');
  const cells = joinCells(cellsOf(text, lines[i]!.start, lines[i]!.end, delimiter), moreCells, inCell);
  const names = cells.map((c) => text.slice(c.start, c.end));
  if (names.some((name) => /\d/u.test(name) || name.length > 40)) return [plain];
  const extended = names.map((name) => columnLabel(name));
  const known = extended.slice(labels.length).every((l) => l !== null);
  return ruled || known ? [{ labels: extended, next: i + 2 }, plain] : [plain];
}

/** The cells of a line and of the line it goes on to: `inCell` where the break falls inside a cell (one cell over it). */
function joinCells(cells: readonly Cell[], more: readonly Cell[], inCell: boolean): Cell[] {
  if (!inCell || cells.length === 0 || more.length === 0) return [...cells, ...more];
  return [...cells.slice(0, -1), { start: cells[cells.length - 1]!.start, end: more[0]!.end }, ...more.slice(1)];
}

/** A row wraps over at most this many lines. */
const MAX_ROW_LINES = 3;

/**
 * The row from line `j` on, as cells, and the line after it; null where the lines there make no row of `count` cells.
 * A row wrapped for want of room goes on over the next lines (a PDF's or a narrow page's lines): a line break between
 * two cells where the lines' cells add up to the row, or inside a cell (`15 January` / `2000`) where they add up with
 * the two halves as one; a markdown row goes on until its closing pipe. A cell goes on past a complete row only when the
 * line after the one it goes on to starts another row.
 */
function rowAt(
  text: string,
  lines: readonly Line[],
  j: number,
  delimiter: Delimiter,
  count: number,
): { cells: Cell[]; next: number } | null {
  const raw = (k: number) => text.slice(lines[k]!.start, lines[k]!.end).trim();
  const cellCount = (k: number) =>
    k < lines.length && raw(k) !== '' ? cellsOf(text, lines[k]!.start, lines[k]!.end, delimiter).length : 0;
  if (raw(j) === '') return null;
  let cells = cellsOf(text, lines[j]!.start, lines[j]!.end, delimiter);
  let k = j;
  for (; k + 1 < lines.length && k - j < MAX_ROW_LINES - 1; k++) {
    const next = raw(k + 1);
    if (next === '' || RULE_LINE.test(next)) break;
    const more = cellsOf(text, lines[k + 1]!.start, lines[k + 1]!.end, delimiter);
    let inCell: boolean;
    if (delimiter === '|') {
      const closed = raw(k).endsWith('|');
      if (closed && cells.length >= count) break;
      inCell = !closed && !next.startsWith('|');
    } else if (cells.length < count) inCell = cells.length + more.length - 1 === count;
    else if (cells.length === count && more.length === 1 && cellCount(k + 2) === count) inCell = true;
    else break;
    if (cells.length + more.length - (inCell ? 1 : 0) > count) break;
    cells = joinCells(cells, more, inCell);
  }
  return cells.length === count ? { cells, next: k + 1 } : null;
}

/** The spans of a table's rows from line `j` on under `labels`, how many rows, and the line after the last one. */
function rowsFrom(
  text: string,
  lines: readonly Line[],
  j: number,
  delimiter: Delimiter,
  labels: ReadonlyArray<TextLabelName | null>,
  ctx: DetectContext,
) {
  const spans: Span[] = [];
  for (let rows = 0; ; rows++) {
    while (j < lines.length && RULE_LINE.test(text.slice(lines[j]!.start, lines[j]!.end))) j++;
    const row = j < lines.length ? rowAt(text, lines, j, delimiter, labels.length) : null;
    if (!row) return { spans, rows, end: j };
    row.cells.forEach((cell, k) => {
      const label = labels[k];
      if (!label || !ctx.labels.has(label)) return;
      let { start } = cell;
      const value = text.slice(start, cell.end);
      if (label === 'PER') start += TITLE_PREFIX.exec(value)?.[0].length ?? 0;
      if (start >= cell.end || !fits(text.slice(start, cell.end), label)) return;
      for (const piece of label === 'LOC' ? placePieces(text, start, cell.end) : [{ start, end: cell.end }]) {
        spans.push({ ...piece, label, score: SCORE, source: ID });
      }
    });
    j = row.next;
  }
}

/** The first table with rows under a header at line `i` (each delimiter, each reading of the header in turn). */
function tableAt(text: string, lines: readonly Line[], i: number, ctx: DetectContext): { spans: Span[]; end: number } | null {
  for (const delimiter of DELIMITERS)
    for (const header of headersAt(text, lines, i, delimiter)) {
      const table = rowsFrom(text, lines, header.next, delimiter, header.labels, ctx);
      if (table.rows > 0) return table;
    }
  return null;
}

function detect(text: string, ctx: DetectContext): Span[] {
  if (!/[\t;|]| {2}/u.test(text)) return [];
  const lines = linesOf(text);
  const spans: Span[] = [];
  for (let i = 0; i < lines.length - 1; i++) {
    const table = tableAt(text, lines, i, ctx);
    if (!table) continue;
    spans.push(...table.spans);
    i = table.end - 1;
  }
  return spans;
}

/** Cells of tables whose header names their columns (PER, LOC, STR, TEL, MAIL, DATE, OTH, ORG). */
export const tableColumnRecognizer: Recognizer = {
  id: ID,
  labels: ['PER', 'LOC', 'STR', 'TEL', 'MAIL', 'DATE', 'OTH', 'ORG'],
  detect,
};
