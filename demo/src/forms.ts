// Form controls for the spec's settings: a ReplacementConfig per label (2.5) and black-/whitelist entries.
import type { DateLocale, ListEntry, ReplacementConfig, ReplacementType, TextLabelName } from '../../src/browser.ts';
import { DATE_LOCALES, MAX_SUPPRESSION_LENGTH, TEXT_LABELS } from '../../src/spec/types.ts';
import { fill, h, uid } from './dom.ts';
import { chip, LABEL_NAMES } from './labels.ts';

const TYPE_NAMES: Record<ReplacementType, string> = {
  FULL_PSEUDONYMIZATION: 'Full pseudonym',
  PARTIAL_PSEUDONYMIZATION: 'Partial',
  DATE_PSEUDONYMIZATION: 'Date parts',
  SUPPRESSION: 'Suppression',
};

/** A fresh config of a type, with the spec's defaults and a readable replacement. */
export function defaultConfig(type: ReplacementType, label: TextLabelName): ReplacementConfig {
  switch (type) {
    case 'FULL_PSEUDONYMIZATION':
      return { type, pseudonym: `[${LABEL_NAMES[label]}]` };
    case 'PARTIAL_PSEUDONYMIZATION':
      return label === 'TEL' || label === 'OTH'
        ? {
            type,
            pseudonym: '***',
            partialPseudonymizationStart: 1,
            partialPseudonymizationStop: -3,
            useNumericPartialPseudonymization: true,
          }
        : {
            type,
            pseudonym: '***',
            partialPseudonymizationStart: 2,
            partialPseudonymizationStop: -1,
            useNumericPartialPseudonymization: false,
          };
    case 'DATE_PSEUDONYMIZATION':
      return {
        type,
        pseudonym: '[date]',
        replaceDay: true,
        replaceMonth: true,
        replaceYear: false,
        dateLocale: 'AUTO',
        showWeekday: false,
      };
    case 'SUPPRESSION':
      return { type, suppressionLength: 3 };
  }
}

const int = (value: string, fallback: number, min = -1_000_000, max = 1_000_000) => {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? Math.min(Math.max(n, min), max) : fallback;
};

/** A labelled control in a small grid cell. */
function field(label: string, control: HTMLElement, hint?: string): HTMLElement {
  const id = uid('f');
  control.id = id;
  return h('div', { class: 'field' }, h('label', { for: id }, label), control, hint ? h('small', { class: 'muted' }, hint) : null);
}

function checkbox(label: string, checked: boolean, onChange: (checked: boolean) => void): HTMLElement {
  return h(
    'label',
    { class: 'check' },
    h('input', { type: 'checkbox', checked, onChange: (e: Event) => onChange((e.target as HTMLInputElement).checked) }),
    ' ',
    label,
  );
}

/** The fields of one config; `set` receives the changed config. */
function configFields(cfg: ReplacementConfig, set: (c: ReplacementConfig) => void): HTMLElement {
  const text = (value: string, onInput: (v: string) => void) =>
    h('input', {
      type: 'text',
      value,
      spellcheck: false,
      autocomplete: 'off',
      onInput: (e: Event) => onInput((e.target as HTMLInputElement).value),
    });
  const num = (value: number, onInput: (v: string) => void, min?: number, max?: number) =>
    h('input', {
      type: 'number',
      value: String(value),
      step: 1,
      min,
      max,
      onInput: (e: Event) => onInput((e.target as HTMLInputElement).value),
    });
  switch (cfg.type) {
    case 'FULL_PSEUDONYMIZATION':
      return h(
        'div',
        { class: 'cfg-fields' },
        field(
          'Replacement text',
          text(cfg.pseudonym, (v) => set({ ...cfg, pseudonym: v })),
          'replaces the whole match',
        ),
      );
    case 'PARTIAL_PSEUDONYMIZATION':
      return h(
        'div',
        { class: 'cfg-fields' },
        field(
          'Replacement',
          text(cfg.pseudonym, (v) => set({ ...cfg, pseudonym: v })),
        ),
        field(
          'Start',
          num(cfg.partialPseudonymizationStart, (v) => set({ ...cfg, partialPseudonymizationStart: int(v, 1) })),
          '1 = first, -1 = last',
        ),
        field(
          'Stop',
          num(cfg.partialPseudonymizationStop, (v) => set({ ...cfg, partialPseudonymizationStop: int(v, -1) })),
          '-1 = to the end',
        ),
        checkbox('Digits only (each digit → *)', cfg.useNumericPartialPseudonymization, (c) =>
          set({ ...cfg, useNumericPartialPseudonymization: c }),
        ),
      );
    case 'DATE_PSEUDONYMIZATION':
      return h(
        'div',
        { class: 'cfg-fields' },
        h(
          'div',
          { class: 'checks', role: 'group', 'aria-label': 'Replace with *' },
          checkbox('Day', cfg.replaceDay, (c) => set({ ...cfg, replaceDay: c })),
          checkbox('Month', cfg.replaceMonth, (c) => set({ ...cfg, replaceMonth: c })),
          checkbox('Year', cfg.replaceYear, (c) => set({ ...cfg, replaceYear: c })),
          checkbox('Weekday', cfg.showWeekday, (c) => set({ ...cfg, showWeekday: c })),
        ),
        field(
          'Date format',
          h(
            'select',
            { onChange: (e: Event) => set({ ...cfg, dateLocale: (e.target as HTMLSelectElement).value as DateLocale }) },
            DATE_LOCALES.map((l) => h('option', { value: l, selected: l === cfg.dateLocale }, l)),
          ),
        ),
        field(
          'If no date',
          text(cfg.pseudonym, (v) => set({ ...cfg, pseudonym: v })),
        ),
      );
    case 'SUPPRESSION':
      return h(
        'div',
        { class: 'cfg-fields' },
        field(
          'Mask length',
          num(
            cfg.suppressionLength,
            (v) => set({ ...cfg, suppressionLength: int(v, 3, 0, MAX_SUPPRESSION_LENGTH) }),
            0,
            MAX_SUPPRESSION_LENGTH,
          ),
          '3 gives ***',
        ),
      );
  }
}

/**
 * One row per label: a type select (default: the page's mask/pseudonym choice) and that type's fields.
 * `onChange` receives the whole map after every edit.
 */
export function replacementEditor(
  configs: Map<TextLabelName, ReplacementConfig>,
  onChange: (configs: Map<TextLabelName, ReplacementConfig>) => void,
): HTMLElement {
  const root = h('div', { class: 'cfg-list' });
  const row = (label: TextLabelName): HTMLElement => {
    const el = h('div', { class: 'cfg-row' });
    const render = () => {
      const cfg = configs.get(label);
      const id = uid('cfg');
      fill(
        el,
        h(
          'div',
          { class: 'cfg-head' },
          h('label', { for: id }, chip(label), ' ', LABEL_NAMES[label], h('span', { class: 'visually-hidden' }, ' replacement')),
          h(
            'select',
            {
              id,
              onChange: (e: Event) => {
                const type = (e.target as HTMLSelectElement).value as ReplacementType | '';
                if (type) configs.set(label, defaultConfig(type, label));
                else configs.delete(label);
                render();
                onChange(configs);
              },
            },
            h('option', { value: '', selected: !cfg }, 'Default'),
            (Object.keys(TYPE_NAMES) as ReplacementType[]).map((t) => h('option', { value: t, selected: cfg?.type === t }, TYPE_NAMES[t])),
          ),
        ),
        cfg
          ? configFields(cfg, (next) => {
              configs.set(label, next);
              onChange(configs);
            })
          : null,
      );
    };
    render();
    return el;
  };
  root.append(...TEXT_LABELS.map(row));
  return root;
}

/** Rows of `{value, labelName}` with add and remove buttons; `onChange` gets the entries with a value. */
export function listEditor(name: string, entries: ListEntry[], onChange: (entries: ListEntry[]) => void): HTMLElement {
  const rows = h('div', { class: 'list-rows' });
  const emit = () => onChange(entries.filter((e) => e.value.trim() !== ''));
  const render = () => {
    rows.replaceChildren(
      ...entries.map((entry, i) =>
        h(
          'div',
          { class: 'list-row' },
          h('input', {
            type: 'text',
            value: entry.value,
            placeholder: 'word or phrase',
            'aria-label': `${name} entry ${i + 1}: text`,
            spellcheck: false,
            onInput: (e: Event) => {
              entry.value = (e.target as HTMLInputElement).value;
              emit();
            },
          }),
          h(
            'select',
            {
              'aria-label': `${name} entry ${i + 1}: label`,
              onChange: (e: Event) => {
                entry.labelName = (e.target as HTMLSelectElement).value as TextLabelName;
                emit();
              },
            },
            TEXT_LABELS.map((l) => h('option', { value: l, selected: l === entry.labelName }, l)),
          ),
          h(
            'button',
            {
              type: 'button',
              class: 'icon',
              'aria-label': `Remove ${name} entry ${i + 1}`,
              title: 'Remove',
              onClick: () => {
                entries.splice(i, 1);
                render();
                emit();
              },
            },
            '×',
          ),
        ),
      ),
    );
  };
  render();
  return h(
    'div',
    { class: 'list-editor' },
    rows,
    h(
      'button',
      {
        type: 'button',
        class: 'small',
        onClick: () => {
          entries.push({ value: '', labelName: 'PER' });
          render();
          (rows.lastElementChild?.querySelector('input') as HTMLInputElement | null)?.focus();
        },
      },
      `+ Add ${name} entry`,
    ),
  );
}
