// 1. The text playground: text in, the spec's PseudonymizedText out, shown beside the original with every entity
// highlighted; the options are the spec's (labels, usePseudonyms, an upload config's textAnonymization).
import type {
  Anonymizer,
  Detection,
  ExternalUploadConfig,
  ListEntry,
  PseudonymizedText,
  ReplacementConfig,
  Span,
  TextLabelName,
} from '../../src/browser.ts';
// Runtime imports from the modules themselves rather than src/browser.ts, whose re-exports would pull the document
// service (pdf-lib, IndexedDB) into the first load: the text path stays ~4x smaller (see docs/demo.md).
import { createAnonymizer } from '../../src/platform/browser/text.ts';
import { MAX_SUPPRESSION_LENGTH } from '../../src/spec/types.ts';
import germanSample from '../../samples/letter-de.txt?raw';
import englishSample from '../../samples/letter-en.txt?raw';
import { announce, copyText, download, fill, h, problemOf, problemView } from './dom.ts';
import { listEditor, replacementEditor } from './forms.ts';
import { chip, LABEL_NAMES, legend } from './labels.ts';
import { state, update } from './state.ts';
import { attachTooltips } from './tooltip.ts';

interface Settings {
  labels: Set<TextLabelName>;
  usePseudonyms: boolean;
  configs: Map<TextLabelName, ReplacementConfig>;
  blacklist: ListEntry[];
  whitelist: ListEntry[];
}

/** One entity as the page shows it: the spec's detection plus what detect() knows (score, recognizer). */
interface Entity extends Detection {
  index: number;
  replacement: string;
  score?: number;
  source?: string;
}

/** The recognizer of a span in words (span.source: `ner…`, `pattern:street`, `tel`, `blacklist`, `propagation`). */
function sourceName(s: string | undefined): string {
  if (s === undefined) return '';
  if (s === 'blacklist') return 'blacklist';
  if (s === 'propagation') return 'repeat of a found name';
  if (/^ner|model/i.test(s)) return 'NER model';
  return `rule (${s.replace(/^pattern:/, '')})`;
}

/** What the engine put in place of a detection (see replacement/apply.ts: pseudonym, suppression or the *** mask). */
function replacementOf(d: Detection, configs: ReadonlyMap<TextLabelName, ReplacementConfig>): string {
  if (d.pseudonym !== null) return d.pseudonym;
  const cfg = configs.get(d.label);
  if (cfg?.type === 'SUPPRESSION') {
    const n = Number.isFinite(cfg.suppressionLength) ? Math.trunc(cfg.suppressionLength) : 0;
    return '*'.repeat(Math.min(Math.max(n, 0), MAX_SUPPRESSION_LENGTH));
  }
  return '***';
}

/** Where each replacement sits in the output, or null when the output does not line up (then no highlights there). */
function outputRanges(input: string, output: string, entities: readonly Entity[]): Array<[number, number]> | null {
  const ranges: Array<[number, number]> = [];
  let inPos = 0;
  let outPos = 0;
  for (const e of entities) {
    const gap = input.slice(inPos, e.startChar);
    if (!output.startsWith(gap, outPos)) return null;
    outPos += gap.length;
    if (!output.startsWith(e.replacement, outPos)) return null;
    ranges.push([outPos, outPos + e.replacement.length]);
    outPos += e.replacement.length;
    inPos = e.stopChar;
  }
  return output.slice(outPos) === input.slice(inPos) ? ranges : null;
}

function tipOf(e: Entity, usePseudonyms: boolean): string {
  const lines = [`${LABEL_NAMES[e.label]} (${e.label})`];
  if (e.score !== undefined) lines.push(`score ${e.score.toFixed(2)}${e.source ? ` · ${sourceName(e.source)}` : ''}`);
  lines.push(`“${e.text}” → “${e.replacement}”`);
  if (usePseudonyms && e.pseudonym && /^[A-Z]+-\d+$/.test(e.pseudonym)) lines.push(`coreference group ${e.pseudonym}`);
  return lines.join('\n');
}

/** The text with `ranges` as focusable <mark>s. */
function highlighted(
  text: string,
  ranges: ReadonlyArray<readonly [number, number]>,
  entities: readonly Entity[],
  tips: string[],
): DocumentFragment {
  const out = document.createDocumentFragment();
  let pos = 0;
  ranges.forEach(([start, end], i) => {
    const e = entities[i]!;
    if (start > pos) out.append(text.slice(pos, start));
    out.append(
      h(
        'mark',
        { class: `ent l-${e.label}`, tabindex: 0, 'data-k': i, 'data-tip': tips[i]!, 'aria-label': tips[i]!.replaceAll('\n', ', ') },
        text.slice(start, end) || '∅',
      ),
    );
    pos = end;
  });
  if (pos < text.length) out.append(text.slice(pos));
  return out;
}

export function mountTextPlayground(root: HTMLElement): { anonymizer: Anonymizer } {
  const anonymizer = createAnonymizer({
    ner: {
      onProgress: (loaded, total) =>
        update((s) => {
          if (s.ner.status !== 'ready') s.ner = { ...s.ner, status: 'loading', loaded, total };
        }),
    },
  });
  const labels = anonymizer.getTextLabels();
  const settings: Settings = {
    labels: new Set(labels.map((l) => l.name)),
    usePseudonyms: true,
    configs: new Map(),
    blacklist: [],
    whitelist: [],
  };

  // --- input ---
  const textarea = h('textarea', {
    id: 'tp-text',
    rows: 9,
    spellcheck: false,
    placeholder: 'Paste or type a letter, an e-mail, a note …',
    value: germanSample,
  });
  const status = h('p', { class: 'status', id: 'tp-status', role: 'status', 'aria-live': 'polite' });
  const progress = h('progress', { class: 'model-progress', max: 1, value: 0, hidden: true, 'aria-label': 'Text model download' });
  const runButton = h('button', { type: 'submit', class: 'primary', id: 'tp-run' }, 'Anonymize');
  const sample = (name: string, text: string) =>
    h(
      'button',
      {
        type: 'button',
        class: 'small',
        onClick: () => {
          textarea.value = text;
          schedule(0);
        },
      },
      name,
    );

  // --- options ---
  const labelChecks = labels.map((l) =>
    h(
      'label',
      { class: 'check label-check', title: l.description },
      h('input', {
        type: 'checkbox',
        name: 'label',
        value: l.name,
        checked: true,
        onChange: (e: Event) => {
          const box = e.target as HTMLInputElement;
          if (box.checked) settings.labels.add(l.name);
          else settings.labels.delete(l.name);
          schedule();
        },
      }),
      ' ',
      chip(l.name),
      ' ',
      LABEL_NAMES[l.name],
    ),
  );
  const setAll = (on: boolean) => {
    for (const el of labelChecks) {
      const box = el.querySelector('input')!;
      box.checked = on;
    }
    settings.labels = new Set(on ? labels.map((l) => l.name) : []);
    schedule();
  };
  const mode = (value: 'mask' | 'pseudonym', text: string, example: string) =>
    h(
      'label',
      { class: 'check' },
      h('input', {
        type: 'radio',
        name: 'tp-mode',
        value,
        checked: (value === 'pseudonym') === settings.usePseudonyms,
        onChange: () => {
          settings.usePseudonyms = value === 'pseudonym';
          schedule();
        },
      }),
      ' ',
      text,
      ' ',
      h('code', null, example),
    );

  const options = h(
    'form',
    { class: 'card tp-options', 'aria-label': 'Options', onSubmit: (e: Event) => e.preventDefault() },
    h(
      'fieldset',
      null,
      h('legend', null, 'Labels'),
      h('div', { class: 'label-grid' }, labelChecks),
      h(
        'div',
        { class: 'row gap-s' },
        h('button', { type: 'button', class: 'small', onClick: () => setAll(true) }, 'All'),
        h('button', { type: 'button', class: 'small', onClick: () => setAll(false) }, 'None'),
      ),
    ),
    h('fieldset', null, h('legend', null, 'Replace with'), mode('mask', 'Masks', '***'), mode('pseudonym', 'Pseudonyms', 'PER-1')),
    h(
      'details',
      null,
      h('summary', null, 'Per-label replacement'),
      h('p', { class: 'muted small' }, 'The spec’s ReplacementConfig for a label; “Default” follows the choice above.'),
      replacementEditor(settings.configs, () => schedule()),
    ),
    h(
      'details',
      null,
      h('summary', null, 'Blacklist ', h('span', { class: 'muted' }, '(always anonymize)')),
      listEditor('blacklist', [], (entries) => {
        settings.blacklist = entries;
        schedule();
      }),
    ),
    h(
      'details',
      null,
      h('summary', null, 'Whitelist ', h('span', { class: 'muted' }, '(leave visible)')),
      listEditor('whitelist', [], (entries) => {
        settings.whitelist = entries;
        schedule();
      }),
    ),
  );

  // --- output ---
  const legendBox = h('div', { class: 'legend-box' }, legend(labels));
  const originalView = h('div', { class: 'textview', id: 'tp-original', 'aria-label': 'Original text with the detected entities' });
  const anonymizedView = h('div', { class: 'textview', id: 'tp-anonymized', 'aria-label': 'Anonymized text' });
  const problemBox = h('div', { id: 'tp-problem' });
  const tableBox = h('div', { class: 'table-wrap', id: 'tp-detections' });
  let last: { result: PseudonymizedText; input: string } | null = null;
  const copyButton = h(
    'button',
    {
      type: 'button',
      class: 'small',
      disabled: true,
      onClick: async () => {
        if (!last) return;
        await copyText(last.result.pseudonymizedText);
        announce('Anonymized text copied');
      },
    },
    'Copy',
  );
  const downloadText = h(
    'button',
    {
      type: 'button',
      class: 'small',
      disabled: true,
      onClick: () => last && download(last.result.pseudonymizedText, 'anonymized.txt', 'text/plain;charset=utf-8'),
    },
    'Download .txt',
  );
  const downloadJson = h(
    'button',
    {
      type: 'button',
      class: 'small',
      disabled: true,
      onClick: () => last && download(JSON.stringify(last.result, null, 2), 'anonymized.json', 'application/json'),
    },
    'Download JSON',
  );

  fill(
    root,
    h(
      'div',
      { class: 'tp' },
      options,
      h(
        'div',
        { class: 'tp-main' },
        h(
          'form',
          {
            class: 'card tp-input',
            onSubmit: (e: Event) => {
              e.preventDefault();
              schedule(0);
            },
          },
          h(
            'div',
            { class: 'row between wrap' },
            h('label', { for: 'tp-text', class: 'h3' }, 'Your text'),
            h(
              'div',
              { class: 'row gap-s wrap', role: 'group', 'aria-label': 'Samples' },
              sample('German letter', germanSample),
              sample('English letter', englishSample),
              sample('Clear', ''),
            ),
          ),
          textarea,
          h(
            'div',
            { class: 'row gap wrap' },
            runButton,
            h('span', { class: 'muted small' }, 'or Ctrl+Enter · updates as you type'),
            progress,
          ),
          status,
        ),
        problemBox,
        h(
          'section',
          { class: 'card', 'aria-labelledby': 'tp-result-h' },
          h(
            'div',
            { class: 'row between wrap card-head' },
            h('h3', { id: 'tp-result-h' }, 'Result'),
            h('div', { class: 'row gap-s wrap' }, copyButton, downloadText, downloadJson),
          ),
          legendBox,
          h(
            'div',
            { class: 'panes' },
            h('div', { class: 'pane' }, h('h4', null, 'Original'), originalView),
            h('div', { class: 'pane' }, h('h4', null, 'Anonymized'), anonymizedView),
          ),
        ),
        h('section', { class: 'card', 'aria-labelledby': 'tp-det-h' }, h('h3', { id: 'tp-det-h' }, 'Detections'), tableBox),
      ),
    ),
  );
  attachTooltips(root);
  textarea.addEventListener('input', () => schedule());
  textarea.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      schedule(0);
    }
  });

  // --- running ---
  let timer = 0;
  let seq = 0;
  function schedule(delay = 350): void {
    clearTimeout(timer);
    timer = window.setTimeout(() => void run(), delay);
  }

  function config(): ExternalUploadConfig {
    return {
      textAnonymization: {
        blacklist: settings.blacklist,
        whitelist: settings.whitelist,
        labelsConfig: [...settings.labels].map((name) => ({ name, config: settings.configs.get(name) ?? null })),
      },
    };
  }

  function showModelProgress(): void {
    const ner = state.ner;
    if (ner.status === 'loading' && ner.total > 0) {
      progress.hidden = false;
      progress.max = ner.total;
      progress.value = ner.loaded;
      status.textContent =
        ner.loaded < ner.total
          ? `Loading the text model on this device … ${Math.round((100 * ner.loaded) / ner.total)} %`
          : 'Starting the model runtime (WebAssembly) …';
    }
  }

  async function run(): Promise<void> {
    const my = ++seq;
    const text = textarea.value;
    if (text.trim() === '') {
      status.textContent = 'Type or paste some text, or pick a sample.';
      fill(problemBox);
      return;
    }
    const request = { text, textLabels: [...settings.labels], usePseudonyms: settings.usePseudonyms };
    const cfg = config();
    const configs = new Map(settings.configs);
    const usePseudonyms = settings.usePseudonyms;
    const t0 = performance.now();
    // The first call starts the text model: 'loading' from here, before its download reports any progress.
    if (state.ner.status === 'idle') update((s) => (s.ner = { ...s.ner, status: 'loading' }));
    status.textContent = state.ner.status === 'ready' ? 'Anonymizing …' : 'Starting the text model …';
    root.classList.add('busy');
    const tick = window.setInterval(showModelProgress, 100);
    try {
      const [result, spans] = await Promise.all([
        anonymizer.text(request, { config: cfg }),
        anonymizer.detect(text, { labels: request.textLabels, config: cfg }).catch(() => [] as Span[]),
      ]);
      if (my !== seq) return;
      const ms = performance.now() - t0;
      if (state.ner.status !== 'ready') {
        // performance.now() counts from the start of the navigation: this is the cold start to the first result.
        const firstResultMs = Math.round(performance.now());
        update((s) => (s.ner = { ...s.ner, status: 'ready', firstResultMs }));
        document.documentElement.dataset.firstTextResultMs = String(firstResultMs);
      }
      progress.hidden = true;
      last = { result, input: text };
      render(text, result, spans, configs, usePseudonyms);
      status.textContent = `${result.detection.detections.length} entities in ${text.length.toLocaleString()} characters · ${Math.round(ms)} ms on this device`;
      fill(problemBox);
    } catch (err) {
      if (my !== seq) return;
      const problem = problemOf(err);
      if (problem.problemCode === 'TEXT_MODEL_UNAVAILABLE') update((s) => (s.ner = { ...s.ner, status: 'failed', problem }));
      else if (state.ner.status === 'loading') update((s) => (s.ner = { ...s.ner, status: 'idle' }));
      progress.hidden = true;
      status.textContent = '';
      fill(problemBox, problemView(problem, 'The text could not be anonymized'));
    } finally {
      clearInterval(tick);
      if (my === seq) root.classList.remove('busy');
    }
  }

  function render(
    text: string,
    result: PseudonymizedText,
    spans: readonly Span[],
    configs: ReadonlyMap<TextLabelName, ReplacementConfig>,
    usePseudonyms: boolean,
  ): void {
    const bySpan = new Map(spans.map((s) => [`${s.start}:${s.end}`, s]));
    const entities: Entity[] = result.detection.detections.map((d, index) => {
      const span = bySpan.get(`${d.startChar}:${d.stopChar}`);
      return { ...d, index, replacement: replacementOf(d, configs), score: span?.score, source: span?.source };
    });
    const tips = entities.map((e) => tipOf(e, usePseudonyms));
    const counts = new Map<TextLabelName, number>();
    for (const e of entities) counts.set(e.label, (counts.get(e.label) ?? 0) + 1);
    fill(legendBox, legend(labels, counts));
    fill(
      originalView,
      highlighted(
        text,
        entities.map((e) => [e.startChar, e.stopChar] as const),
        entities,
        tips,
      ),
    );
    const out = outputRanges(text, result.pseudonymizedText, entities);
    fill(anonymizedView, out ? highlighted(result.pseudonymizedText, out, entities, tips) : result.pseudonymizedText);
    for (const b of [copyButton, downloadText, downloadJson]) b.disabled = false;
    fill(
      tableBox,
      entities.length === 0
        ? h('p', { class: 'muted' }, 'Nothing found for the chosen labels.')
        : h(
            'table',
            { class: 'data' },
            h(
              'thead',
              null,
              h(
                'tr',
                null,
                ['#', 'Label', 'Original', 'Replaced by', 'Score', 'Found by', 'Chars'].map((c) => h('th', { scope: 'col' }, c)),
              ),
            ),
            h(
              'tbody',
              null,
              entities.map((e) =>
                h(
                  'tr',
                  null,
                  h('td', { class: 'num' }, String(e.index + 1)),
                  h('td', null, chip(e.label)),
                  h('td', { class: 'wrap-anywhere' }, e.text),
                  h('td', { class: 'wrap-anywhere' }, h('code', null, e.replacement)),
                  h('td', { class: 'num' }, e.score === undefined ? '–' : e.score.toFixed(2)),
                  h('td', { class: 'muted' }, sourceName(e.source)),
                  h('td', { class: 'num muted' }, `${e.startChar}–${e.stopChar}`),
                ),
              ),
            ),
          ),
    );
  }

  schedule(0);
  return { anonymizer };
}
