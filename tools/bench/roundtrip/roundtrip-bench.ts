/**
 * The LLM round trip (issue 36): pseudonymize a prompt, restore a model's answer. For every prompt of `corpus.ts`
 * (German and English) and both styles (`labels`, `surrogates`), a fresh session pseudonymizes it, an answer is built
 * from the outgoing text, transformed as models write (`core.ts`: case and spacing, marks, JSON and HTML escaping,
 * endings, the other language, reordered, a summary, partial names) and restored; it must equal the expected answer
 * exactly, and no original may come back where none belongs (false restores). Every answer is also streamed through
 * `restoreStream()` in random 1–12-character chunks and compared with the whole-text restore.
 *
 * Timings: `pseudonymize` per prompt (median, after one warm-up call that loads the model), and restore throughput
 * in MB/s (UTF-8) of answer text, streamed and whole, median of `--runs` passes over all answers.
 *
 *   npm run bench:roundtrip [-- --runs N --rules --failures N]
 *
 * Default settings (the NER model on) are what users get and what `docs/measurements.md` reports; `--rules` runs
 * `createAnonymizer({ ner: false })` instead. A naive search-and-replace restore (each replacement of the vault put
 * back as written, longest first) runs over the same answers as a reference.
 */
import { performance } from 'node:perf_hooks';
import { createAnonymizer } from '../../../src/platform/node/text.js';
import type { PlaceholderStyle } from '../../../src/roundtrip/vault.js';
import { timeRuns } from '../timing.js';
import { PROMPTS } from './corpus.js';
import type { CaseResult, PromptRun, Rate } from './core.js';
import { checkRuns, chunksOf, excerpt, NAIVE_RESTORE, ratesOf, runPrompt, SESSION_RESTORE } from './core.js';
import { streamThrough } from '../../streams.js';
import { seeded } from '../../seeded-random.js';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const RUNS = Math.max(1, Number(arg('--runs') ?? 20));
const FAILURES = Math.max(0, Number(arg('--failures') ?? 40));
const RULES = process.argv.includes('--rules');
const STYLES: readonly PlaceholderStyle[] = ['labels', 'surrogates'];

const anonymizer = createAnonymizer(RULES ? { ner: false } : {});
const t0 = performance.now();
await anonymizer.text({ text: PROMPTS[0]!.text, textLabels: ['PER'], usePseudonyms: true });
const coldMs = performance.now() - t0;

const runs: PromptRun[] = [];
let seed = 1;
for (const style of STYLES) for (const prompt of PROMPTS) runs.push(await runPrompt(anonymizer, prompt, style, seed++));

const { cases, streamed } = await checkRuns(runs);
const naive = await checkRuns(runs, NAIVE_RESTORE);

const pct = (r: Rate | undefined) => (r ? `${((100 * r.ok) / r.total).toFixed(1)} % (${r.ok}/${r.total})` : '—');
const rows = [...ratesOf(cases), ...ratesOf(streamed, 'streamed (= whole restore)')];
const naiveRows = ratesOf(naive.cases);
const names = [...new Set(rows.map((r) => r.transformation))];
const find = (list: Rate[], t: string, s: PlaceholderStyle) => list.find((r) => r.transformation === t && r.style === s);
const all = (list: Rate[], s: PlaceholderStyle): Rate => {
  const of = list.filter((r) => r.style === s);
  return {
    transformation: 'all',
    style: s,
    ok: of.reduce((n, r) => n + r.ok, 0),
    total: of.reduce((n, r) => n + r.total, 0),
    falseRestores: of.reduce((n, r) => n + r.falseRestores, 0),
  };
};

const out: string[] = [];
const line = (s = '') => out.push(s);
line(
  `${PROMPTS.length} prompts (${PROMPTS.filter((p) => p.lang === 'de').length} de, ${PROMPTS.filter((p) => p.lang === 'en').length} en), ` +
    `anonymizer: ${RULES ? 'rules only (ner: false)' : 'default settings (NER model on)'}`,
);
line();
line('| answer | labels: exact | false | surrogates: exact | false | naive replace (labels · surrogates) |');
line('|---|---:|---:|---:|---:|---:|');
for (const t of names) {
  const [l, s] = STYLES.map((st) => find(rows, t, st));
  const [nl, ns] = STYLES.map((st) => find(naiveRows, t, st));
  const naiveCell = t.startsWith('streamed') ? '—' : `${pct(nl)} · ${pct(ns)}`;
  line(`| ${t} | ${pct(l)} | ${l?.falseRestores ?? '—'} | ${pct(s)} | ${s?.falseRestores ?? '—'} | ${naiveCell} |`);
}
const [al, as] = STYLES.map((st) => all(ratesOf(cases), st));
const [nal, nas] = STYLES.map((st) => all(naiveRows, st));
line(`| **all but streamed** | ${pct(al)} | ${al!.falseRestores} | ${pct(as)} | ${as!.falseRestores} | ${pct(nal)} · ${pct(nas)} |`);
line();
line(`naive replace false restores: labels ${nal!.falseRestores}, surrogates ${nas!.falseRestores}`);

// Timings.
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
line();
line(
  `pseudonymize per prompt (median ms, fresh session): ` +
    STYLES.map((s) => `${s} ${median(runs.filter((r) => r.style === s).map((r) => r.ms)).toFixed(1)}`).join(', ') +
    ` (first call of the process, model load included: ${coldMs.toFixed(0)} ms)`,
);
const random = seeded(7);
for (const style of STYLES) {
  const answers = cases
    .filter((c) => c.style === style)
    .map((c) => ({ run: runs.find((r) => r.prompt.id === c.prompt && r.style === style)!, text: c.rendered.answer }))
    .map((a) => ({ ...a, chunks: chunksOf(a.text, random) }));
  const bytes = answers.reduce((n, a) => n + Buffer.byteLength(a.text), 0);
  const streamMs = await timeRuns(async () => {
    for (const a of answers) await streamThrough(a.run.session.restoreStream(), a.chunks);
  }, RUNS);
  const wholeMs = await timeRuns(async () => {
    for (const a of answers) SESSION_RESTORE.whole(a.run, a.text);
  }, RUNS);
  const mbs = (ms: number) => (bytes / 1e6 / (ms / 1000)).toFixed(2);
  line(
    `restore ${style}: ${answers.length} answers, ${(bytes / 1000).toFixed(0)} kB; streamed (1–12-char chunks) ` +
      `${mbs(streamMs.median)} MB/s (best ${mbs(streamMs.min)}), whole ${mbs(wholeMs.median)} MB/s (best ${mbs(wholeMs.min)}), median of ${RUNS}`,
  );
}

// Failures, to be fixed in restore (never papered over here).
const failed: CaseResult[] = [...cases, ...streamed.map((c) => ({ ...c, transformation: `streamed: ${c.transformation}` }))].filter(
  (c) => !c.ok || c.falseRestore,
);
line();
line(`${failed.length} failing answers${failed.length > FAILURES ? ` (first ${FAILURES})` : ''}:`);
for (const c of failed.slice(0, FAILURES)) {
  const e = excerpt(c);
  line(`- ${c.style} · ${c.transformation} · ${c.prompt}${c.falseRestore ? ' · FALSE RESTORE' : ''}`);
  line(`    answer:   …${e.answer}…`);
  line(`    expected: …${e.expected}…`);
  line(`    got:      …${e.got}…`);
}
process.stdout.write(`${out.join('\n')}\n`);
