// The playground's options, the spec's: labels, masks or pseudonyms, a ReplacementConfig per label, the lists; and
// the upload configuration they make.
import type { ExternalUploadConfig, ListEntry, ReplacementConfig, TextLabel, TextLabelName } from '../../../src/browser.ts';
import { h } from '../dom.ts';
import { listEditor, replacementEditor } from '../forms.ts';
import { chip, LABEL_NAMES } from '../labels.ts';

export interface Settings {
  labels: Set<TextLabelName>;
  usePseudonyms: boolean;
  configs: Map<TextLabelName, ReplacementConfig>;
  blacklist: ListEntry[];
  whitelist: ListEntry[];
}

/** Every label, pseudonyms, no per-label rules, empty lists. */
export function defaultSettings(labels: readonly TextLabel[]): Settings {
  return { labels: new Set(labels.map((l) => l.name)), usePseudonyms: true, configs: new Map(), blacklist: [], whitelist: [] };
}

/** The settings as an upload configuration's `textAnonymization`. */
export function uploadConfigOf(settings: Settings): ExternalUploadConfig {
  return {
    textAnonymization: {
      blacklist: settings.blacklist,
      whitelist: settings.whitelist,
      labelsConfig: [...settings.labels].map((name) => ({ name, config: settings.configs.get(name) ?? null })),
    },
  };
}

/** The options form; each change updates `settings` and calls `changed`. */
export function optionsForm(labels: readonly TextLabel[], settings: Settings, changed: () => void): HTMLElement {
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
          changed();
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
    changed();
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
          changed();
        },
      }),
      ' ',
      text,
      ' ',
      h('code', null, example),
    );

  return h(
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
      replacementEditor(settings.configs, () => changed()),
    ),
    h(
      'details',
      null,
      h('summary', null, 'Blacklist ', h('span', { class: 'muted' }, '(always anonymize)')),
      listEditor('blacklist', [], (entries) => {
        settings.blacklist = entries;
        changed();
      }),
    ),
    h(
      'details',
      null,
      h('summary', null, 'Whitelist ', h('span', { class: 'muted' }, '(leave visible)')),
      listEditor('whitelist', [], (entries) => {
        settings.whitelist = entries;
        changed();
      }),
    ),
  );
}
