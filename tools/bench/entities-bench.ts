/**
 * What the entity pass (issue 35: `src/entities/`) costs on top of replacement, per 2,000 characters: the own dev set's
 * 42 documents are detected once (the shipped model on), then their spans are replaced alone (`applyReplacements`) and
 * through the entities (`prepare` → replacement → `settle`), alternately, `--runs` times.
 *
 *   npm run bench:entities [-- --runs N]
 *
 * Never run in tests: timings depend on the machine.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDocumentEntities } from '../../src/entities/document-entities.js';
import { applyReplacements } from '../../src/replacement/apply.js';
import { createPlan } from '../../src/replacement/plan.js';
import { createAnonymizer } from '../../src/platform/node/text.js';
import type { Span } from '../../src/text/span.js';

const at = process.argv.indexOf('--runs');
const RUNS = at >= 0 ? Math.max(1, Number(process.argv[at + 1])) : 20;
const dir = join(import.meta.dirname, '..', '..', 'eval', 'own-dev');
const anonymizer = createAnonymizer();
const docs: Array<{ text: string; spans: Span[] }> = [];
for (const lang of ['de', 'en'])
  for (const line of readFileSync(join(dir, `${lang}.jsonl`), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')) {
    const { text } = JSON.parse(line) as { text: string };
    docs.push({ text, spans: await anonymizer.detect(text) });
  }
const chars = docs.reduce((n, d) => n + d.text.length, 0);
const plan = createPlan(true);
const ways = {
  'replacement alone': (d: (typeof docs)[number]) => applyReplacements(d.text, d.spans, plan),
  'entities + replacement': (d: (typeof docs)[number]) => {
    const entities = createDocumentEntities(plan, 'auto', { further: 'names' });
    const edits = applyReplacements(d.text, entities.prepare(d.text, d.spans), plan, entities).edits;
    return entities.settle([{ text: d.text, edits }]);
  },
};
const total = new Map<string, number>(Object.keys(ways).map((k) => [k, 0]));
for (let r = 0; r < RUNS; r++)
  for (const [name, run] of Object.entries(ways)) {
    const t0 = performance.now();
    for (const d of docs) run(d);
    total.set(name, total.get(name)! + performance.now() - t0);
  }
process.stdout.write(`${docs.length} documents, ${chars.toLocaleString('en-US')} characters, ${RUNS} runs\n`);
for (const [name, ms] of total) process.stdout.write(`${name}: ${((ms / RUNS) * (2000 / chars)).toFixed(2)} ms per 2,000 characters\n`);
