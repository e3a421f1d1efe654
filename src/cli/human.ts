import type { PseudonymizedText, TextLabelName } from '../spec/types.js';

/** A replacement as it stands in the anonymized text (UTF-16 offsets into `pseudonymizedText`). */
export interface PlacedReplacement {
  /** Where the detection starts in the input. */
  inputStart: number;
  start: number;
  end: number;
  label: TextLabelName;
  original: string;
  replacement: string;
}

/**
 * Where each detection's replacement stands in the anonymized text. The result lists detections by their offsets in
 * the input; the text between them is unchanged, so walking both texts places each replacement: a pseudonym is known,
 * a mask or suppression is the run of `*` that lets the next unchanged stretch follow. Null when the texts do not line
 * up (then nothing is highlighted).
 */
export function placeReplacements(input: string, result: PseudonymizedText): PlacedReplacement[] | null {
  const out = result.pseudonymizedText;
  const detections = [...result.detection.detections].sort((a, b) => a.startChar - b.startChar);
  const placed: PlacedReplacement[] = [];
  let p = 0;
  let c = 0;
  for (let i = 0; i < detections.length; i++) {
    const d = detections[i]!;
    if (d.startChar < c || d.stopChar < d.startChar || d.stopChar > input.length) return null;
    const gap = input.slice(c, d.startChar);
    if (!out.startsWith(gap, p)) return null;
    p += gap.length;
    const next = detections[i + 1];
    const following = input.slice(d.stopChar, next ? next.startChar : input.length);
    let replacement: string | undefined;
    if (d.pseudonym !== null) {
      if (out.startsWith(d.pseudonym, p)) replacement = d.pseudonym;
    } else {
      let stars = 0;
      while (out[p + stars] === '*') stars++;
      for (let k = stars; k >= 0 && replacement === undefined; k--) {
        const fits = next ? out.startsWith(following, p + k) : out.slice(p + k) === following;
        if (fits) replacement = out.slice(p, p + k);
      }
    }
    if (replacement === undefined) return null;
    placed.push({ inputStart: d.startChar, start: p, end: p + replacement.length, label: d.label, original: d.text, replacement });
    p += replacement.length;
    c = d.stopChar;
  }
  return out.slice(p) === input.slice(c) ? placed : null;
}

/** Whether to color: a terminal, and no `NO_COLOR` (the no-color.org convention); `FORCE_COLOR` colors a pipe too. */
export function wantsColor(isTTY: boolean | undefined, env: Record<string, string | undefined>): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  return isTTY === true;
}

/** SGR color of each label (bold is added). */
const LABEL_COLORS: Record<TextLabelName, number> = { PER: 35, STR: 33, MAIL: 36, TEL: 34, LOC: 32, ORG: 94, DATE: 93, OTH: 95 };

const sgr = (code: string, text: string, color: boolean) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);

/** One line of the list: control characters and line breaks of the original shown as a space or `?`. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Options of `formatTextResult`. */
export interface HumanFormatOptions {
  /** ANSI colors: replacements highlighted in the text, labels in the list. */
  color: boolean;
  /** Longest original shown in the list (longer ones end in `…`). Default 40. */
  maxOriginal?: number;
}

/**
 * `text --format text`: the anonymized text (its replacements highlighted when `color`), a blank line, and the list of
 * what was replaced, one line per distinct (label, original, replacement) in order of first appearance:
 *
 * ```
 * Herr PER-1 (MAIL-1) ruft an. PER-1
 *
 * 3 replacements:
 *   PER   Meier              → PER-1   2×
 *   MAIL  meier@example.de   → MAIL-1
 * ```
 */
export function formatTextResult(input: string, result: PseudonymizedText, options: HumanFormatOptions): string {
  const { color } = options;
  const maxOriginal = options.maxOriginal ?? 40;
  const out = result.pseudonymizedText;
  const placed = placeReplacements(input, result);
  let text = out;
  if (placed && color) {
    const parts: string[] = [];
    let p = 0;
    for (const r of placed) {
      parts.push(out.slice(p, r.start), r.end > r.start ? sgr(`1;${LABEL_COLORS[r.label]}`, out.slice(r.start, r.end), true) : '');
      p = r.end;
    }
    parts.push(out.slice(p));
    text = parts.join('');
  }
  const lines = [text.endsWith('\n') ? text.slice(0, -1) : text, ''];
  const detections = result.detection.detections;
  if (detections.length === 0) {
    lines.push(sgr('2', 'Nothing was replaced.', color));
    return `${lines.join('\n')}\n`;
  }
  // The replacement of a masked or suppressed detection is only known from its place in the text.
  const replacementOf = (i: number) => {
    const d = detections[i]!;
    if (d.pseudonym !== null) return d.pseudonym;
    return placed?.find((r) => r.inputStart === d.startChar)?.replacement ?? '***';
  };
  const rows = new Map<string, { label: TextLabelName; original: string; replacement: string; count: number }>();
  detections.forEach((d, i) => {
    const original = cut(oneLine(d.text), maxOriginal);
    const replacement = oneLine(replacementOf(i));
    const key = JSON.stringify([d.label, original, replacement]);
    const row = rows.get(key);
    if (row) row.count++;
    else rows.set(key, { label: d.label, original, replacement, count: 1 });
  });
  const labelWidth = Math.max(...[...rows.values()].map((r) => r.label.length));
  const originalWidth = Math.max(...[...rows.values()].map((r) => r.original.length));
  const replacementWidth = Math.max(...[...rows.values()].map((r) => r.replacement.length || 2));
  const n = detections.length;
  lines.push(`${n} ${n === 1 ? 'replacement' : 'replacements'}${rows.size < n ? ` (${rows.size} different)` : ''}:`);
  for (const r of rows.values()) {
    const label = sgr(`1;${LABEL_COLORS[r.label]}`, r.label.padEnd(labelWidth), color);
    const replacement = r.replacement === '' ? sgr('2', '(removed)', color) : sgr(`1;${LABEL_COLORS[r.label]}`, r.replacement, color);
    const pad = ' '.repeat(Math.max(0, replacementWidth - (r.replacement === '' ? '(removed)'.length : r.replacement.length)));
    const count = r.count > 1 ? `  ${sgr('2', `${r.count}×`, color)}` : '';
    lines.push(`  ${label}  ${r.original.padEnd(originalWidth)}  ${sgr('2', '→', color)} ${replacement}${count ? pad + count : ''}`);
  }
  return `${lines.join('\n')}\n`;
}
