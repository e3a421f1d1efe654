// Runs every document of the given folders (by default the shared PDF corpora) through the pipeline, each under a time limit, in a child process that is
// killed and replaced when it hangs or crashes. Prints counts: completed, failed with a reason, hung/crashed.
// The limit is given to the pipeline as an abort signal (as the job runner does): a document that stops on it has
// failed with that reason; one that has not answered 30 s later is hung and its child is killed.
// Usage: node --import tsx tools/documents/robustness.ts [--limit-ms 30000] [--max N] [--jobs N] [--ner on|off] [--ext docx,doc]
//   [--log FILE [--resume]] [dirs…]
// Any document type the engine takes runs (Word corpora too); --ext keeps only files with those extensions.
// --ner: the engine's default settings (the shipped model on, what users get) or rules only (`off`).
// --log appends each outcome as a JSON line as it happens (a long run that is cut off still tells what finished).
import { fork } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const opt = (name: string, d: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args.splice(i, 2)[1]) : d;
};
const limitMs = opt('--limit-ms', 30_000);
const max = opt('--max', Infinity);
const jobs = opt('--jobs', 1);
const nerAt = args.indexOf('--ner');
const ner = nerAt >= 0 ? (args.splice(nerAt, 2)[1] ?? '') : 'on';
if (ner !== 'on' && ner !== 'off') throw new Error('--ner takes on or off');
const resume = args.includes('--resume') ? (args.splice(args.indexOf('--resume'), 1), true) : false;
const extAt = args.indexOf('--ext');
const exts = extAt >= 0 ? new Set((args.splice(extAt, 2)[1] ?? '').toLowerCase().split(',')) : null;
const logAt = args.indexOf('--log');
const log = logAt >= 0 ? args.splice(logAt, 2)[1] : undefined;
const root = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus');
const dirs = args.length > 0 ? args : ['pdfjs', 'qpdf-fuzz', 'qpdf-qtest', 'format-corpus-pdf'].map((d) => join(root, d));

function list(dir: string): string[] {
  try {
    return readdirSync(dir)
      .map((f) => join(dir, f))
      .filter((f) => statSync(f).isFile() && !/\.(md|txt|json|link)$/i.test(f))
      .filter((f) => !exts || exts.has(f.slice(f.lastIndexOf('.') + 1).toLowerCase()))
      .sort();
  } catch {
    return [];
  }
}
// --resume: files already in the log are not run again (a long run can be continued after a stop).
const logged =
  resume && log && existsSync(log)
    ? new Set(
        readFileSync(log, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => (JSON.parse(l) as { file: string }).file),
      )
    : new Set<string>();
const files = dirs
  .flatMap(list)
  .filter((f) => !logged.has(f))
  .slice(0, max);

interface Outcome {
  file: string;
  status: 'completed' | 'failed' | 'error' | 'hung' | 'crashed';
  ms?: number;
  reason?: string;
  rasterised?: number;
}

/** How long after its time limit a document may take to stop before it counts as hung. */
const HANG_GRACE_MS = 30_000;

/** One child process working through the shared queue; a hung or crashed child is killed and replaced. */
function lane(queue: string[], record: (o: Outcome) => void): Promise<void> {
  return new Promise((done) => {
    let child: ReturnType<typeof fork> | null = null;
    let timer: NodeJS.Timeout | null = null;
    let current: string | null = null;
    const spawn = () => {
      child = fork(join(import.meta.dirname, 'robustness-child.ts'), [ner], {
        execArgv: ['--import', 'tsx', '--max-old-space-size=3072'],
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      });
      child.on('message', (m: Outcome) => {
        if (timer) clearTimeout(timer);
        record(m);
        current = null;
        send();
      });
      child.on('exit', () => {
        if (timer) clearTimeout(timer);
        if (current) record({ file: current, status: 'crashed' });
        current = null;
        if (queue.length > 0) {
          spawn();
          send();
        } else done();
      });
    };
    const send = () => {
      const file = queue.shift();
      if (file === undefined) {
        child?.kill();
        return;
      }
      current = file;
      timer = setTimeout(() => {
        record({ file, status: 'hung' });
        current = null;
        child?.kill('SIGKILL');
      }, limitMs + HANG_GRACE_MS);
      child!.send({ file, limitMs });
    };
    spawn();
    send();
  });
}

async function runAll(): Promise<Outcome[]> {
  const out: Outcome[] = [];
  const record = (o: Outcome) => {
    out.push(o);
    if (log) appendFileSync(log, `${JSON.stringify(o)}\n`);
    if (out.length % 50 === 0) process.stderr.write(`${out.length}/${files.length}\n`);
  };
  const queue = [...files];
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, () => lane(queue, record)));
  return out;
}

const t0 = Date.now();
const outcomes = await runAll();
const count = (s: Outcome['status']) => outcomes.filter((o) => o.status === s).length;
const reasons = new Map<string, number>();
for (const o of outcomes)
  if (o.status === 'failed' || o.status === 'error') reasons.set(o.reason!.trim(), (reasons.get(o.reason!.trim()) ?? 0) + 1);
console.log(
  JSON.stringify(
    {
      files: outcomes.length,
      completed: count('completed'),
      failed: count('failed'),
      uncaught: count('error'),
      hung: count('hung'),
      crashed: count('crashed'),
      rasterisedDocs: outcomes.filter((o) => (o.rasterised ?? 0) > 0).length,
      seconds: Math.round((Date.now() - t0) / 1000),
    },
    null,
    1,
  ),
);
console.log('failure reasons:');
for (const [r, n] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(`  ${n} × ${r}`);
// Verification leaks are fail-closed, but each one is a redaction the rewrite missed: name the file.
const leaked = (o: Outcome) => o.status === 'failed' && /Verification/.test(o.reason ?? '');
for (const o of outcomes.filter((x) => x.status === 'hung' || x.status === 'crashed' || x.status === 'error' || leaked(x)))
  console.log(`${leaked(o) ? 'leak' : o.status}: ${o.file} ${o.reason ?? ''}`);
