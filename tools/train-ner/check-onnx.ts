/**
 * Checks the exported model in onnxruntime-web (WASM, Node) against PyTorch, and its tokenizer.json in
 * @huggingface/tokenizers against the training tokenizer, then measures speed on one thread.
 *
 *   /usr/bin/python3 tools/train-ner/parity.py            # writes .train/parity.json (PyTorch ids and logits)
 *   node --import tsx tools/train-ner/check-onnx.ts [--model models/ner] [--parity .train/parity.json] [--json out.json]
 *
 * onnxruntime-web and @huggingface/tokenizers are taken from the project's node_modules when present, else from
 * `.train/ortcheck/node_modules` (an npm install outside package.json, for measuring before the runtime lands).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { readGazetteer, subwordMarks } from '../../src/inference/gazetteer-features.js';
import { createTokenizer } from '../../src/inference/tokenizer.js';

async function load(spec: string, fallback: string): Promise<any> {
  try {
    return await import(spec);
  } catch {
    const p = resolve(fallback);
    if (!existsSync(p)) throw new Error(`${spec} not installed (nor ${fallback})`);
    return await import(pathToFileURL(p).href);
  }
}

interface Case {
  text: string;
  ids: number[];
  /** The gazetteer marks per position ([CLS] and [SEP] included), for a model with a gazetteer channel. */
  marks?: number[];
  /** null: tokenizer check only. */
  logits: number[][] | null;
}

async function main() {
  const { values } = parseArgs({
    options: {
      model: { type: 'string', default: 'models/ner' },
      parity: { type: 'string', default: '.train/parity.json' },
      json: { type: 'string' },
      speedText: { type: 'string', default: '.train/synth/synth-heldout-de.jsonl' },
      compare: { type: 'string', description: 'another model dir: argmax agreement with it on the parity texts' },
    },
  });
  const ort = await load('onnxruntime-web', '.train/ortcheck/node_modules/onnxruntime-web/dist/ort.node.min.mjs');
  const tk = await load('@huggingface/tokenizers', '.train/ortcheck/node_modules/@huggingface/tokenizers/dist/tokenizers.mjs');
  ort.env.wasm.numThreads = 1;
  const dir = values.model;
  const tokJson = JSON.parse(readFileSync(`${dir}/tokenizer.json`, 'utf8'));
  const tokCfg = JSON.parse(readFileSync(`${dir}/tokenizer_config.json`, 'utf8'));
  const config = JSON.parse(readFileSync(`${dir}/config.json`, 'utf8'));
  const tokenizer = new tk.Tokenizer(tokJson, tokCfg);
  const session = await ort.InferenceSession.create(readFileSync(`${dir}/model.onnx`), {
    executionProviders: ['wasm'],
    graphOptimizationLevel: 'all',
  });
  const maxPos: number = config.max_position_embeddings;
  const report: Record<string, unknown> = { inputs: session.inputNames, outputs: session.outputNames };

  // A model with a gazetteer channel reads the marks the engine computes (src/inference/gazetteer-features.ts).
  const gazetteer = session.inputNames.includes('gazetteer')
    ? readGazetteer(JSON.parse(readFileSync(`${dir}/gazetteer.json`, 'utf8')))
    : null;
  const engineTokenizer = createTokenizer(tokJson);
  const feedsOf = (ids: number[], marks?: ArrayLike<number>): Record<string, unknown> => {
    const n = ids.length;
    const feeds: Record<string, unknown> = {
      input_ids: new ort.Tensor('int64', BigInt64Array.from(ids.map((x) => BigInt(x))), [1, n]),
      attention_mask: new ort.Tensor('int64', new BigInt64Array(n).fill(1n), [1, n]),
    };
    if (gazetteer) {
      const K = gazetteer.size;
      const data = new Float32Array(n * K);
      for (let t = 0; t < n && marks; t++) for (let b = 0; b < K; b++) data[t * K + b] = ((marks[t] ?? 0) >> b) & 1;
      feeds.gazetteer = new ort.Tensor('float32', data, [1, n, K]);
    }
    return feeds;
  };
  const run = async (ids: number[], marks?: ArrayLike<number>) => {
    const out = await session.run(feedsOf(ids, marks));
    return out.logits as { data: Float32Array; dims: number[] };
  };

  // Parity: tokenizer ids and logits.
  if (existsSync(values.parity)) {
    const cases: Case[] = JSON.parse(readFileSync(values.parity, 'utf8')).cases;
    let maxDiff = 0;
    let agree = 0;
    let total = 0;
    let idMismatch = 0;
    let marksMismatch = 0;
    for (const c of cases) {
      // The engine's marks, [CLS] and [SEP] unmarked, against training's.
      const marks = gazetteer ? [0, ...subwordMarks(gazetteer, c.text, engineTokenizer.encode(c.text)), 0] : undefined;
      if (marks && (marks.length !== c.marks?.length || marks.some((v, i) => v !== c.marks![i]))) {
        marksMismatch++;
        if (marksMismatch <= 5) console.log(`gazetteer marks differ for ${JSON.stringify(c.text.slice(0, 60))}`);
      }
      const enc = tokenizer.encode(c.text);
      const ids: number[] = Array.from(enc.ids as ArrayLike<number>, Number);
      if (ids.length !== c.ids.length || ids.some((v, i) => v !== c.ids[i])) {
        idMismatch++;
        const at = ids.findIndex((v, i) => v !== c.ids[i]);
        console.log(
          `token ids differ for ${JSON.stringify(c.text.slice(0, 60))} at ${at}: js ${JSON.stringify(ids.slice(Math.max(0, at - 2), at + 4))} py ${JSON.stringify(c.ids.slice(Math.max(0, at - 2), at + 4))}`,
        );
      }
      if (!c.logits) continue;
      const lg = await run(c.ids.slice(0, c.logits.length), marks);
      const L = lg.dims[2] as number;
      c.logits.forEach((row, t) => {
        let am = 0;
        let amPy = 0;
        row.forEach((v, k) => {
          const o = lg.data[t * L + k] as number;
          maxDiff = Math.max(maxDiff, Math.abs(o - v));
          if (o > (lg.data[t * L + am] as number)) am = k;
          if (v > (row[amPy] as number)) amPy = k;
        });
        total++;
        if (am === amPy) agree++;
      });
    }
    report.parity = {
      cases: cases.length,
      logitCases: cases.filter((c) => c.logits).length,
      tokenizerMismatches: idMismatch,
      ...(gazetteer ? { gazetteerMismatches: marksMismatch } : {}),
      maxAbsLogitDiff: maxDiff,
      argmaxAgreement: agree / total,
    };
    console.log('parity', JSON.stringify(report.parity));
  } else console.log(`no ${values.parity}: parity skipped (run tools/train-ner/parity.py)`);

  // Agreement with another export of the same model (e.g. int8 vs fp16 weights) on the parity texts.
  if (values.compare && existsSync(values.parity)) {
    const other = await ort.InferenceSession.create(readFileSync(`${values.compare}/model.onnx`), {
      executionProviders: ['wasm'],
      graphOptimizationLevel: 'all',
    });
    const cases: Case[] = JSON.parse(readFileSync(values.parity, 'utf8')).cases;
    let same = 0;
    let total = 0;
    let ent = 0;
    let entSame = 0;
    let maxDiff = 0;
    for (const c of cases.slice(0, 2000)) {
      const ids = c.ids.slice(0, maxPos);
      const n = ids.length;
      const feeds = feedsOf(ids, c.marks);
      const a = (await session.run(feeds)).logits as { data: Float32Array; dims: number[] };
      const b = (await other.run(feeds)).logits as { data: Float32Array; dims: number[] };
      const L = a.dims[2] as number;
      for (let t = 1; t < n - 1; t++) {
        let am = 0;
        let bm = 0;
        for (let k = 0; k < L; k++) {
          const va = a.data[t * L + k] as number;
          const vb = b.data[t * L + k] as number;
          maxDiff = Math.max(maxDiff, Math.abs(va - vb));
          if (va > (a.data[t * L + am] as number)) am = k;
          if (vb > (b.data[t * L + bm] as number)) bm = k;
        }
        total++;
        if (am === bm) same++;
        if (am !== 0 || bm !== 0) {
          ent++;
          if (am === bm) entSame++;
        }
      }
    }
    report.compare = {
      with: values.compare,
      positions: total,
      argmaxAgreement: same / total,
      entityPositions: ent,
      entityAgreement: entSame / Math.max(1, ent),
      maxAbsLogitDiff: maxDiff,
    };
    console.log('compare', JSON.stringify(report.compare));
  }

  // Speed: ~2,000-character texts, windows of the model's length, batch 1, one thread.
  const texts: string[] = [];
  if (existsSync(values.speedText)) {
    let cur = '';
    for (const line of readFileSync(values.speedText, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      cur += (cur ? '\n\n' : '') + (JSON.parse(line).text as string);
      if (cur.length >= 2000) {
        texts.push(cur.slice(0, 2000));
        cur = '';
      }
      if (texts.length >= 20) break;
    }
  }
  if (texts.length > 0) {
    // Warm-up, then 5 passes over the texts; the fastest pass counts (other jobs share these CPUs).
    for (const t of texts.slice(0, 3))
      await run([2, ...Array.from(tokenizer.encode(t, { add_special_tokens: false }).ids as ArrayLike<number>, Number).slice(0, 100), 3]);
    for (const width of [128, maxPos]) {
      let best = Infinity;
      let bestTok = 0;
      let tokens = 0;
      for (let r = 0; r < 5; r++) {
        let passTokens = 0;
        let tokMs = 0;
        const t0 = performance.now();
        for (const t of texts) {
          const a = performance.now();
          const ids: number[] = Array.from(tokenizer.encode(t, { add_special_tokens: false }).ids as ArrayLike<number>, Number);
          tokMs += performance.now() - a;
          const step = width - 2;
          for (let s = 0; s < ids.length; s += step) {
            const win = [2, ...ids.slice(s, s + step), 3];
            await run(win);
            passTokens += win.length;
          }
        }
        const ms = performance.now() - t0;
        tokens = passTokens;
        if (ms < best) {
          best = ms;
          bestTok = tokMs;
        }
      }
      const res = {
        window: width,
        tokensPerSecond: Math.round((tokens / best) * 1000),
        msPer2000Chars: Number((best / texts.length).toFixed(2)),
        tokenizerMsPer2000Chars: Number((bestTok / texts.length).toFixed(2)),
        subwordsPer2000Chars: Math.round(tokens / texts.length),
      };
      ((report.speed ??= []) as unknown[]).push(res);
      console.log('speed', JSON.stringify(res));
    }
  }
  if (values.json) writeFileSync(values.json, JSON.stringify(report, null, 1));
}

await main();
