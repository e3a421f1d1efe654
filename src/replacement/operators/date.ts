import { dayOfWeek } from '../../dates/calendar.js';
import { isCompleteDate, parseDate, type TextRange } from '../../dates/parse.js';
import { weekdayName } from '../../dates/weekdays.js';
import type { DatePseudonymization } from '../../spec/types.js';

/**
 * DATE_PSEUDONYMIZATION: masks the chosen components of a date, keeping their place and length.
 *
 * The match is parsed in `cfg.dateLocale` (AUTO: from its form). Every character of each chosen component
 * (day, month, year) becomes `*`; everything else stays (`12.03.2021` → `**.03.2021`, `12. März 2021` →
 * `12. **** 2021`). `showWeekday` appends the weekday of the original date, ` (Freitag)` for DE and ` (Friday)`
 * for EN and ISO, when day, month and year are all known. A match that is no date becomes `cfg.pseudonym`.
 */
export function replaceDate(match: string, cfg: DatePseudonymization): string {
  const parsed = parseDate(match, cfg.dateLocale);
  if (!parsed) return cfg.pseudonym;
  const chosen: TextRange[] = [];
  if (cfg.replaceDay && parsed.dayRange) chosen.push(parsed.dayRange);
  if (cfg.replaceMonth && parsed.monthRange) chosen.push(parsed.monthRange);
  if (cfg.replaceYear && parsed.yearRange) chosen.push(parsed.yearRange);
  chosen.sort((a, b) => a.start - b.start);
  let out = '';
  let pos = 0;
  for (const r of chosen) {
    // Components never overlap; count code points so one masked letter is one `*` even outside the BMP.
    out += match.slice(pos, r.start) + '*'.repeat([...match.slice(r.start, r.end)].length);
    pos = r.end;
  }
  out += match.slice(pos);
  if (cfg.showWeekday && isCompleteDate(parsed)) {
    const weekday = dayOfWeek(parsed.year, parsed.month, parsed.day);
    out += ` (${weekdayName(weekday, parsed.locale === 'DE' ? 'DE' : 'EN')})`;
  }
  return out;
}
