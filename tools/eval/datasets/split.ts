import type { TaggedSentence } from './bio.js';
import type { EvalRecord } from '../types.js';

/** Share of a training set held out as its own dev split. */
export const DEV_SHARE = 0.1;
/**
 * Sets without document boundaries (EHRI, BTC, SEC within its 5 filings) are split in blocks of this many consecutive
 * sentences: consecutive sentences come from the same document, so a block keeps most of a document together.
 */
export const DEV_BLOCK = 20;
/** Below this many documents, documents are too coarse a unit (SEC has 5): split blocks of sentences instead. */
const MIN_DOCUMENTS = 50;

/**
 * Deterministic dev split over units (documents, or blocks of consecutive sentences): every tenth unit (indices
 * 0, 10, 20, …) is dev, so dev is spread over the whole file (time periods, sources) yet never cuts a unit.
 */
export function splitUnits<T>(units: readonly T[][], share = DEV_SHARE): { dev: T[]; train: T[] } {
  const every = Math.round(1 / share);
  const dev: T[] = [];
  const train: T[] = [];
  units.forEach((u, i) => (i % every === 0 ? dev : train).push(...u));
  return { dev, train };
}

/** Cuts a sequence into blocks of `size` consecutive items. */
export function blocks<T>(items: readonly T[], size = DEV_BLOCK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The dev split of a set: whole documents when it has at least 50, else blocks of 20 consecutive sentences
 * (documents too few or absent).
 */
export function devSplit<T>(documents: readonly T[][], share = DEV_SHARE): { dev: T[]; train: T[] } {
  if (documents.length >= MIN_DOCUMENTS) return splitUnits(documents, share);
  return splitUnits(blocks(documents.flat()), share);
}

/** Marks of social-media text that are not part of the name: `#Mellendorf` is LOC `Mellendorf`. */
const LEADING_MARK = /^#\s*/;

/**
 * Post-processing for tweet-like sets (MobIE, SmartData, BTC): a leading `#` (its own token or glued on) moves out of
 * the span; a span that is a user handle (`@name`) becomes an ignore range, since handles are OTH in our spec and
 * these sets annotate only some of them (as PER or ORG); a span that then holds no letter or digit is dropped.
 */
export function cleanSocialSpans(r: EvalRecord): EvalRecord {
  const entities = [];
  const ignore = [...(r.ignore ?? [])];
  for (const e of r.entities) {
    const surface = r.text.slice(e.start, e.end);
    const lead = LEADING_MARK.exec(surface)?.[0].length ?? 0;
    const start = e.start + lead;
    if (!/[\p{L}\p{N}]/u.test(r.text.slice(start, e.end))) continue;
    if (r.text[start] === '@') ignore.push({ start, end: e.end });
    else entities.push({ ...e, start });
  }
  const out: EvalRecord = { ...r, entities };
  if (ignore.length > 0) out.ignore = ignore.sort((a, b) => a.start - b.start);
  else delete out.ignore;
  return out;
}

/** Drops trailing punctuation tokens a source let into a span (`Thomas Neff ,`): punctuation stays outside. */
export function trimTrailingPunctuation(r: EvalRecord): EvalRecord {
  const entities = r.entities.map((e) => {
    let end = e.end;
    for (;;) {
      const m = /\s+[,;:!?)(\]["'„“”»«-]+$/.exec(r.text.slice(e.start, end));
      if (!m) break;
      end -= m[0].length;
    }
    return end === e.end ? e : { ...e, end };
  });
  return { ...r, entities };
}

/**
 * BTC tokenises `@BethAnne17` as `@` + `BethAnne17` (both tagged B-PER, two spans) and `#Obama` as `#` + `Obama`:
 * glue a lone `@`/`#` to the token after it, as the tweet was written, with the mark's tag when it has one.
 */
export function glueSocialMarks(s: TaggedSentence): TaggedSentence {
  const tokens: string[] = [];
  const tags: string[] = [];
  for (let i = 0; i < s.tokens.length; i++) {
    const tok = s.tokens[i] as string;
    const tag = s.tags[i] ?? 'O';
    if ((tok === '@' || tok === '#') && i + 1 < s.tokens.length) {
      tokens.push(tok + (s.tokens[i + 1] as string));
      tags.push(tag !== 'O' ? tag : (s.tags[i + 1] ?? 'O'));
      i++;
      continue;
    }
    tokens.push(tok);
    tags.push(tag);
  }
  return { tokens, tags };
}

const WEEKDAY =
  /^(?:Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonnabend|Sonntag|Mo|Di|Mi|Do|Fr|Sa|So|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\.?\s*,?\s*(?:(?:den|dem|the)\s+)?/i;
const MONTH =
  /^(?:Jan(?:uar|uary)?|Jänner|Feb(?:ruar|ruary)?|Mär(?:z)?|Mar(?:ch)?|Apr(?:il)?|Mai|May|Jun[ie]?|Jul[iy]?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Okt(?:ober)?|Oct(?:ober)?|Nov(?:ember)?|Dez(?:ember)?|Dec(?:ember)?)\.?$/i;

/**
 * DATE spans of sets whose `date` class is broader than our DATE (MobIE, SmartData, EHRI): a leading weekday leaves the
 * span (`Sonntag , 7 . April` → `7 . April`; labels.md: the weekday stays outside DATE); a span that is then no
 * calendar date is not an entity for us (labels.md: years alone, a month alone, relative words such as "heute" are
 * never labeled): no digit at all, or only a four-digit year, or only a month name.
 */
export function fixDates(r: EvalRecord): EvalRecord {
  const entities = [];
  for (const e of r.entities) {
    if (e.label !== 'DATE') {
      entities.push(e);
      continue;
    }
    const surface = r.text.slice(e.start, e.end);
    const lead = WEEKDAY.exec(surface)?.[0].length ?? 0;
    const rest = surface.slice(lead);
    const hasMonth = rest.split(/[\s.,/-]+/).some((w) => MONTH.test(w));
    if ((!/\d/.test(rest) && !hasMonth) || /^\d{4}$/.test(rest) || MONTH.test(rest.trim()) || rest.trim() === '') continue;
    entities.push({ ...e, start: e.start + lead });
  }
  return { ...r, entities };
}
