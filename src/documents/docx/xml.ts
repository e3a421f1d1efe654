import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import type { Document as XmlDocument, Element as XmlElement, Node as XmlNode } from '@xmldom/xmldom';
import { invalidFile } from '../../errors/problem.js';

export type { XmlDocument, XmlElement, XmlNode };

/** Namespaces of the parts we read and edit. */
export const NS = {
  w: 'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  mc: 'http://schemas.openxmlformats.org/markup-compatibility/2006',
  wp: 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing',
  rel: 'http://schemas.openxmlformats.org/package/2006/relationships',
  ct: 'http://schemas.openxmlformats.org/package/2006/content-types',
  o: 'urn:schemas-microsoft-com:office:office',
  v: 'urn:schemas-microsoft-com:vml',
} as const;

export const ELEMENT_NODE = 1;
export const COMMENT_NODE = 8;

/**
 * A DOCTYPE is never needed by OOXML and is how entity bombs and external entities get in (reliability H4): a part
 * that declares one is refused before any parsing.
 */
const DECLARATIONS = /<!DOCTYPE|<!ENTITY/i;

function decode(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le', { fatal: true }).decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be', { fatal: true }).decode(bytes);
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** Parses one XML part; anything malformed, a DOCTYPE or an unknown entity is 422 INVALID_FILE naming the part. */
export function parseXml(bytes: Uint8Array, partName: string): XmlDocument {
  const damaged = () => invalidFile(`The Word document is damaged: its part ${partName} is not well-formed XML.`);
  let text: string;
  try {
    text = decode(bytes);
  } catch {
    throw damaged();
  }
  if (DECLARATIONS.test(text)) throw invalidFile(`The Word document's part ${partName} declares a DOCTYPE or entities, which are refused.`);
  try {
    const doc = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(text, 'application/xml');
    if (!doc.documentElement) throw damaged();
    return doc;
  } catch {
    throw damaged();
  }
}

/** The part's bytes again: UTF-8 with the standard declaration Word writes. */
export function serializeXml(doc: XmlDocument): Uint8Array {
  // The root alone: processing instructions and comments outside it carry nothing a reader needs.
  const root = new XMLSerializer().serializeToString(doc.documentElement!);
  return new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n${root}`);
}

/** Child elements of `el`, in order. */
export function childElements(el: XmlNode): XmlElement[] {
  const out: XmlElement[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === ELEMENT_NODE) out.push(n as XmlElement);
  return out;
}

/**
 * Every element below `root` in document order, in one walk (xmldom's live `getElementsBy…` lists walk the whole tree
 * on each call: dozens of calls on a large part cost seconds). A snapshot: safe to edit while going through it.
 */
export function allElements(root: XmlNode): XmlElement[] {
  const out: XmlElement[] = [];
  const stack: XmlNode[] = [];
  for (let n = root.lastChild; n; n = n.previousSibling) stack.push(n);
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.nodeType !== ELEMENT_NODE) continue;
    out.push(n as XmlElement);
    for (let c = n.lastChild; c; c = c.previousSibling) stack.push(c);
  }
  return out;
}

/** The elements of one namespace below `root` by local name, each list in document order (one walk). */
export function elementsByName(root: XmlNode, ns: string): Map<string, XmlElement[]> {
  const out = new Map<string, XmlElement[]>();
  for (const el of allElements(root)) {
    if (el.namespaceURI !== ns) continue;
    const list = out.get(el.localName!);
    if (list) list.push(el);
    else out.set(el.localName!, [el]);
  }
  return out;
}

/** The text of an element whose content is text only (`w:t`, `w:instrText`, `c:v`). */
export function textOf(el: XmlElement): string {
  let s = '';
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType !== ELEMENT_NODE) s += n.nodeValue ?? '';
  return s;
}

export function isElement(n: XmlNode | null, ns: string, localName: string): n is XmlElement {
  return n !== null && n.nodeType === ELEMENT_NODE && (n as XmlElement).namespaceURI === ns && (n as XmlElement).localName === localName;
}

/** Whether an element has this namespace and local name (no type narrowing, for elements already typed). */
export function named(el: XmlElement, ns: string, localName: string): boolean {
  return el.namespaceURI === ns && el.localName === localName;
}

/** Removes `el` from the tree. */
export function remove(el: XmlNode): void {
  el.parentNode?.removeChild(el);
}

/** Replaces `el` by its children (accepting an insertion keeps what it inserted). */
export function unwrap(el: XmlNode): void {
  const parent = el.parentNode;
  if (!parent) return;
  while (el.firstChild) parent.insertBefore(el.firstChild, el);
  parent.removeChild(el);
}

/** Sets the text of a `w:t`-like element, keeping leading and trailing spaces visible. */
export function setText(el: XmlElement, text: string): void {
  while (el.firstChild) el.removeChild(el.firstChild);
  if (text !== '') el.appendChild(el.ownerDocument!.createTextNode(text));
  if (/^\s|\s$/.test(text)) el.setAttributeNS('http://www.w3.org/XML/1998/namespace', 'xml:space', 'preserve');
}
