// The result: the original and the anonymized text side by side with the entities highlighted, the legend with
// counts, copy and downloads, and the detections table.
import type { PseudonymizedText, ReplacementConfig, Span, TextLabel, TextLabelName } from '../../../src/browser.ts';
import { announce, copyText, download, fill, h } from '../dom.ts';
import { legend } from '../labels.ts';
import { detectionsTable, entitiesOf, highlighted, outputRanges, tipOf } from './entities.ts';

export interface ResultView {
  /** The result card and the detections card. */
  sections: HTMLElement[];
  render(
    text: string,
    result: PseudonymizedText,
    spans: readonly Span[],
    configs: ReadonlyMap<TextLabelName, ReplacementConfig>,
    usePseudonyms: boolean,
  ): void;
}

export function resultView(labels: readonly TextLabel[]): ResultView {
  const legendBox = h('div', { class: 'legend-box' }, legend(labels));
  const originalView = h('div', { class: 'textview', id: 'tp-original', 'aria-label': 'Original text with the detected entities' });
  const anonymizedView = h('div', { class: 'textview', id: 'tp-anonymized', 'aria-label': 'Anonymized text' });
  const tableBox = h('div', { class: 'table-wrap', id: 'tp-detections' });
  let last: PseudonymizedText | null = null;
  const button = (label: string, onClick: (r: PseudonymizedText) => unknown) =>
    h('button', { type: 'button', class: 'small', disabled: true, onClick: () => last && void onClick(last) }, label);
  const buttons = [
    button('Copy', async (r) => {
      await copyText(r.pseudonymizedText);
      announce('Anonymized text copied');
    }),
    button('Download .txt', (r) => download(r.pseudonymizedText, 'anonymized.txt', 'text/plain;charset=utf-8')),
    button('Download JSON', (r) => download(JSON.stringify(r, null, 2), 'anonymized.json', 'application/json')),
  ];
  const sections = [
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'tp-result-h' },
      h(
        'div',
        { class: 'row between wrap card-head' },
        h('h3', { id: 'tp-result-h' }, 'Result'),
        h('div', { class: 'row gap-s wrap' }, buttons),
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
  ];
  return {
    sections,
    render(text, result, spans, configs, usePseudonyms) {
      last = result;
      const entities = entitiesOf(result, spans, configs);
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
      for (const b of buttons) b.disabled = false;
      fill(tableBox, detectionsTable(entities));
    },
  };
}
