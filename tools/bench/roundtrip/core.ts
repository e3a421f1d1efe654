/*
 * The round-trip bench's core (issue 36), without timing: each prompt is pseudonymized by a fresh session, a
 * model-like answer is built from the text that left the device (templated sentences naming its placeholders or
 * surrogates as written there), and the expected restored answer is the same answer built with the originals. Each
 * transformation changes answer and expected alike, in the way restore promises to undo (`src/roundtrip/restorer.ts`);
 * restore must give the expected exactly, and must never put back an original where the expected has none nor change
 * text outside the mentions (false restores). The streamed check sends every answer through `restoreStream()` in random
 * chunks of 1 to 12 characters and compares with the whole-text restore.
 *
 * Used by `roundtrip-bench.ts` (all prompts, the model on) and by its test (two prompts, rules only).
 */
import type { PseudonymizedText, TextLabelName } from '../../../src/spec/types.js';
import type { Anonymizer } from '../../../src/engine/text-engine.js';
import type { RoundTripSession } from '../../../src/sessions/session.js';
import { createSession } from '../../../src/sessions/session.js';
import type { PlaceholderStyle, Vault, VaultEntity } from '../../../src/roundtrip/vault.js';
import type { Prompt } from './corpus.js';
import type { Lang } from './templates.js';
import { INTRO, MENTION_TEMPLATES, NEGATIVES, OUTRO, OUTSIDE_CITIES, OUTSIDE_SURNAMES } from './templates.js';
import { seeded } from '../../seeded-random.js';
import { streamThrough } from '../../streams.js';

/** A piece of an answer: text (the same in answer and expected) or a mention (as written, and as it must come back). */
export type Segment = { text: string } | { out: string; exp: string; label: TextLabelName };
export type Sentence = Segment[];

/** One answer before rendering: sentences, and how the whole is wrapped and escaped. */
export interface Answer {
  sentences: Sentence[];
  /** Raw text before and after the answer (a tool call's JSON, HTML tags), never escaped. */
  prefix: string;
  suffix: string;
  /** Raw text between sentences. */
  separator: string;
  /** Applied to every segment (text and mentions alike): JSON or HTML escaping. */
  escape: (s: string) => string;
}

/** A rendered answer: what the model wrote, what restore must give, and the segments as rendered. */
export interface Rendered {
  answer: string;
  expected: string;
  segments: Array<{ text: string } | { out: string; exp: string }>;
}

/** A mention as the outgoing text wrote it, with what it restores to. */
export interface Mention {
  label: TextLabelName;
  out: string;
  exp: string;
  entity: VaultEntity;
}

export interface PromptRun {
  prompt: Prompt;
  style: PlaceholderStyle;
  session: RoundTripSession;
  result: PseudonymizedText;
  vault: Vault;
  mentions: Mention[];
  /** Milliseconds `pseudonymize` took. */
  ms: number;
}

/** How restore is called: the session's by default; the test passes a broken one to see the rates move. */
export interface RestoreUnderTest {
  whole(run: PromptRun, text: string): string;
  stream(run: PromptRun, chunks: readonly string[]): Promise<string>;
}

export const SESSION_RESTORE: RestoreUnderTest = {
  whole: (run, text) => run.session.restore(text).text,
  stream: (run, chunks) => streamThrough(run.session.restoreStream(), chunks),
};

/** The reference: a plain search-and-replace of every replacement the vault gave out, longest first. */
export const NAIVE_RESTORE: RestoreUnderTest = {
  whole(run, text) {
    const pairs = run.vault.entities.flatMap((e) => [
      { from: e.placeholder, to: e.original },
      ...e.forms.map((f) => ({ from: f.replacement, to: /^[A-Z]{3,4}-\d+$/u.test(f.replacement) ? e.original : f.original })),
    ]);
    pairs.sort((a, b) => b.from.length - a.from.length);
    for (const { from, to } of pairs) text = text.split(from).join(to);
    return text;
  },
  stream: (run, chunks) => Promise.resolve(NAIVE_RESTORE.whole(run, chunks.join(''))),
};

/** Random chunks of 1 to 12 characters (whole code points). */
export function chunksOf(text: string, random: () => number): string[] {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length;) {
    const n = 1 + Math.floor(random() * 12);
    out.push(chars.slice(i, i + n).join(''));
    i += n;
  }
  return out;
}

const LABEL_SHAPE = /^([A-Z]{3,4})-(\d+)$/u;

/** Pseudonymizes `prompt` with a fresh session and reads its mentions (one per distinct replacement, in text order). */
export async function runPrompt(
  anonymizer: Pick<Anonymizer, 'text'>,
  prompt: Prompt,
  style: PlaceholderStyle,
  seed: number,
): Promise<PromptRun> {
  const session = createSession(anonymizer, { style, random: seeded(seed), dateShiftDays: 30 });
  const t0 = performance.now();
  const result = await session.pseudonymize(prompt.text);
  const ms = performance.now() - t0;
  const vault = session.vault();
  const mentions: Mention[] = [];
  const seen = new Set<string>();
  for (const d of result.detection.detections) {
    const out = d.pseudonym!;
    if (seen.has(out)) continue;
    seen.add(out);
    const shape = LABEL_SHAPE.exec(out);
    const entity = shape
      ? vault.entities.find((e) => e.label === shape[1] && e.number === Number(shape[2]))
      : vault.entities.find((e) => e.placeholder === out || e.forms.some((f) => f.replacement === out));
    if (!entity) throw new Error(`no vault entity for ${out}`);
    // A placeholder (label-shaped or the entity's surrogate) restores to the fullest original; a surrogate form to its form.
    const exp = shape || entity.placeholder === out ? entity.original : entity.forms.find((f) => f.replacement === out)!.original;
    mentions.push({ label: entity.label, out, exp, entity });
  }
  return { prompt, style, session, result, vault, mentions, ms };
}

/** Everything a vault holds in its texts (originals and replacements), lower case: what a negative must avoid. */
function vaultWords(vault: Vault): Set<string> {
  const words = new Set<string>();
  for (const e of vault.entities)
    for (const f of [{ original: e.original, replacement: e.placeholder }, ...e.forms])
      for (const s of [f.original, f.replacement]) for (const w of s.toLowerCase().split(/[^\p{L}]+/u)) if (w) words.add(w);
  return words;
}

function fill(template: string, m: Mention): Sentence {
  const [before, after] = template.split('{m}') as [string, string];
  return [{ text: before }, { out: m.out, exp: m.exp, label: m.label }, { text: after }].filter((s) => !('text' in s) || s.text !== '');
}

/** The model's answer in `lang`: an intro, a sentence per mention, the negatives, an outro. */
export function buildAnswer(run: PromptRun, lang: Lang): Answer {
  const taken = vaultWords(run.vault);
  const city = OUTSIDE_CITIES.find((c) => !taken.has(c.toLowerCase()))!;
  const surname = OUTSIDE_SURNAMES.find((c) => !taken.has(c.toLowerCase()))!;
  const count = new Map<TextLabelName, number>();
  const sentences: Sentence[] = [[{ text: INTRO[lang] }]];
  run.mentions.forEach((m, i) => {
    const list = MENTION_TEMPLATES[lang][m.label];
    const n = count.get(m.label) ?? 0;
    count.set(m.label, n + 1);
    sentences.push(fill(list[n % list.length]!, m));
    if (i === 1) sentences.push([{ text: NEGATIVES[lang][0]! }]);
  });
  for (const neg of NEGATIVES[lang].slice(1)) sentences.push([{ text: neg.replace('{city}', city).replace('{surname}', surname) }]);
  sentences.push([{ text: OUTRO[lang] }]);
  return { sentences, prefix: '', suffix: '', separator: ' ', escape: (s) => s };
}

export function render(a: Answer): Rendered {
  const segments: Rendered['segments'] = [];
  const push = (s: Rendered['segments'][number]) => {
    const last = segments.at(-1);
    if ('text' in s && last && 'text' in last) last.text += s.text;
    else segments.push(s);
  };
  if (a.prefix) push({ text: a.prefix });
  a.sentences.forEach((sentence, i) => {
    if (i > 0) push({ text: a.separator });
    for (const s of sentence) push('text' in s ? { text: a.escape(s.text) } : { out: a.escape(s.out), exp: a.escape(s.exp) });
  });
  if (a.suffix) push({ text: a.suffix });
  const answer = segments.map((s) => ('text' in s ? s.text : s.out)).join('');
  const expected = segments.map((s) => ('text' in s ? s.text : s.exp)).join('');
  return { answer, expected, segments };
}

const mapMentions = (a: Answer, f: (m: Extract<Segment, { out: string }>, i: number) => Segment[]): Answer => {
  let i = 0;
  return { ...a, sentences: a.sentences.map((s) => s.flatMap((seg) => ('text' in seg ? [seg] : f(seg, i++)))) };
};

const isLabelShape = (s: string) => LABEL_SHAPE.test(s);
const NAME_LABELS: ReadonlySet<TextLabelName> = new Set(['PER', 'ORG', 'LOC']);

const jsonEscape = (s: string) => JSON.stringify(s).slice(1, -1);
const asciiEscape = (s: string) => jsonEscape(s).replace(/[^\x20-\x7e]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const HTML: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const htmlEscape = (s: string) => s.replace(/[&<>"']/gu, (c) => HTML[c]!);

/** A transformation of the answer (and the expected with it); null: does not apply to this style. */
export interface Transformation {
  name: string;
  /** Answer templates in the other language. */
  crossLanguage?: boolean;
  apply(a: Answer, run: PromptRun, random: () => number): Answer | null;
}

const CASE_VARIANTS: ReadonlyArray<(label: string, n: string) => string> = [
  (l, n) => `${l.toLowerCase()}-${n}`,
  (l, n) => `${l} ${n}`,
  (l, n) => `${l}_${n}`,
  (l, n) => `${l[0]}${l.slice(1).toLowerCase()}-${n}`,
];
const MARKS: ReadonlyArray<[string, string]> = [
  ['**', '**'],
  ['`', '`'],
  ['[', ']'],
  ['(', ')'],
  ['"', '"'],
  ['„', '“'],
  ['*', '*'],
  ['«', '»'],
  ["'", "'"],
  ['***', '***'],
  ['[[', ']]'],
];
const LABEL_ENDINGS = ['s', "'s", '\u2019s'];
const SURROGATE_ENDINGS = ['s', "'s"];

/** Whether `word` belongs to the surrogate texts of more than one entity (restore leaves such a word as written). */
function sharedWord(run: PromptRun, word: string): boolean {
  const w = word.toLowerCase();
  const holders = run.vault.entities.filter((e) =>
    [e.placeholder, ...e.forms.map((f) => f.replacement)].some((r) => r.toLowerCase().split(/\s+/u).includes(w)),
  );
  return holders.length > 1;
}

export const TRANSFORMATIONS: readonly Transformation[] = [
  { name: 'plain', apply: (a) => a },
  {
    name: 'case & spacing',
    apply: (a) =>
      mapMentions(a, (m, i) => {
        const shape = LABEL_SHAPE.exec(m.out);
        if (shape) return [{ ...m, out: CASE_VARIANTS[i % CASE_VARIANTS.length]!(shape[1]!, shape[2]!) }];
        if (NAME_LABELS.has(m.label) && m.out !== m.out.toUpperCase())
          return [{ ...m, out: m.out.toUpperCase(), exp: m.exp.toUpperCase() }];
        return [m];
      }),
  },
  {
    name: 'marks & quotes',
    apply: (a) =>
      mapMentions(a, (m, i) => {
        if (isLabelShape(m.out) && i % 5 === 4) return [{ ...m, out: m.out.replace('-', '\\-') }];
        const [open, close] = MARKS[i % MARKS.length]!;
        return [{ text: open }, m, { text: close }];
      }),
  },
  {
    name: 'markdown _emphasis_',
    apply: (a) =>
      mapMentions(a, (m, i) => {
        const mark = i % 2 === 0 ? '_' : '__';
        return [{ text: mark }, m, { text: mark }];
      }),
  },
  {
    name: 'JSON string',
    apply: (a) => ({ ...a, prefix: '{"name":"send_reply","arguments":{"body":"', suffix: '"}}', separator: '\\n', escape: jsonEscape }),
  },
  {
    name: 'JSON \\uXXXX',
    apply: (a) => ({ ...a, prefix: '{"name":"send_reply","arguments":{"body":"', suffix: '"}}', separator: '\\n', escape: asciiEscape }),
  },
  {
    name: 'HTML',
    apply: (a) => ({ ...a, prefix: '<div class="answer"><p>', suffix: '</p></div>', separator: '</p>\n<p>', escape: htmlEscape }),
  },
  {
    name: 'endings',
    apply: (a) =>
      mapMentions(a, (m, i) => {
        if (m.label !== 'PER' && m.label !== 'ORG') return [m];
        const endings = isLabelShape(m.out) ? LABEL_ENDINGS : SURROGATE_ENDINGS;
        const e = endings[i % endings.length]!;
        return [{ ...m, out: m.out + e, exp: m.exp + e }];
      }),
  },
  { name: 'other language', crossLanguage: true, apply: (a) => a },
  {
    name: 'reordered',
    apply: (a, _run, random) => {
      const s = [...a.sentences];
      for (let i = s.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [s[i], s[j]] = [s[j]!, s[i]!];
      }
      return { ...a, sentences: s };
    },
  },
  {
    name: 'summary',
    apply: (a) => {
      let mentionSentences = 0;
      return {
        ...a,
        sentences: a.sentences.filter((s) => !s.some((seg) => 'out' in seg) || mentionSentences++ % 2 === 0),
      };
    },
  },
  {
    name: 'partial names',
    apply: (a, run) => {
      if (run.style === 'labels') return null;
      return mapMentions(a, (m, i) => {
        const out = m.out.split(/\s+/u);
        const exp = m.exp.split(/\s+/u);
        if (m.label !== 'PER' || out.length < 2 || out.length !== exp.length) return [m];
        const at = i % 2 === 0 ? out.length - 1 : 0;
        if (sharedWord(run, out[at]!) || !/^\p{L}{3,}$/u.test(out[at]!)) return [m];
        return [{ ...m, out: out[at]!, exp: exp[at]! }];
      });
    },
  },
];

/** One checked answer. */
export interface CaseResult {
  prompt: string;
  style: PlaceholderStyle;
  transformation: string;
  rendered: Rendered;
  got: string;
  ok: boolean;
  falseRestore: boolean;
}

/** Decodes `\uXXXX`, JSON's escaped quote and backslash, and the five HTML escapes (to count originals however written). */
function plainOf(s: string): string {
  return s
    .replace(/\\u([0-9a-fA-F]{4})/gu, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    .replace(/\\(["\\])/gu, '$1')
    .replace(/&(amp|lt|gt|quot|#39);/gu, (e) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" })[e]!);
}

function occurrences(haystack: string, needle: string): number {
  let n = 0;
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + needle.length)) n++;
  return n;
}

/**
 * A false restore: the restored text holds an original (or a word of one) more often than the expected does, or text
 * outside the mentions is not as written.
 */
export function isFalseRestore(run: PromptRun, rendered: Rendered, got: string): boolean {
  const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&');
  const shape = new RegExp(`^${rendered.segments.map((s) => ('text' in s ? escapeRegex(s.text) : '[\\s\\S]*?')).join('')}$`, 'u');
  if (!shape.test(got)) return true;
  const g = plainOf(got).toLowerCase();
  const e = plainOf(rendered.expected).toLowerCase();
  const needles = new Set<string>();
  for (const entity of run.vault.entities)
    for (const f of entity.forms) {
      needles.add(f.original.toLowerCase());
      for (const w of f.original.toLowerCase().split(/\s+/u)) if (/^\p{L}{3,}$/u.test(w)) needles.add(w);
    }
  return [...needles].some((n) => occurrences(g, n) > occurrences(e, n));
}

/** Every transformation of every run: restored whole, and (`streamed`) each answer streamed in random chunks. */
export async function checkRuns(
  runs: readonly PromptRun[],
  restore: RestoreUnderTest = SESSION_RESTORE,
  seed = 1,
): Promise<{ cases: CaseResult[]; streamed: CaseResult[] }> {
  const random = seeded(seed);
  const cases: CaseResult[] = [];
  const streamed: CaseResult[] = [];
  for (const run of runs)
    for (const t of TRANSFORMATIONS) {
      const lang: Lang = t.crossLanguage ? (run.prompt.lang === 'de' ? 'en' : 'de') : run.prompt.lang;
      const answer = t.apply(buildAnswer(run, lang), run, random);
      if (!answer) continue;
      const rendered = render(answer);
      const got = restore.whole(run, rendered.answer);
      const base = { prompt: run.prompt.id, style: run.style, transformation: t.name, rendered };
      cases.push({ ...base, got, ok: got === rendered.expected, falseRestore: isFalseRestore(run, rendered, got) });
      const whole = SESSION_RESTORE.whole(run, rendered.answer);
      const stream = await restore.stream(run, chunksOf(rendered.answer, random));
      // Streamed: the expected is the whole-text restore.
      streamed.push({
        ...base,
        rendered: { ...rendered, expected: whole },
        got: stream,
        ok: stream === whole,
        falseRestore: isFalseRestore(run, rendered, stream),
      });
    }
  return { cases, streamed };
}

/** Rate of exact restores and count of false restores, per transformation and style (`streamed` as its own row). */
export interface Rate {
  transformation: string;
  style: PlaceholderStyle;
  ok: number;
  total: number;
  falseRestores: number;
}

export function ratesOf(cases: readonly CaseResult[], rowName?: string): Rate[] {
  const rows = new Map<string, Rate>();
  for (const c of cases) {
    const transformation = rowName ?? c.transformation;
    const key = `${transformation}\u0000${c.style}`;
    const r = rows.get(key) ?? { transformation, style: c.style, ok: 0, total: 0, falseRestores: 0 };
    r.total++;
    if (c.ok) r.ok++;
    if (c.falseRestore) r.falseRestores++;
    rows.set(key, r);
  }
  return [...rows.values()];
}

/** Where `got` first differs from `expected`: the answer's segment there (with its neighbours), and each text around it. */
export function excerpt(c: CaseResult, width = 50): { answer: string; expected: string; got: string } {
  const { expected, segments } = c.rendered;
  let i = 0;
  while (i < expected.length && expected[i] === c.got[i]) i++;
  const cut = (s: string, at: number) => s.slice(Math.max(0, at - width), at + width).replace(/\n/gu, '⏎');
  let k = 0;
  for (let at = 0; k < segments.length; k++) {
    const s = segments[k]!;
    at += ('text' in s ? s.text : s.exp).length;
    if (at > i) break;
  }
  const near = segments.slice(Math.max(0, k - 1), k + 2).map((s) => ('text' in s ? s.text : s.out));
  const answer = near.join('');
  const mid = near[0]!.length;
  return { answer: cut(answer, mid), expected: cut(expected, i), got: cut(c.got, i) };
}
