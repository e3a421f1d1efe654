// Label colours (CSS classes l-PER …, styles.css) and the legend.
import type { TextLabel, TextLabelName } from '../../src/browser.ts';
import { h } from './dom.ts';

/** Human names of the labels, shown beside the codes. */
export const LABEL_NAMES: Record<TextLabelName, string> = {
  PER: 'Person',
  STR: 'Street',
  MAIL: 'E-mail',
  TEL: 'Phone',
  LOC: 'Place',
  ORG: 'Organization',
  DATE: 'Date',
  OTH: 'Other ID',
};

/** A label chip: the colour, the code, optionally the count. */
export function chip(label: TextLabelName, count?: number): HTMLElement {
  return h(
    'span',
    { class: `chip l-${label}`, title: LABEL_NAMES[label] },
    label,
    count !== undefined ? h('span', { class: 'chip-count' }, String(count)) : null,
  );
}

/** The legend: every label with its colour and name; the counts when given. */
export function legend(labels: readonly TextLabel[], counts?: ReadonlyMap<TextLabelName, number>): HTMLElement {
  return h(
    'ul',
    { class: 'legend', 'aria-label': 'Legend: label colours' },
    labels.map((l) =>
      h(
        'li',
        { title: l.description, class: counts && !counts.get(l.name) ? 'dim' : null },
        chip(l.name),
        ' ',
        LABEL_NAMES[l.name],
        counts ? h('span', { class: 'muted' }, ` ${counts.get(l.name) ?? 0}`) : null,
      ),
    ),
  );
}
