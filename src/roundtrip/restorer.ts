import type { TextLabelName } from '../spec/types.js';
import { createEscapeContext } from './escape-context.js';
import type { RestoreTable, RestoreTarget } from './restore-table.js';
import { surrogateKey } from './restore-table.js';

/*
 * Restore: every placeholder of the vault in an answer becomes its original again, however the model wrote it:
 * `per-1`, `PER 1`, `PER_1`, `PER\-1`, `PER – 1`, in markdown or code marks (`_PER-1_` too), brackets or quotes (the
 * marks stay), declined (`PER-1s`, `PER-1's`: the ending stays), a surrogate in capitals or alone (`Becker` of
 * `Julia Becker`), inside a JSON string (right after an escaped line break, `\nPER-1`, too) or HTML (the original is
 * escaped as the text around it is). Nothing outside the vault is ever put back: an unknown `PER-9` and a surrogate
 * word two entities share are left as written and reported.
 *
 * One pass over the answer's text, whole or in chunks: `push` returns what a chunk completes and holds back only a
 * tail that may still begin a placeholder (never more than the longest one), so a streamed answer split at any offset
 * is restored exactly as the whole answer is.
 */

/** What a restore did. */
export interface RestoreReport {
  /** Each entity of the vault put back, with how often and the spellings met (as written in the answer). */
  restored: Array<{ placeholder: string; label: TextLabelName; count: number; variants: string[] }>;
  /** Text of the `LABEL-n` shape the vault does not hold (`PER-9`): left as written. */
  unknown: Array<{ text: string; count: number }>;
  /** Text that is one of the vault's placeholders but cannot be put back: left as written. */
  unplaced: Array<{ text: string; reason: 'ambiguous' | 'incomplete'; count: number }>;
}

export interface Restorer {
  /** The restored text this chunk completes (possibly empty). */
  push(chunk: string): string;
  /** The rest, at the end of the answer. */
  flush(): string;
  report(): RestoreReport;
}

/** Endings a model writes onto a name (`PER-1s`, `PER-1's`, `Beckers`): kept after the original. */
const ENDING = String.raw`(?:['\u2019]s|['\u2019]|es|s)?`;
/** Between label and number: a hyphen of any kind (markdown may escape it), an underscore, white space, ` - `. */
const SEPARATOR = String.raw`(?:\\?[-_\u2010\u2011\u2012\u2013\u2014]|[ \u00a0][-\u2013\u2014][ \u00a0]|[ \u00a0])?`;
/**
 * A placeholder begins after a non-word, after markdown emphasis (`_PER-1_`, `__PER-1__`), or after a JSON string's
 * escape of a line break, tab or punctuation (`\nPER-1`, `\u201ePER-1`: the escape ends in a letter or digit).
 */
const BEFORE = String.raw`(?:(?<![\p{L}\p{N}_])|(?<=(?<![\p{L}\p{N}_])_{1,3})|(?<=(?<!\\)(?:\\\\)*\\(?:[nrtbf]|u(?:20[0-6][0-9a-fA-F]|00[aAbB][0-9a-fA-F]|300[0-9a-fA-F]))))`;
const AFTER = String.raw`(?:(?![\p{L}\p{N}_])|(?=_{1,3}(?![\p{L}\p{N}_])))`;
/** Characters kept of the text already passed on: what a placeholder at the buffer's start is read after. */
const LOOKBEHIND = 16;
/** Digits of a placeholder's number. */
const MAX_DIGITS = 6;

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&');

/** A surrogate as a pattern: its words with any run of up to three spaces or a line break between them. */
const keyPattern = (text: string) =>
  text
    .trim()
    .split(/\s+/u)
    .map(escapeRegex)
    .join(String.raw`(?:[ \t\u00a0]{1,3}|[ \t]?\r?\n[ \t]?)`);

/** `original` spaced as the model spaced the surrogate (a line break between its words stays). */
function spacedLike(written: string, original: string): string {
  const gaps = written.match(/\s+/gu) ?? [];
  const words = original.split(/ /u);
  if (gaps.length === 0 || words.length !== gaps.length + 1 || gaps.every((g) => g === ' ')) return original;
  return words.map((w, i) => w + (gaps[i] ?? '')).join('');
}

/** The original in the case the model wrote the surrogate in (capitals stay capitals), spaced as it was. */
function casedLike(written: string, surrogate: string, original: string): string {
  if (written === surrogate) return original;
  original = spacedLike(written, original);
  const letters = written.replace(/[^\p{L}]/gu, '');
  if (letters !== '' && letters === letters.toUpperCase() && surrogate !== surrogate.toUpperCase()) return original.toUpperCase();
  if (letters !== '' && letters === letters.toLowerCase() && surrogate !== surrogate.toLowerCase()) return original.toLowerCase();
  return original;
}

/** A restorer over `table`; one per answer. */
export function createRestorer(table: RestoreTable): Restorer {
  const labels = table.labels.join('|');
  const surrogateTexts = [...table.surrogates.values()].map((k) => k.text);
  const source =
    `${BEFORE}(?:(?<label>${labels})(?<sep>${SEPARATOR})(?<num>\\d{1,${MAX_DIGITS}})` +
    (surrogateTexts.length > 0 ? `|(?<sur>${surrogateTexts.map(keyPattern).join('|')})` : '') +
    `)(?<end>${ENDING})${AFTER}`;
  const pattern = new RegExp(source, 'giu');
  const labelPrefix = new RegExp(
    `^(?:${[...new Set(table.labels.flatMap((l) => [...l].map((_, i) => l.slice(0, i + 1))))].join('|')}|` +
      `(?:${labels})(?:\\\\|\\\\?[-_\\u2010-\\u2014]|[ \\u00a0](?:[-\\u2013\\u2014][ \\u00a0]?)?)?(?:\\d{1,${MAX_DIGITS}}(?:['\\u2019]s?|es?|s)?)?)$`,
    'iu',
  );
  const surrogateKeys = [...table.surrogates.keys()];
  const longest = Math.max(0, ...surrogateKeys.map((k) => k.length));
  /** The longest tail held back: a whole surrogate with wider spacing and an ending, or a whole `LABEL - 123456's`. */
  const hold = Math.max(2 * longest + 8, 20);

  const boundary = new RegExp(BEFORE, 'yu');

  const context = createEscapeContext();
  let buffer = '';
  /** The last characters already passed on (`LOOKBEHIND`): what a placeholder at the buffer's start follows. */
  let before = '';
  const restored = new Map<RestoreTarget['entity'], { placeholder: string; label: TextLabelName; count: number; variants: Set<string> }>();
  const unknown = new Map<string, number>();
  const unplaced = new Map<string, { reason: 'ambiguous' | 'incomplete'; count: number }>();

  /** Whether `tail` may be the beginning of a placeholder. */
  function mayBegin(tail: string): boolean {
    if (labelPrefix.test(tail)) return true;
    const t = tail.toLowerCase().replace(/\s+/gu, ' ');
    for (const k of surrogateKeys) {
      if (k.startsWith(t)) return true;
      if (t.startsWith(k) && /^(?:['\u2019]s?|es?|s)?$/u.test(t.slice(k.length))) return true;
    }
    return false;
  }

  /** Where the held-back tail begins: the first position where a placeholder may begin (as `BEFORE` reads it). */
  function heldFrom(): number {
    const text = before + buffer;
    for (let i = Math.max(0, buffer.length - hold); i < buffer.length; i++) {
      boundary.lastIndex = before.length + i;
      if (!boundary.test(text)) continue;
      if (mayBegin(buffer.slice(i))) return i;
    }
    return buffer.length;
  }

  function countRestored(target: RestoreTarget, written: string): void {
    const entry = restored.get(target.entity) ?? {
      placeholder: target.entity.placeholder,
      label: target.entity.label,
      count: 0,
      variants: new Set<string>(),
    };
    entry.count++;
    entry.variants.add(written);
    restored.set(target.entity, entry);
  }

  /** What one match becomes, or null to leave it as written. */
  function replacement(m: RegExpExecArray): string | null {
    const g = m.groups!;
    const ending = g.end ?? '';
    if (g.label !== undefined) {
      const sep = g.sep ?? '';
      // `per 1` and `Per1` are words and numbers (`per 1 kg`); without a hyphen or underscore only capitals count.
      if (!/[-_\u2010-\u2014]/u.test(sep) && g.label !== g.label.toUpperCase()) return null;
      const canonical = `${g.label.toUpperCase()}-${Number(g.num)}`;
      const target = table.placeholders.get(canonical);
      if (!target) {
        if (g.label === g.label.toUpperCase() || sep !== '') unknown.set(canonical, (unknown.get(canonical) ?? 0) + 1);
        return null;
      }
      countRestored(target, m[0].slice(0, m[0].length - ending.length));
      return context.escape(target.original) + ending;
    }
    const written = g.sur!;
    const key = table.surrogates.get(surrogateKey(written));
    if (!key) return null;
    if (!key.target) {
      const u = unplaced.get(written) ?? { reason: 'ambiguous' as const, count: 0 };
      u.count++;
      unplaced.set(written, u);
      return null;
    }
    countRestored(key.target, written);
    return context.escape(casedLike(written, key.text, key.target.original)) + ending;
  }

  /** Restores `buffer` up to the held-back tail (all of it at the end) and keeps the tail. */
  function advance(final: boolean): string {
    let until = final ? buffer.length : heldFrom();
    const text = before + buffer;
    const offset = before.length;
    const out: string[] = [];
    let cursor = offset;
    pattern.lastIndex = offset;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      const end = m.index + m[0].length;
      // Mid-stream, a match the text ends with (or ends with but for underscores) may still grow.
      if (end - offset > until || (!final && /^_*$/u.test(text.slice(end)))) {
        until = Math.min(until, m.index - offset);
        break;
      }
      // What stands before the match is read first: it decides how the original is escaped.
      const between = text.slice(cursor, m.index);
      context.read(between);
      out.push(between);
      cursor = m.index;
      const put = replacement(m);
      if (put === null) continue;
      out.push(put);
      context.read(m[0]);
      cursor = end;
    }
    const rest = text.slice(cursor, until + offset);
    context.read(rest);
    out.push(rest);
    const passed = buffer.slice(0, until);
    if (passed !== '') before = (before + passed).slice(-LOOKBEHIND);
    buffer = buffer.slice(until);
    return out.join('');
  }

  return {
    push(chunk) {
      buffer += chunk;
      return advance(false);
    },
    flush() {
      const tail = /(?<![\p{L}\p{N}_])([A-Za-z]{3,4}[-_\u2010-\u2014])$/u.exec(buffer);
      if (tail && table.labels.includes(tail[1]!.slice(0, -1).toUpperCase() as TextLabelName)) {
        const u = unplaced.get(tail[1]!) ?? { reason: 'incomplete' as const, count: 0 };
        u.count++;
        unplaced.set(tail[1]!, u);
      }
      return advance(true);
    },
    report() {
      return {
        restored: [...restored.values()].map(({ variants, ...r }) => ({ ...r, variants: [...variants] })),
        unknown: [...unknown].map(([text, count]) => ({ text, count })),
        unplaced: [...unplaced].map(([text, u]) => ({ text, ...u })),
      };
    },
  };
}
