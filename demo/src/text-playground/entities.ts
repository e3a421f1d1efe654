// The entities of one result as the page shows them: each detection with its replacement, score and recognizer;
// highlighted in the original and the output, with a tooltip each, and listed in a table.
import type { Detection, PseudonymizedText, ReplacementConfig, Span, TextLabelName } from '../../../src/browser.ts';
import { MAX_SUPPRESSION_LENGTH } from '../../../src/spec/types.ts';
import { h } from '../dom.ts';
import { chip, LABEL_NAMES } from '../labels.ts';

/** One entity as the page shows it: the spec's detection plus what detect() knows (score, recognizer). */
export interface Entity extends Detection {
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
export function outputRanges(input: string, output: string, entities: readonly Entity[]): Array<[number, number]> | null {
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

export function tipOf(e: Entity, usePseudonyms: boolean): string {
  const lines = [`${LABEL_NAMES[e.label]} (${e.label})`];
  if (e.score !== undefined) lines.push(`score ${e.score.toFixed(2)}${e.source ? ` · ${sourceName(e.source)}` : ''}`);
  lines.push(`“${e.text}” → “${e.replacement}”`);
  if (usePseudonyms && e.pseudonym && /^[A-Z]+-\d+$/.test(e.pseudonym)) lines.push(`coreference group ${e.pseudonym}`);
  return lines.join('\n');
}

/** The text with `ranges` as focusable <mark>s. */
export function highlighted(
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

/** The result's detections with what `detect()` said of the same spans (score, recognizer). */
export function entitiesOf(
  result: PseudonymizedText,
  spans: readonly Span[],
  configs: ReadonlyMap<TextLabelName, ReplacementConfig>,
): Entity[] {
  const bySpan = new Map(spans.map((s) => [`${s.start}:${s.end}`, s]));
  return result.detection.detections.map((d, index) => {
    const span = bySpan.get(`${d.startChar}:${d.stopChar}`);
    return { ...d, index, replacement: replacementOf(d, configs), score: span?.score, source: span?.source };
  });
}

/** The detections table. */
export function detectionsTable(entities: readonly Entity[]): HTMLElement {
  return entities.length === 0
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
      );
}
