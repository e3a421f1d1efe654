import { MONTH_NAMES_DE, MONTH_NAMES_EN } from '../dates/months.js';
import { isCompleteDate, parseDate } from '../dates/parse.js';

/*
 * A date as a model may rewrite it: an answer in the other language, or a summary, writes the surrogate date
 * `October 18, 2023` as `18. Oktober 2023` or `2023-10-18`. Each spelling of the surrogate date restores to the same
 * spelling of the original date, so restore stays a matter of finding known strings (whole or streamed alike).
 */

interface Ymd {
  year: number;
  month: number;
  day: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The spellings of a date, in a fixed order: German and English, numeric and written. */
function spellings({ year, month, day }: Ymd): string[] {
  const de = MONTH_NAMES_DE[month - 1]!;
  const en = MONTH_NAMES_EN[month - 1]!;
  return [
    `${pad(day)}.${pad(month)}.${year}`,
    `${day}.${month}.${year}`,
    `${day}. ${de} ${year}`,
    `${year}-${pad(month)}-${pad(day)}`,
    `${en} ${day}, ${year}`,
    `${day} ${en} ${year}`,
  ];
}

function complete(text: string): Ymd | null {
  const p = parseDate(text);
  return p !== null && isCompleteDate(p) ? { year: p.year, month: p.month, day: p.day } : null;
}

/**
 * Other spellings of a surrogate date with the matching spelling of its original: `[surrogate, original]` pairs
 * (the German month with its umlaut and in ASCII, `Maerz`, as the surrogates write it). Empty unless both are
 * complete dates.
 */
export function dateRespellings(surrogate: string, original: string): Array<[string, string]> {
  const fake = complete(surrogate);
  const real = complete(original);
  if (fake === null || real === null) return [];
  const realSpellings = spellings(real);
  const out: Array<[string, string]> = [];
  spellings(fake).forEach((s, i) => {
    out.push([s, realSpellings[i]!]);
    if (s.includes('März')) out.push([s.replace('März', 'Maerz'), realSpellings[i]!]);
  });
  return out;
}
