// 1. The text playground: text in, the spec's PseudonymizedText out, shown beside the original with every entity
// highlighted; the options are the spec's (labels, usePseudonyms, an upload config's textAnonymization). The parts
// are in text-playground/.
import type { Anonymizer, Span } from '../../src/browser.ts';
// Runtime imports from the modules themselves rather than src/browser.ts, whose re-exports would pull the document
// service (pdf-lib, IndexedDB) into the first load (see docs/demo.md).
import { createAnonymizer } from '../../src/platform/browser/text.ts';
import { fill, h, problemOf, problemView } from './dom.ts';
import { state, update } from './state.ts';
import { attachTooltips } from './tooltip.ts';
import type { TextInput } from './text-playground/input.ts';
import { textInput } from './text-playground/input.ts';
import type { Settings } from './text-playground/options.ts';
import { defaultSettings, optionsForm, uploadConfigOf } from './text-playground/options.ts';
import type { ResultView } from './text-playground/result.ts';
import { resultView } from './text-playground/result.ts';

let shared: Anonymizer | null = null;

/**
 * The engine of the page, one for every section that anonymizes text (the playground, the chat round trip), so the
 * text model loads once; its model's download progress in the shared state.
 */
export function pageAnonymizer(): Anonymizer {
  return (shared ??= createAnonymizer({
    ner: {
      onProgress: (loaded, total) =>
        update((s) => {
          if (s.ner.status !== 'ready') s.ner = { ...s.ner, status: 'loading', loaded, total };
        }),
    },
  }));
}

/** The model's download as the input's progress bar and status line, while it loads. */
function showModelProgress(input: TextInput): void {
  const ner = state.ner;
  if (ner.status === 'loading' && ner.total > 0) {
    input.progress.hidden = false;
    input.progress.max = ner.total;
    input.progress.value = ner.loaded;
    input.status.textContent =
      ner.loaded < ner.total
        ? `Loading the text model on this device … ${Math.round((100 * ner.loaded) / ner.total)} %`
        : 'Starting the model runtime (WebAssembly) …';
  }
}

/**
 * Runs the engine on the input with the settings and shows the result; a newer run makes an older one's outcome
 * void. `schedule(delay)` debounces (350 ms while typing, 0 for a button).
 */
function runner(
  root: HTMLElement,
  anonymizer: Anonymizer,
  settings: Settings,
  parts: { input: TextInput; result: ResultView; problemBox: HTMLElement },
): (delay?: number) => void {
  const { input, result: view, problemBox } = parts;
  let timer = 0;
  let seq = 0;
  async function run(): Promise<void> {
    const my = ++seq;
    const text = input.textarea.value;
    if (text.trim() === '') {
      input.status.textContent = 'Type or paste some text, or pick a sample.';
      fill(problemBox);
      return;
    }
    const request = { text, textLabels: [...settings.labels], usePseudonyms: settings.usePseudonyms };
    const cfg = uploadConfigOf(settings);
    const configs = new Map(settings.configs);
    const usePseudonyms = settings.usePseudonyms;
    const t0 = performance.now();
    // The first call starts the text model: 'loading' from here, before its download reports any progress.
    if (state.ner.status === 'idle') update((s) => (s.ner = { ...s.ner, status: 'loading' }));
    input.status.textContent = state.ner.status === 'ready' ? 'Anonymizing …' : 'Starting the text model …';
    root.classList.add('busy');
    const tick = window.setInterval(() => showModelProgress(input), 100);
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
      input.progress.hidden = true;
      view.render(text, result, spans, configs, usePseudonyms);
      input.status.textContent = `${result.detection.detections.length} entities in ${text.length.toLocaleString()} characters · ${Math.round(ms)} ms on this device`;
      fill(problemBox);
    } catch (err) {
      if (my !== seq) return;
      const problem = problemOf(err);
      if (problem.problemCode === 'TEXT_MODEL_UNAVAILABLE') update((s) => (s.ner = { ...s.ner, status: 'failed', problem }));
      else if (state.ner.status === 'loading') update((s) => (s.ner = { ...s.ner, status: 'idle' }));
      input.progress.hidden = true;
      input.status.textContent = '';
      fill(problemBox, problemView(problem, 'The text could not be anonymized'));
    } finally {
      clearInterval(tick);
      if (my === seq) root.classList.remove('busy');
    }
  }
  return (delay = 350) => {
    clearTimeout(timer);
    timer = window.setTimeout(() => void run(), delay);
  };
}

export function mountTextPlayground(root: HTMLElement): { anonymizer: Anonymizer } {
  const anonymizer = pageAnonymizer();
  const labels = anonymizer.getTextLabels();
  const settings = defaultSettings(labels);
  let schedule: (delay?: number) => void = () => undefined;
  const input = textInput((delay) => schedule(delay));
  const result = resultView(labels);
  const problemBox = h('div', { id: 'tp-problem' });
  schedule = runner(root, anonymizer, settings, { input, result, problemBox });

  fill(
    root,
    h(
      'div',
      { class: 'tp' },
      optionsForm(labels, settings, () => schedule()),
      h('div', { class: 'tp-main' }, input.form, problemBox, ...result.sections),
    ),
  );
  attachTooltips(root);
  schedule(0);
  return { anonymizer };
}
