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
  /**
   * A paragraph's: what joins it to the next paragraph when the story is read as one text. A cell end is a tab, a row
   * end, a paragraph mark or a break a line break; an empty cell adds a tab, an empty paragraph a line break, so a
   * table reads as rows of columns (`Schulze⇥⇥Jena`) and blank lines stay.
   */
  joiner?: string;
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
  /** The unit made of what was added, if anything was. */
  flush(): TextUnit | null {
    const unit = this.chars.length > 0 ? { kind: this.kind, text: this.chars.join(''), cps: Int32Array.from(this.cps) } : null;
    if (unit) this.units.push(unit);
    this.chars.length = 0;
    this.cps.length = 0;
    return unit;
  }
}

/**
 * The units of one story, in the order they start. Field marks (begin, separator, end) are not text: a paragraph reads
 * the field's result where the field stands, and the instruction between begin and separator (or end) is a unit of
 * its own; fields nest, and a nested field's result belongs to whatever holds the field. Unbalanced marks (damaged
 * files) are ignored. `rowEnds` (see `rowEnds`) tells a table's row ends from its cell ends, for the joiners.
 */
export function unitsOf(text: string, story: Story, rowEnds: ReadonlySet<number> = new Set()): TextUnit[] {
  const units: TextUnit[] = [];
  let last: TextUnit | null = null;
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
      else {
        const cell = unit === 0x07 && !rowEnds.has(cp);
        const ended = paragraph.flush();
        if (ended) {
          ended.joiner = cell ? '\t' : '\n';
          last = ended;
        } else if (last) last.joiner = cell ? `${last.joiner}\t` : `${last.joiner!.replace(/\t+$/u, '')}\n`;
      }
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
export function storyTexts(text: string, stories: readonly Story[], rowEnds: ReadonlySet<number> = new Set()): StoryText[] {
  const out: StoryText[] = [];
  for (const story of stories) {
    const units = unitsOf(text, story, rowEnds);
    if (story.kind === 'text' || units.some((u) => u.text.trim() !== '')) out.push({ story, page: out.length + 1, units });
  }
  return out;
}
