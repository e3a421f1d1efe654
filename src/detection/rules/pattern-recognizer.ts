import type { TextLabelName } from '../../spec/types.js';
import type { Span } from '../../text/span.js';
import { mergeSpans } from '../merge.js';
import type { DetectContext, Recognizer } from '../recognizer.js';
import { compileRuleRegex } from './rule-regex.js';

/**
 * One declarative pattern (Presidio style): a regex, an optional validator (checksum, calendar check) and
 * context words that raise the score.
 *
 * Regexes must run in linear time on any input: no nested unbounded quantifiers, no alternations of overlapping
 * unbounded branches, bounded `{m,n}` repetition. Tests feed each recognizer long adversarial strings.
 */
export interface PatternRule {
  label: TextLabelName;
  /** Needs the `g` flag; add `d` when `group` is used. */
  regex: RegExp;
  /** Base score in [0, 1]. */
  score: number;
  /** Capture group (number or name) that is the entity; the whole match when absent. */
  group?: number | string;
  /** `false` rejects the match; a number replaces the base score. */
  validate?: (value: string, match: RegExpExecArray, text: string) => boolean | number;
  /**
   * After `validate` rejects a match, look for the next one from the match's second character, not from the value's
   * start: for shapes whose rejected match may hold a good one later (`School. Harvard Medical School`).
   */
  retryInside?: boolean;
  /**
   * A cheap test the whole text must pass before the regex runs: a word every match contains (`senat`), for rules
   * whose regex would otherwise try many starts (every capitalised word) in texts that cannot hold a match.
   */
  requires?: RegExp;
  /** Words shortly before the match (case-insensitive, whole words) that add `boost` to the score. */
  context?: { words: readonly string[]; window?: number; boost?: number };
}

const DEFAULT_WINDOW = 40;
const DEFAULT_BOOST = 0.3;

function groupRange(m: RegExpExecArray, group: number | string): [number, number] | undefined {
  const idx = m.indices;
  if (!idx) throw new Error('pattern with group needs the d flag');
  const r = typeof group === 'number' ? idx[group] : idx.groups?.[group];
  return r ? [r[0], r[1]] : undefined;
}

function hasContext(text: string, start: number, words: readonly string[], window: number): boolean {
  const before = text.slice(Math.max(0, start - window), start).toLowerCase();
  return words.some((w) => {
    const word = w.toLowerCase();
    // Every occurrence counts, not only the last: `Tel. (Hotel) 030…` has its context word before a non-word hit.
    for (let i = before.lastIndexOf(word); i >= 0; i = i === 0 ? -1 : before.lastIndexOf(word, i - 1)) {
      if (i === 0 || !/[\p{L}\p{N}]/u.test(before.charAt(i - 1))) return true;
    }
    return false;
  });
}

/**
 * Each rule's regex compiled once (./rule-regex.ts): building it on every call cost more than the matching (3.7 of
 * 7.4 ms per `text()` of a 2,000-character letter). Its own copy, so `rule.regex`'s `lastIndex` is never touched;
 * matching is synchronous, so no two calls share it at once.
 */
const compiled = new WeakMap<PatternRule, RegExp>();

function globalCopy(rule: PatternRule): RegExp {
  let re = compiled.get(rule);
  if (!re) {
    re = compileRuleRegex(rule.regex);
    compiled.set(rule, re);
  }
  re.lastIndex = 0;
  return re;
}

/** Runs one rule over the text. */
export function matchRule(rule: PatternRule, text: string, source: string): Span[] {
  const spans: Span[] = [];
  if (rule.requires && !rule.requires.test(text)) return spans;
  const re = globalCopy(rule);
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    const range = rule.group === undefined ? [m.index, m.index + m[0].length] : groupRange(m, rule.group);
    if (!range) continue;
    const [start, end] = range as [number, number];
    if (end <= start) continue;
    let score = rule.score;
    if (rule.validate) {
      const v = rule.validate(text.slice(start, end), m, text);
      if (v === false) {
        // A rejected value may hold a match of its own (`invoice: NIP 677-…` fails, `NIP 677-…` holds): go on from
        // the value's start, not from the end of the match.
        if (rule.retryInside) re.lastIndex = m.index + 1;
        else if (start > m.index) re.lastIndex = start;
        continue;
      }
      if (typeof v === 'number') score = v;
    }
    if (rule.context && hasContext(text, start, rule.context.words, rule.context.window ?? DEFAULT_WINDOW)) {
      score += rule.context.boost ?? DEFAULT_BOOST;
    }
    spans.push({ start, end, label: rule.label, score: Math.min(1, score), source });
  }
  return spans;
}

/** Options of {@link patternRecognizer}. */
export interface PatternRecognizerOptions {
  /**
   * Resolve overlaps among this recognizer's own spans (stronger first, as the pipeline's merge does), so that
   * rules describing the same entity in different shapes yield one span.
   */
  resolveOverlaps?: boolean;
}

/** A recognizer made of pattern rules; rules whose label is not requested are skipped. */
export function patternRecognizer(id: string, rules: readonly PatternRule[], options: PatternRecognizerOptions = {}): Recognizer {
  const labels = [...new Set(rules.map((r) => r.label))];
  return {
    id,
    labels,
    detect(text: string, ctx: DetectContext): Span[] {
      const spans = rules.filter((r) => ctx.labels.has(r.label)).flatMap((r) => matchRule(r, text, id));
      return options.resolveOverlaps ? mergeSpans(spans) : spans;
    },
  };
}
