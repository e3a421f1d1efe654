import type { XmlDocument, XmlElement } from './xml.js';
import { COMMENT_NODE, ELEMENT_NODE, NS, allElements, childElements, elementsByName, isElement, named, remove, unwrap } from './xml.js';

/**
 * Removes the document's history and who made it (reliability D1, D2), before any text is read:
 * - tracked changes are accepted: deletions (`w:del`, `w:moveFrom`, deleted rows) go with their text, insertions
 *   (`w:ins`, `w:moveTo`) stay as plain content, and every property change (`w:rPrChange`, …) goes, so no author
 *   or date of a revision remains;
 * - comment anchors and references go (comments themselves are dropped as parts: see part-roles.ts);
 * - revision session ids (`w:rsid*`), which tie edits to editing sessions, go, and so do XML comments.
 * Returns how many revision marks were accepted.
 */
export function removeHistory(doc: XmlDocument): number {
  let accepted = 0;
  const byName = elementsByName(doc, NS.w);
  const w = (name: string) => byName.get(name) ?? [];
  // A deleted table row: the row goes.
  for (const del of w('del'))
    if (isElement(del.parentNode, NS.w, 'trPr')) {
      const row = del.parentNode.parentNode;
      if (isElement(row, NS.w, 'tr')) {
        remove(row);
        accepted++;
      }
    }
  // A deleted paragraph mark: what is left of the paragraph joins the next one, as Word does when accepting it.
  for (const del of w('del'))
    if (isElement(del.parentNode, NS.w, 'rPr') && isElement(del.parentNode.parentNode, NS.w, 'pPr')) {
      const paragraph = del.parentNode.parentNode.parentNode;
      if (isElement(paragraph, NS.w, 'p')) {
        joinNext(paragraph);
        accepted++;
      }
    }
  for (const name of REMOVED_WITH_CONTENT)
    for (const el of w(name)) {
      remove(el);
      accepted++;
    }
  for (const name of ['ins', 'moveTo'])
    for (const el of w(name)) {
      // Inside run properties an insertion is only a mark on the paragraph or run: the mark goes.
      if (isElement(el.parentNode, NS.w, 'rPr') || isElement(el.parentNode, NS.w, 'trPr')) remove(el);
      else unwrap(el);
      accepted++;
    }
  for (const name of COMMENT_ANCHORS) for (const el of w(name)) removeAnchor(el);
  removeXmlComments(doc.documentElement!);
  stripRsids(doc.documentElement!);
  return accepted;
}

/** Revision elements whose content is the old state (deleted text, former properties), or markers of moves. */
const REMOVED_WITH_CONTENT = [
  'del',
  'moveFrom',
  'delText',
  'delInstrText',
  'rPrChange',
  'pPrChange',
  'sectPrChange',
  'tblPrChange',
  'tblPrExChange',
  'tblGridChange',
  'trPrChange',
  'tcPrChange',
  'numberingChange',
  'cellIns',
  'cellDel',
  'cellMerge',
  'moveFromRangeStart',
  'moveFromRangeEnd',
  'moveToRangeStart',
  'moveToRangeEnd',
  'customXmlInsRangeStart',
  'customXmlInsRangeEnd',
  'customXmlDelRangeStart',
  'customXmlDelRangeEnd',
  'customXmlMoveFromRangeStart',
  'customXmlMoveFromRangeEnd',
  'customXmlMoveToRangeStart',
  'customXmlMoveToRangeEnd',
];

/** Moves a paragraph's content (not its properties) to the start of the next paragraph and removes it. */
function joinNext(p: XmlElement): void {
  let next = p.nextSibling;
  while (next && next.nodeType !== ELEMENT_NODE) next = next.nextSibling;
  if (!isElement(next, NS.w, 'p')) return;
  let at = next.firstChild;
  while (at && isElement(at, NS.w, 'pPr')) at = at.nextSibling;
  for (const child of childElements(p)) if (!named(child, NS.w, 'pPr')) next.insertBefore(child, at);
  remove(p);
}

const COMMENT_ANCHORS = ['commentRangeStart', 'commentRangeEnd', 'commentReference'];

/** A comment anchor goes; a run left holding nothing but its properties goes with it. */
function removeAnchor(el: XmlElement): void {
  const run = el.parentNode;
  remove(el);
  if (isElement(run, NS.w, 'r')) {
    let content = false;
    for (let n = run.firstChild; n; n = n.nextSibling) if (n.nodeType === ELEMENT_NODE && !isElement(n, NS.w, 'rPr')) content = true;
    if (!content) remove(run);
  }
}

/** XML comments: invisible to a reader, and they can hold anything. */
function removeXmlComments(root: XmlElement): void {
  const stack: XmlElement[] = [root];
  while (stack.length > 0) {
    const el = stack.pop()!;
    for (let n = el.firstChild; n;) {
      const next = n.nextSibling;
      if (n.nodeType === COMMENT_NODE) el.removeChild(n);
      else if (n.nodeType === ELEMENT_NODE) stack.push(n as XmlElement);
      n = next;
    }
  }
}

function stripRsids(root: XmlElement): void {
  for (const el of [root, ...allElements(root)]) {
    const attrs = el.attributes;
    for (let i = attrs.length - 1; i >= 0; i--) {
      const a = attrs.item(i)!;
      if (a.namespaceURI === NS.w && a.localName!.startsWith('rsid')) el.removeAttributeNode(a);
    }
  }
}

/**
 * Settings that name people, places on their machines or the document's identity: the attached template's path,
 * document variables, mail-merge sources, revision session ids and document GUIDs; and revision tracking, so an
 * edit of the anonymized file does not start a new history under someone's name.
 */
const PERSONAL_SETTINGS = ['attachedTemplate', 'docVars', 'mailMerge', 'rsids', 'trackRevisions', 'saveThroughXslt', 'docId'];

/** Removes personal settings from `word/settings.xml` (any namespace's `docId`: w14, w15). */
export function scrubSettings(doc: XmlDocument): void {
  for (const el of childElements(doc.documentElement!)) if (PERSONAL_SETTINGS.includes(el.localName!)) remove(el);
}
