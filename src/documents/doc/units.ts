import type { Story } from './stories.js';

/**
 * A piece of a story's text that detection sees as one text: a paragraph (cell, or text up to a page or column break)
 * as a reader sees it, or the instruction of a field (`HYPERLINK "mailto:…"`), which a reader does not see but which
 * Word keeps as text. `cps[i]` is the CP of `text[i]`, so an edit maps back onto the document.
 */
export interface TextUnit {
  kind: 'paragraph' | 'field';
  text: string;
  cps: Int32Array;
}

/** Paragraph mark, cell/row end, page or section break, column break: they end a paragraph. */
const ENDS = new Set([0x0d, 0x07, 0x0c, 0x0e]);
const FIELD_BEGIN = 0x13;
const FIELD_SEPARATOR = 0x14;
const FIELD_END = 0x15;

/**
 * How a character reads in a unit: a line break, a tab, a non-breaking or optional hyphen as such; any other special
 * character (picture, footnote or comment mark, drawn object) as a space, a separator between words.
 */
function shown(unit: number): string {
  if (unit >= 0x20) return String.fromCharCode(unit);
  if (unit === 0x0b) return '\n';
  if (unit === 0x09) return '\t';
  if (unit === 0x1e) return '-';
  if (unit === 0x1f) return '\u00ad';
  return ' ';
}

class Builder {
  readonly chars: string[] = [];
  readonly cps: number[] = [];
  constructor(
    readonly kind: TextUnit['kind'],
    readonly units: TextUnit[],
  ) {}
  add(s: string, cp: number): void {
    this.chars.push(s);
    this.cps.push(cp);
  }
  flush(): void {
    if (this.chars.length > 0) this.units.push({ kind: this.kind, text: this.chars.join(''), cps: Int32Array.from(this.cps) });
    this.chars.length = 0;
    this.cps.length = 0;
  }
}

/**
 * The units of one story, in the order they start. Field marks (begin, separator, end) are not text: a paragraph reads
 * the field's result where the field stands, and the instruction between begin and separator (or end) is a unit of
 * its own; fields nest, and a nested field's result belongs to whatever holds the field. Unbalanced marks (damaged
 * files) are ignored.
 */
export function unitsOf(text: string, story: Story): TextUnit[] {
  const units: TextUnit[] = [];
  const paragraph = new Builder('paragraph', units);
  /** Open fields: the builder their result goes to (null: the current paragraph), their instruction, and its state. */
  const open: Array<{ parent: Builder | null; instruction: Builder; done: boolean }> = [];
  let into: Builder | null = null;
  for (let cp = story.cpStart; cp < story.cpEnd; cp++) {
    const unit = text.charCodeAt(cp);
    if (unit === FIELD_BEGIN) {
      const instruction = new Builder('field', units);
      open.push({ parent: into, instruction, done: false });
      into = instruction;
    } else if (unit === FIELD_SEPARATOR || unit === FIELD_END) {
      const field = unit === FIELD_END ? open.pop() : open.at(-1);
      if (!field) continue;
      if (!field.done) field.instruction.flush();
      field.done = true;
      into = field.parent;
    } else if (ENDS.has(unit)) {
      if (into) into.add('\n', cp);
      else paragraph.flush();
    } else (into ?? paragraph).add(shown(unit), cp);
  }
  for (const field of open) field.instruction.flush();
  paragraph.flush();
  return units.sort((a, b) => a.cps[0]! - b.cps[0]!);
}

/** A story with its units and its page in the PII record. */
export interface StoryText {
  story: Story;
  page: number;
  units: TextUnit[];
}

/**
 * The units of every story that has text, numbered as pages: the main text is page 1, and every further story with
 * any non-blank unit gets the next number, in CP order.
 */
export function storyTexts(text: string, stories: readonly Story[]): StoryText[] {
  const out: StoryText[] = [];
  for (const story of stories) {
    const units = unitsOf(text, story);
    if (story.kind === 'text' || units.some((u) => u.text.trim() !== '')) out.push({ story, page: out.length + 1, units });
  }
  return out;
}
