import type { PDFContext, PDFDocument, PDFObject } from 'pdf-lib';
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFStream, PDFString } from 'pdf-lib';
import { arrayOf, dictOf, resolve } from './objects.js';
import { decodeStream } from './streams.js';

/** Text held by a container the writer drops (metadata, annotations, forms, …), for detection and the PII record. */
export interface HiddenText {
  /** 1-based page of an annotation; 1 for document-level containers. */
  pageNum: number;
  /** Which kind of container held it (no content): `info`, `xmp`, `outline`, `annotation`, `form`, … */
  source: string;
  text: string;
}

/** Page keys copied into the output; everything else (Annots, Thumb, AA, Metadata, PieceInfo, …) is dropped. */
export const PAGE_KEYS = new Set(['Type', 'MediaBox', 'CropBox', 'Rotate', 'Resources', 'Contents', 'UserUnit', 'Group']);
/** Resource categories copied; `Properties` (marked-content and optional-content properties) is dropped. */
export const RESOURCE_KEYS = new Set(['Font', 'XObject', 'ExtGState', 'ColorSpace', 'Pattern', 'Shading', 'ProcSet']);
/** Keys removed from every object of the output: metadata, private data, optional-content membership, actions. */
export const SCRUBBED_KEYS = [
  'Metadata',
  'PieceInfo',
  'LastModified',
  'OC',
  'StructParent',
  'StructParents',
  'Alternates',
  'OPI',
  'AA',
  'Thumb',
  'A',
];

/**
 * Keys an image or form XObject keeps (ISO 32000-1 tables 89 and 95, less metadata, optional content, structure
 * and external references): the rest, private keys such as pdfTeX's `PTEX.InfoDict` (the embedded figure's
 * Author and dates) included, is dropped.
 */
const XOBJECT_KEYS: Record<string, ReadonlySet<string>> = {
  Image: new Set([
    'Type',
    'Subtype',
    'Width',
    'Height',
    'ColorSpace',
    'BitsPerComponent',
    'Intent',
    'ImageMask',
    'Mask',
    'Decode',
    'Interpolate',
    'SMask',
    'SMaskInData',
    'Matte',
    'Name',
    'Length',
    'Filter',
    'DecodeParms',
  ]),
  Form: new Set(['Type', 'Subtype', 'FormType', 'BBox', 'Matrix', 'Resources', 'Group', 'Name', 'Length', 'Filter', 'DecodeParms']),
};

/** The keys a stream keeps when it is an image or form XObject; null for other streams. */
function xobjectKeys(ctx: PDFContext, dict: PDFDict): ReadonlySet<string> | null {
  const subtype = resolve(ctx, dict.get(PDFName.of('Subtype')));
  return subtype instanceof PDFName ? (XOBJECT_KEYS[subtype.decodeText()] ?? null) : null;
}

/** Bound on objects visited in one tree walk (outlines, fields, structure): hostile files loop or explode. */
const MAX_WALK = 20_000;

function textOf(ctx: PDFContext, obj: PDFObject | undefined): string | null {
  const o = resolve(ctx, obj);
  if (o instanceof PDFString || o instanceof PDFHexString) return o.decodeText();
  if (o instanceof PDFName) return o.decodeText();
  if (o instanceof PDFStream) {
    try {
      return new TextDecoder('latin1').decode(decodeStream(ctx, o, 4 * 1024 * 1024));
    } catch {
      return null;
    }
  }
  return null;
}

/** XML or rich text reduced to its character data. */
function stripTags(s: string): string {
  return s
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ');
}

/** Walks a tree of dictionaries through `keys`, with a visited set and a budget. */
function walk(ctx: PDFContext, root: PDFObject | undefined, keys: readonly string[], visit: (d: PDFDict) => void): void {
  const seen = new Set<PDFObject>();
  const todo: PDFObject[] = root ? [root] : [];
  let budget = MAX_WALK;
  while (todo.length > 0 && budget-- > 0) {
    const raw = todo.pop()!;
    if (seen.has(raw)) continue;
    seen.add(raw);
    const o = resolve(ctx, raw);
    if (o instanceof PDFArray) {
      todo.push(...o.asArray());
      continue;
    }
    const d = dictOf(ctx, o);
    if (!d) continue;
    visit(d);
    for (const k of keys) {
      const v = d.get(PDFName.of(k));
      if (v) todo.push(v);
    }
  }
}

/**
 * Every text held by a container the rewrite does not copy: Info and XMP metadata, outline titles, annotation
 * contents/authors/replies, form field names and values, embedded file names and descriptions, JavaScript, structure
 * tree alternate texts, page-label prefixes, named destinations. Detection runs on them so the PII record lists
 * what was removed.
 */
export function collectHiddenTexts(doc: PDFDocument): HiddenText[] {
  const ctx = doc.context;
  const out: HiddenText[] = [];
  const add = (pageNum: number, source: string, text: string | null) => {
    const t = text?.replace(/\u0000/g, '').trim();
    if (t) out.push({ pageNum, source, text: t });
  };
  const info = dictOf(ctx, ctx.trailerInfo.Info);
  if (info) for (const [k, v] of info.entries()) add(1, `info/${k.decodeText()}`, textOf(ctx, v));
  const catalog = doc.catalog;
  const xmp = textOf(ctx, catalog.get(PDFName.of('Metadata')));
  if (xmp) add(1, 'xmp', stripTags(xmp));
  walk(ctx, dictOf(ctx, catalog.get(PDFName.of('Outlines')))?.get(PDFName.of('First')), ['First', 'Next'], (d) =>
    add(1, 'outline', textOf(ctx, d.get(PDFName.of('Title')))),
  );
  doc.getPages().forEach((page, i) => {
    for (const a of arrayOf(ctx, page.node.get(PDFName.of('Annots')))) {
      const annot = dictOf(ctx, a);
      if (!annot) continue;
      for (const key of ['Contents', 'T', 'Subj', 'TU']) add(i + 1, 'annotation', textOf(ctx, annot.get(PDFName.of(key))));
      const rc = textOf(ctx, annot.get(PDFName.of('RC')));
      if (rc) add(i + 1, 'annotation', stripTags(rc));
      const fs = dictOf(ctx, annot.get(PDFName.of('FS')));
      for (const key of ['F', 'UF', 'Desc']) add(i + 1, 'attachment', textOf(ctx, fs?.get(PDFName.of(key))));
    }
  });
  const acroForm = dictOf(ctx, catalog.get(PDFName.of('AcroForm')));
  walk(ctx, acroForm?.get(PDFName.of('Fields')), ['Kids'], (d) => {
    for (const key of ['T', 'TU', 'TM', 'V', 'DV']) add(1, 'form', textOf(ctx, d.get(PDFName.of(key))));
  });
  const names = dictOf(ctx, catalog.get(PDFName.of('Names')));
  walk(ctx, names?.get(PDFName.of('EmbeddedFiles')), ['Kids'], (d) => {
    for (const item of arrayOf(ctx, d.get(PDFName.of('Names')))) {
      add(1, 'attachment', textOf(ctx, item));
      const fs = dictOf(ctx, item);
      for (const key of ['F', 'UF', 'Desc']) add(1, 'attachment', textOf(ctx, fs?.get(PDFName.of(key))));
    }
  });
  walk(ctx, names?.get(PDFName.of('JavaScript')), ['Kids'], (d) => {
    for (const item of arrayOf(ctx, d.get(PDFName.of('Names'))))
      add(1, 'javascript', textOf(ctx, dictOf(ctx, item)?.get(PDFName.of('JS')) ?? item));
  });
  walk(ctx, names?.get(PDFName.of('Dests')), ['Kids'], (d) => {
    for (const item of arrayOf(ctx, d.get(PDFName.of('Names')))) add(1, 'destination', textOf(ctx, item));
  });
  walk(ctx, catalog.get(PDFName.of('StructTreeRoot')), ['K'], (d) => {
    for (const key of ['Alt', 'ActualText', 'T', 'E']) add(1, 'structure', textOf(ctx, d.get(PDFName.of(key))));
  });
  walk(ctx, dictOf(ctx, catalog.get(PDFName.of('PageLabels'))), ['Kids'], (d) => {
    for (const item of arrayOf(ctx, d.get(PDFName.of('Nums')))) add(1, 'page-label', textOf(ctx, dictOf(ctx, item)?.get(PDFName.of('P'))));
  });
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    const keep = obj instanceof PDFStream ? xobjectKeys(ctx, obj.dict) : null;
    if (!keep) continue;
    for (const [key, value] of (obj as PDFStream).dict.entries()) {
      if (keep.has(key.decodeText())) continue;
      const text = textOf(ctx, value);
      add(1, 'xobject', key.decodeText() === 'Metadata' && text ? stripTags(text) : text);
      // A dictionary such as PTEX.InfoDict: its values.
      if (resolve(ctx, value) instanceof PDFDict)
        walk(ctx, value, [], (d) => d.entries().forEach(([, v]) => add(1, 'xobject', textOf(ctx, v))));
    }
  }
  return out;
}

/** Removes from a page dictionary every key outside `PAGE_KEYS`, and resource categories outside `RESOURCE_KEYS`. */
export function allowlistPage(ctx: PDFContext, page: PDFDict): void {
  for (const key of page.keys()) if (!PAGE_KEYS.has(key.decodeText())) page.delete(key);
  const resources = dictOf(ctx, page.get(PDFName.of('Resources')));
  if (!resources) return;
  const copy = resources.clone(ctx);
  for (const key of copy.keys()) if (!RESOURCE_KEYS.has(key.decodeText())) copy.delete(key);
  page.set(PDFName.of('Resources'), copy);
}

/**
 * Deletes `SCRUBBED_KEYS` from every dictionary and stream dictionary of a document, and every key outside
 * its allowlist from each image and form XObject.
 */
export function scrubObjects(ctx: PDFContext): void {
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    const d = obj instanceof PDFDict ? obj : obj instanceof PDFStream ? obj.dict : null;
    if (!d) continue;
    const keep = obj instanceof PDFStream ? xobjectKeys(ctx, d) : null;
    if (keep) for (const key of d.keys()) if (!keep.has(key.decodeText())) d.delete(key);
    for (const key of SCRUBBED_KEYS) d.delete(PDFName.of(key));
    // Inline (direct) sub-dictionaries, e.g. resources written directly into a page.
    for (const [, v] of d.entries()) if (v instanceof PDFDict) for (const key of SCRUBBED_KEYS) v.delete(PDFName.of(key));
  }
}
