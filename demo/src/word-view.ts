// A Word document (DOCX, DOC) as text: its stories ("pages" of the PII record: the main text, then headers, footers,
// notes…) paragraph by paragraph, each found entity marked by label: the original text on one side, the text as
// written into the result (replacements) on the other. Word files have no page geometry to draw boxes on.
import type { DocumentPiiRecord } from '../../src/browser.ts';
import { h } from './dom.ts';
import { LABEL_NAMES } from './labels.ts';

/** One paragraph with its entities marked: the original strings, or what replaced them. */
function paragraph(entry: DocumentPiiRecord['pageData'][number], side: 'original' | 'anonymized'): HTMLElement {
  const d = entry.textData.detections;
  const text = d.tokens.length > 0 ? d.tokens.reduce((s, t) => s + ' '.repeat(Math.max(0, t.startChar - s.length)) + t.text, '') : '';
  const p = h('p', { class: 'word-par' });
  let pos = 0;
  d.ents.forEach((e, i) => {
    if (e.startChar > pos) p.append(text.slice(pos, e.startChar));
    const shown = side === 'original' ? e.text : (d.pseudonyms[i] ?? '***');
    p.append(
      h(
        'mark',
        {
          class: `ent l-${e.tag}`,
          title: `${LABEL_NAMES[e.tag]} (${e.tag}) · score ${e.score.toFixed(2)} · “${e.text}” → “${d.pseudonyms[i] ?? ''}”`,
        },
        shown,
      ),
    );
    pos = e.endChar;
  });
  if (pos < text.length) p.append(text.slice(pos));
  return p;
}

/** The stories of the record, each under a heading, as the original or the anonymized side shows them. */
export function wordFigure(record: DocumentPiiRecord, side: 'original' | 'anonymized', maxParagraphs = 400): HTMLElement {
  const entries = record.pageData.filter((e) => e.textData.detections.tokens.length > 0);
  const shown = entries.slice(0, maxParagraphs);
  const pages = [...new Set(shown.map((e) => e.pageNum))];
  return h(
    'div',
    { class: 'word-pages' },
    pages.map((pageNum) =>
      h(
        'section',
        { class: 'word-page', 'aria-label': pageNum === 1 ? 'Main text' : `Part ${pageNum}` },
        h('h4', { class: 'muted small' }, pageNum === 1 ? 'Main text' : `Part ${pageNum} (header, footer, notes…)`),
        shown.filter((e) => e.pageNum === pageNum).map((e) => paragraph(e, side)),
      ),
    ),
    entries.length > shown.length
      ? h('p', { class: 'muted small' }, `The first ${shown.length} of ${entries.length} paragraphs are shown.`)
      : null,
  );
}
