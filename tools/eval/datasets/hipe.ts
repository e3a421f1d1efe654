import type { TextLabelName } from '../../../src/spec/types.js';
import type { MappedLabel } from '../types.js';
import type { TaggedSentence } from './bio.js';

/**
 * HIPE-2022 NE-COARSE-LIT classes (NewsEye and SoNAR German, historical newspapers; **evaluation only**) → ours:
 * PER, LOC, ORG one to one (fine PER.author is PER in the coarse column already). HumanProd (newspapers, books) is an
 * ignore range: a work is no OTH in our spec (identifiers and ages), but a newspaper title is often also its publisher,
 * which our ORG covers, so a guess there is neither clearly right nor wrong. NE-NESTED, metonymy and NEL columns unused.
 */
export const HIPE_MAPPING: Readonly<Record<string, MappedLabel>> = { PER: 'PER', LOC: 'LOC', ORG: 'ORG', HumanProd: 'IGNORE' };
export const HIPE_LABELS: TextLabelName[] = ['PER', 'LOC', 'ORG'];

/** A HIPE sentence keeps the original spacing: `NoSpaceAfter` glues the next token on. */
export interface HipeSentence extends TaggedSentence {
  spaceAfter: boolean[];
  /** Document id (`# hipe2022:document_id`). */
  document: string;
}

/** OCR pages have long runs without a sentence flag: cut them so a record stays sentence-sized. */
const MAX_SENTENCE_TOKENS = 120;

/**
 * Parses a HIPE TSV file (header line, `#` metadata lines, TAB-separated 10 columns, `EndOfSentence`/`NoSpaceAfter`/
 * `EndOfLine` flags in MISC). Sentences end at `EndOfSentence` (never inside an entity), at document starts and at 120
 * tokens. A line-end hyphen (`Fett¬` + `EndOfLine`) is joined to the next token ("Fettwaarenfabrik"); `NoSpaceAfter`
 * between two letters or digits is taken for a line end and gets a space (NewsEye sets it there).
 */
export function parseHipe(content: string): HipeSentence[] {
  const out: HipeSentence[] = [];
  let document = '';
  let cur: HipeSentence = { tokens: [], tags: [], spaceAfter: [], document };
  const flush = () => {
    if (cur.tokens.length > 0) out.push(cur);
    cur = { tokens: [], tags: [], spaceAfter: [], document };
  };
  const rows = content.split(/\r?\n/);
  let prevHyphen = false;
  for (let i = 0; i < rows.length; i++) {
    const line = rows[i] as string;
    if (line.startsWith('TOKEN\t') || line.trim() === '') continue;
    if (line.startsWith('#')) {
      const m = /^# hipe2022:document_id = (.*)$/.exec(line);
      if (m) {
        flush();
        document = (m[1] as string).trim();
        cur.document = document;
      }
      continue;
    }
    const cols = line.split('\t');
    const misc = (cols[9] ?? '').split('|');
    let token = cols[0] ?? '';
    const hyphen = token.endsWith('¬') && misc.includes('EndOfLine');
    if (hyphen) token = token.slice(0, -1);
    cur.tokens.push(token);
    cur.tags.push(cols[1] && cols[1] !== '_' ? cols[1] : 'O');
    cur.spaceAfter.push(!hyphen && !misc.includes('NoSpaceAfter'));
    // NewsEye flags NoSpaceAfter at many line ends between two words ("gestern|vor"): keep a space between letters.
    const prevAt = cur.tokens.length - 2;
    if (
      prevAt >= 0 &&
      cur.spaceAfter[prevAt] === false &&
      !prevHyphen &&
      /[\p{L}\p{N}]$/u.test(cur.tokens[prevAt] as string) &&
      /^[\p{L}\p{N}]/u.test(token)
    ) {
      cur.spaceAfter[prevAt] = true;
    }
    prevHyphen = hyphen;
    let j = i + 1;
    while (j < rows.length && ((rows[j] as string).trim() === '' || (rows[j] as string).startsWith('#'))) j++;
    const nextInside = j < rows.length && /^I-/.test((rows[j] as string).split('\t')[1] ?? '');
    if (!nextInside && (misc.includes('EndOfSentence') || cur.tokens.length >= MAX_SENTENCE_TOKENS)) flush();
  }
  flush();
  return out;
}
