import type { Span } from '../../text/span.js';
import { isCommonWord } from '../words/common-words.js';
import type { DetectContext, Recognizer } from '../recognizer.js';

/*
 * The timeline of a CV: a period, then `role, employer, town` (`06/2015 – 03/2018  Kaufmännische Angestellte,
 * Scherbarth-Lobinger, Morhelferland`, `2019–present  Data Engineer, Ocado Technology, Hatfield`). Where the line has
 * exactly these three parts, the employer is an organisation and the town a place, however unknown their names:
 * small firms and villages are what CVs name, and neither the model nor the lists know them.
 */

const ID = 'pattern:cv-lines';
const ORG_SCORE = 0.7;
const LOC_SCORE = 0.75;

/** A period that opens a timeline line: `06/2015 – 03/2018`, `2019–present`, `seit 11/2010`, `Januar 2001 – 08/2004`. */
const PERIOD =
  /^[ \t]*(?:(?:seit|since|ab|from)[ \t]+)?(?:\p{L}{3,9}\.?[ \t]+)?(?:\d{1,2}[./])?(?:19|20)\d{2}(?:[ \t]*[-–][ \t]*(?:(?:\p{L}{3,9}\.?[ \t]+)?(?:\d{1,2}[./])?(?:19|20)\d{2}|heute|today|present|now|dato|jetzt))?(?:[ \t]{2,}|\t|[ \t]*[|:][ \t]*)/u;
/** A town: capitalised words or a hyphenated name, a river in brackets (`Lingen (Ems)`). */
const TOWN =
  /^\p{Lu}[\p{L}\p{M}'’.-]{1,40}(?: (?:\p{Lu}[\p{L}\p{M}'’.-]{1,30}|an der|am|im|ob der|bei|upon|on)){0,3}(?: \(\p{Lu}[\p{L}.]{1,20}\))?$/u;
const EMPLOYER = /^\p{Lu}[^,;:()]{1,80}$/u;

function detect(text: string, ctx: DetectContext): Span[] {
  if (!ctx.labels.has('LOC') && !ctx.labels.has('ORG')) return [];
  const spans: Span[] = [];
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const period = PERIOD.exec(text.slice(start, end));
    if (period) spans.push(...lineSpans(text, start + period[0].length, end, ctx));
    if (nl < 0) break;
    start = nl + 1;
  }
  return spans;
}

/** The employer and town of `role, employer, town` between `from` and the line's end. */
function lineSpans(text: string, from: number, end: number, ctx: DetectContext): Span[] {
  const line = text.slice(from, end).replace(/[ \t\r]+$/u, '');
  const parts = line.split(', ');
  if (parts.length !== 3) return [];
  const [, employer = '', town = ''] = parts;
  if (!TOWN.test(town) || town.split(' ').every((w) => isCommonWord(w, ctx.language)) || !EMPLOYER.test(employer)) return [];
  const townStart = from + line.length - town.length;
  const employerStart = townStart - 2 - employer.length;
  const spans: Span[] = [];
  if (ctx.labels.has('ORG'))
    spans.push({ start: employerStart, end: employerStart + employer.length, label: 'ORG', score: ORG_SCORE, source: ID });
  if (ctx.labels.has('LOC')) spans.push({ start: townStart, end: townStart + town.length, label: 'LOC', score: LOC_SCORE, source: ID });
  return spans;
}

/** Employer (ORG) and town (LOC) of a CV's timeline lines. */
export const cvLineRecognizer: Recognizer = { id: ID, labels: ['ORG', 'LOC'], detect };
