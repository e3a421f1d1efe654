import type { Edit } from '../../replacement/apply.js';
import type { Piece } from './pieces.js';
import { writeUnit } from './pieces.js';
import type { TextUnit } from './units.js';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The replacement as it fits `slots` characters: padded with spaces, or, when it is longer, a mask of `*` of that
 * length — never a cut pseudonym (`MHRA` → `PER-`, `EU` → `OR`), which two entities could share. Every structure of a
 * Word file indexes text by CP, so the text keeps its length; control characters (which would be paragraph, cell or
 * field marks) become spaces, and a lone surrogate becomes `*`.
 */
export function fitReplacement(replacement: string, slots: number): string {
  const plain = replacement.replace(/[\u0000-\u001f]/g, ' ');
  const fitted = plain.length > slots ? '*'.repeat(slots) : plain + ' '.repeat(slots - plain.length);
  return fitted.replace(LONE_SURROGATE, '*');
}

/**
 * Writes each edit of a unit into the WordDocument stream, in place and the same length: only ordinary characters
 * (code ≥ 0x20) of the edited span are overwritten; special characters (field marks, picture and note anchors, cell
 * and paragraph marks) stay, so every structure that points at them still does. Returns the edits as written: the
 * replacement and pseudonym are the text put in place, without its padding (no pseudonym where a mask stands).
 */
export function redactUnit(
  wordDocument: Uint8Array,
  pieces: readonly Piece[],
  text: string,
  unit: TextUnit,
  edits: readonly Edit[],
): Edit[] {
  return edits.map((edit) => {
    const slots: number[] = [];
    for (let i = edit.start; i < edit.end; i++) {
      const cp = unit.cps[i]!;
      if (text.charCodeAt(cp) >= 0x20) slots.push(cp);
    }
    const fitted = fitReplacement(edit.replacement, slots.length);
    const units = slots.map((cp, k) => writeUnit(wordDocument, pieces, cp, fitted.charCodeAt(k)));
    const written = units
      .map((u) => String.fromCharCode(u))
      .join('')
      .trimEnd();
    return asWritten(edit, written);
  });
}

/** The edit as written in place: its replacement the text put there; no pseudonym where a mask stands for one too long. */
export function asWritten(edit: Edit, written: string): Edit {
  const masked = written !== edit.replacement && /^\**$/u.test(written);
  return { ...edit, replacement: written, pseudonym: edit.pseudonym === null || masked ? null : written };
}
