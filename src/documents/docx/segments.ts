import type { XmlDocument, XmlElement, XmlNode } from './xml.js';
import { ELEMENT_NODE, NS, allElements, childElements, isElement, named, textOf } from './xml.js';

const CHART = 'http://schemas.openxmlformats.org/drawingml/2006/chart';

/** Where one stretch of a segment's text lives: the text of an element (`w:t`), an attribute, or a one-character mark. */
export interface Piece {
  el: XmlElement;
  /** Set when the text is this attribute's value. */
  attr?: string;
  /** Offset of this piece in the segment text. */
  start: number;
  text: string;
  /** A tab, break or hyphen element standing for one character: removed when an edit covers it, never rewritten. */
  mark: boolean;
}

/**
 * One piece of text detection sees: a paragraph joined across its runs (so a name split over runs, proofing marks,
 * bookmarks, fields or insertions is one string), a field instruction, a text-bearing attribute (alt text, tooltips,
 * form-field texts) or a hyperlink target.
 */
export interface Segment {
  part: string;
  /**
   * `identifier`: a name the file uses to refer to something (a bookmark, a form field, a shape): not detected on (an
   * auto-generated "Text42" or "Rectangle 34" is no one's name), but a string detected elsewhere is replaced there too.
   */
  kind: 'paragraph' | 'field' | 'attribute' | 'link' | 'identifier';
  text: string;
  pieces: Piece[];
  /** A second copy of content counted elsewhere (`mc:Fallback`, a SmartArt drawing cache): edited, not recorded again. */
  copy: boolean;
  /** A paragraph's: what joins it to the next when the part's paragraphs are read as one text (`joinerAfter`). */
  joiner?: string;
}

/** Elements standing for one character of the paragraph text. */
const MARKS: ReadonlyMap<string, string> = new Map([
  [`${NS.w}|tab`, '\t'],
  [`${NS.w}|ptab`, '\t'],
  [`${NS.w}|br`, '\n'],
  [`${NS.w}|cr`, '\n'],
  [`${NS.w}|noBreakHyphen`, '\u2011'],
  [`${NS.w}|softHyphen`, '\u00ad'],
  [`${NS.a}|br`, '\n'],
]);

/** Attributes holding text a person wrote: alt text, titles, tooltips. */
const TEXT_ATTRIBUTES: ReadonlyArray<{ local: string; attrs: readonly string[] }> = [
  { local: 'docPr', attrs: ['descr', 'title'] },
  { local: 'cNvPr', attrs: ['descr', 'title'] },
  { local: 'hyperlink', attrs: ['w:tooltip'] },
  { local: 'imagedata', attrs: ['o:title'] },
  { local: 'shape', attrs: ['alt'] },
  { local: 'rect', attrs: ['alt'] },
];

/** Form-field and content-control children whose `w:val` is text (status and help texts, defaults, aliases, tags). */
const VAL_TEXTS = new Set(['statusText', 'helpText', 'default', 'alias', 'tag', 'listEntry']);

/** The identifier attribute of an element, if it has one: shape names, bookmark and form-field names, VML shape ids. */
function identifierOf(el: XmlElement): string | null {
  if (el.localName === 'docPr' || el.localName === 'cNvPr') return 'name';
  if (named(el, NS.w, 'bookmarkStart')) return 'w:name';
  if (named(el, NS.w, 'name') && isElement(el.parentNode, NS.w, 'ffData')) return 'w:val';
  if (el.namespaceURI === NS.v) return 'id';
  return null;
}

const key = (el: XmlElement) => `${el.namespaceURI}|${el.localName}`;

function isParagraph(el: XmlElement): boolean {
  return named(el, NS.w, 'p') || named(el, NS.a, 'p');
}

function inFallback(el: XmlNode): boolean {
  for (let n = el.parentNode; n; n = n.parentNode) if (isElement(n, NS.mc, 'Fallback')) return true;
  return false;
}

class SegmentBuilder {
  text = '';
  pieces: Piece[] = [];
  add(el: XmlElement, text: string, mark: boolean, attr?: string): void {
    if (text === '') return;
    this.pieces.push({ el, start: this.text.length, text, mark, ...(attr ? { attr } : {}) });
    this.text += text;
  }
  build(part: string, kind: Segment['kind'], copy: boolean): Segment | null {
    return this.text.trim() === '' ? null : { part, kind, text: this.text, pieces: this.pieces, copy };
  }
}

/** The paragraph's own text (text boxes and nested paragraphs are segments of their own) and its field instructions. */
function paragraphSegments(p: XmlElement, part: string, copy: boolean): Segment[] {
  const body = new SegmentBuilder();
  const fields: SegmentBuilder[] = [];
  let field: SegmentBuilder | null = null;
  const walk = (node: XmlNode) => {
    for (let n = node.firstChild; n; n = n.nextSibling) {
      if (n.nodeType !== ELEMENT_NODE) continue;
      const el = n as XmlElement;
      if (isParagraph(el) || named(el, NS.w, 'txbxContent')) continue;
      if (named(el, NS.w, 't') || named(el, NS.a, 't')) body.add(el, textOf(el), false);
      else if (named(el, NS.w, 'instrText')) {
        field ??= new SegmentBuilder();
        field.add(el, textOf(el), false);
      } else if (named(el, NS.w, 'fldChar')) {
        // Each field's instruction is its own string: `HYPERLINK "mailto:…"` is not joined to the next field's.
        if (el.getAttributeNS(NS.w, 'fldCharType') === 'begin' && field) {
          fields.push(field);
          field = null;
        }
      } else if (MARKS.has(key(el))) body.add(el, MARKS.get(key(el))!, true);
      else walk(el);
    }
  };
  walk(p);
  if (field) fields.push(field);
  const paragraph = body.build(part, 'paragraph', copy);
  if (paragraph) paragraph.joiner = joinerAfter(p);
  return [paragraph, ...fields.map((f) => f.build(part, 'field', copy))].filter((s): s is Segment => s !== null);
}

/**
 * How a paragraph joins the next when a part's paragraphs are read as one text: the last paragraph with text in a
 * table cell is followed by a tab for each cell up to the next cell with text in its row, so that a row reads as a
 * line of columns under the table's header (`Name⇥Ort⇥Telefon`), and the row's last by a line break and a tab for each
 * empty cell that opens the next row; any other paragraph by a line break.
 */
function joinerAfter(p: XmlElement): string {
  const cell = p.parentNode;
  if (!isElement(cell, NS.w, 'tc')) return '\n';
  for (let n = p.nextSibling; n; n = n.nextSibling) if (n.nodeType === ELEMENT_NODE && hasText(n as XmlElement)) return '\n';
  let tabs = '';
  for (let n = cell.nextSibling; n; n = n.nextSibling) {
    if (!isElement(n, NS.w, 'tc')) continue;
    tabs += '\t';
    if (hasText(n)) return tabs;
  }
  // The row's last cell with text: a line break, then a tab for each empty cell that opens the next row with text.
  for (let r = cell.parentNode?.nextSibling ?? null; r; r = r.nextSibling) {
    if (!isElement(r, NS.w, 'tr') || !hasText(r)) continue;
    let lead = '';
    for (const c of childElements(r)) {
      if (!named(c, NS.w, 'tc')) continue;
      if (hasText(c)) break;
      lead += '\t';
    }
    return `\n${lead}`;
  }
  return '\n';
}

/** Whether an element holds any text a reader sees. */
function hasText(el: XmlElement): boolean {
  return allElements(el).some((e) => named(e, NS.w, 't') && textOf(e).trim() !== '');
}

function attributeSegment(el: XmlElement, name: string, part: string, copy: boolean, kind: Segment['kind'] = 'attribute'): Segment | null {
  const value = el.getAttribute(name);
  if (!value) return null;
  const b = new SegmentBuilder();
  b.add(el, value, false, name);
  return b.build(part, name === 'w:instr' ? 'field' : kind, copy);
}

/**
 * Every segment of one XML part, in document order of the paragraphs, then fields, then attributes. `copyPart` marks
 * a part that is itself a cached copy of another (SmartArt drawing).
 */
export function collectSegments(doc: XmlDocument, part: string, copyPart = false): Segment[] {
  const out: Segment[] = [];
  for (const el of allElements(doc)) {
    const copy = copyPart || inFallback(el);
    if (isParagraph(el)) {
      const segments = paragraphSegments(el, part, copy);
      out.push(...segments);
      // An empty paragraph outside a table is a blank line between the paragraphs read around it.
      if (!segments.some((s) => s.kind === 'paragraph') && !isElement(el.parentNode, NS.w, 'tc')) {
        const before = out.findLast((s) => s.kind === 'paragraph');
        if (before?.joiner?.endsWith('\n')) before.joiner += '\n';
      }
    } else if (el.namespaceURI === CHART && el.localName === 'v') {
      const b = new SegmentBuilder();
      b.add(el, textOf(el), false);
      const s = b.build(part, 'paragraph', copy);
      if (s) out.push(s);
    } else if (named(el, NS.w, 'fldSimple')) {
      const s = attributeSegment(el, 'w:instr', part, copy);
      if (s) out.push(s);
    } else if (el.namespaceURI === NS.w && VAL_TEXTS.has(el.localName!) && el.hasAttributeNS(NS.w, 'val')) {
      const s = attributeSegment(el, 'w:val', part, copy);
      if (s) out.push(s);
    } else {
      const spec = TEXT_ATTRIBUTES.find((t) => t.local === el.localName);
      for (const name of spec?.attrs ?? []) {
        const s = attributeSegment(el, name, part, copy);
        if (s) out.push(s);
      }
    }
    const id = identifierOf(el);
    const s = id ? attributeSegment(el, id, part, copy, 'identifier') : null;
    if (s) out.push(s);
  }
  return out;
}

/** A hyperlink target as a segment: detection sees the decoded URI; edits are written back URI-encoded. */
export function linkSegment(rel: XmlElement, part: string): Segment | null {
  const target = rel.getAttribute('Target') ?? '';
  let text: string;
  try {
    text = decodeURI(target);
  } catch {
    text = target;
  }
  const b = new SegmentBuilder();
  b.add(rel, text, false, 'Target');
  return b.build(part, 'link', false);
}
