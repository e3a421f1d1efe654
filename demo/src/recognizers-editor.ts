// A project's ad-hoc recognizers (our extension `textAnonymization.recognizers`), edited as JSON and written with
// `projects(id).setConfig` (PUT /projects/{id}/config): a 422 shows each bad field; a saved list applies to the
// project's next documents.
import type { AdHocRecognizerConfig, ExternalUploadConfig } from '../../src/browser.ts';
import { announce, fill, h, problemOf, problemView } from './dom.ts';
import { documentService } from './service.ts';

const EXAMPLE: AdHocRecognizerConfig[] = [{ id: 'ward', label: 'LOC', pattern: 'Station \\d[A-Z]', context: ['liegt auf'], score: 0.4 }];

/** The configuration with `recognizers` in its text part (the rest as it was). */
function withRecognizers(config: ExternalUploadConfig, recognizers: unknown): ExternalUploadConfig {
  return { ...config, textAnonymization: { ...config.textAnonymization, recognizers: recognizers as AdHocRecognizerConfig[] } };
}

/** The editor of one project's recognizers; `onSaved` gets the stored configuration after each save. */
export function recognizersEditor(
  projectId: number,
  config: ExternalUploadConfig,
  onSaved: (config: ExternalUploadConfig) => void,
): HTMLElement {
  let stored = config;
  const id = `recognizers-${projectId}`;
  const current = config.textAnonymization?.recognizers ?? [];
  const area = h('textarea', { id, rows: 6, spellcheck: 'false', class: 'json' });
  area.value = JSON.stringify(current.length ? current : EXAMPLE, null, 2);
  const outcome = h('div', { class: 'recognizers-outcome', 'aria-live': 'polite' });
  const save = async () => {
    let list: unknown;
    try {
      list = JSON.parse(area.value);
    } catch (err) {
      fill(outcome, problemView({ title: 'Not JSON', status: 0, detail: (err as Error).message }, 'Recognizers'));
      return;
    }
    try {
      const service = await documentService();
      stored = await service.projects(projectId).setConfig(withRecognizers(stored, list));
      const n = stored.textAnonymization?.recognizers?.length ?? 0;
      fill(outcome, h('p', { class: 'small ok' }, `Saved: ${n} recognizer${n === 1 ? '' : 's'}; the project's next documents use them.`));
      announce('Recognizers saved');
      onSaved(stored);
    } catch (err) {
      fill(outcome, problemView(problemOf(err), 'Recognizers'));
    }
  };
  return h(
    'details',
    { class: 'recognizers', open: current.length > 0 },
    h('summary', null, `Own recognizers (${current.length})`),
    h(
      'p',
      { class: 'small muted' },
      'A JSON array of {id, label, pattern, context?, validator?, ignoreCase?, score}: a regular expression for a text label, ',
      'words before it that add 0.3 to its score, a checksum by name. Kept until the page reloads (the setup in demo/src/service.ts is the start).',
    ),
    h('label', { for: id, class: 'visually-hidden' }, 'Recognizers as JSON'),
    area,
    h('button', { type: 'button', class: 'primary', onClick: () => void save() }, 'Save recognizers'),
    outcome,
  );
}
