import type { Edit } from '../replacement/apply.js';
import type { Box, PiiEntity, PiiImageData, PiiImageDetection, PiiPageEntry, PiiToken } from '../spec/types.js';
import { sentenceStarts } from '../text/sentences.js';
import { tokenize } from '../text/tokens.js';

/** One paragraph of one page, with what detection and replacement did to it; shared by every document format. */
export interface PageParagraph {
  pageNum: number;
  paragraphId: number;
  /** The paragraph text exactly as detection saw it; edit offsets refer to it. */
  text: string;
  edits: readonly Edit[];
  /** Box of [start, end) in the original page (null when it has no place, e.g. metadata). */
  locateOriginal: (start: number, end: number) => Box | null;
  /** Box of the replacement in the anonymized page; defaults to the original place (images, rasterised pages). */
  locateAnonymized?: (edit: Edit, index: number) => Box | null;
  imagesData?: PiiImageData[];
}

function tokenIndexRange(tokens: readonly PiiToken[], start: number, end: number): [number, number] {
  let first = tokens.findIndex((t) => t.endChar > start);
  if (first < 0) first = tokens.length;
  let last = first;
  while (last < tokens.length && tokens[last]!.startChar < end) last++;
  return [first, last];
}

/**
 * The PII record's page entry for one paragraph: tokens, entities with token indices (`endTok` exclusive, as in
 * spaCy), sentence starts, one pseudonym (the replacement text, `***` when masked) and one crId per entity, and one
 * box per entity in the original and the anonymized page.
 */
export function buildPageEntry(p: PageParagraph): PiiPageEntry {
  const tokens = tokenize(p.text);
  const ents: PiiEntity[] = p.edits.map((e) => {
    const [startTok, endTok] = tokenIndexRange(tokens, e.start, e.end);
    return {
      startChar: e.start,
      endChar: e.end,
      tag: e.label,
      text: e.original,
      score: Math.round(e.score * 1000) / 1000,
      startTok,
      endTok,
    };
  });
  const located = p.edits.map((e, i) => ({
    original: p.locateOriginal(e.start, e.end),
    anonymized: p.locateAnonymized ? p.locateAnonymized(e, i) : p.locateOriginal(e.start, e.end),
  }));
  return {
    pageNum: p.pageNum,
    textData: {
      paragraphId: p.paragraphId,
      detections: {
        tokens,
        ents,
        sentenceStarts: sentenceStarts(p.text),
        pseudonyms: p.edits.map((e) => e.pseudonym ?? e.replacement),
        crIds: p.edits.map((e) => e.crId),
        locationsInAnonymizedDocument: located.map((l) => l.anonymized).filter((b): b is Box => b !== null),
        locationsInOriginalDocument: located.map((l) => l.original).filter((b): b is Box => b !== null),
      },
    },
    imagesData: p.imagesData ?? [],
  };
}

/** A box as the record's polygon: four corners, clockwise from the top left. */
export function boxPolygon(b: Box): Array<[number, number]> {
  return [
    [b.x0, b.y0],
    [b.x1, b.y0],
    [b.x1, b.y1],
    [b.x0, b.y1],
  ];
}

/** Detections of one image label: polygons with one score each. */
export interface LabelledRegions {
  label: string;
  regions: ReadonlyArray<{ box: Box; score: number }>;
}

/** The record's `imagesData` entry of one image; labels without regions are left out. */
export function buildImageData(imageUrl: string, xref: number, labelled: readonly LabelledRegions[]): PiiImageData {
  const detections: PiiImageDetection[] = labelled
    .filter((l) => l.regions.length > 0)
    .map((l) => ({
      label: l.label,
      bboxs: l.regions.map((r) => boxPolygon(roundBox(r.box))),
      scores: l.regions.map((r) => Math.round(r.score * 1000) / 1000),
    }));
  return { imageUrl, xref, detections };
}

function roundBox(b: Box): Box {
  const r = (v: number) => Math.round(v * 10) / 10;
  return { x0: r(b.x0), y0: r(b.y0), x1: r(b.x1), y1: r(b.y1) };
}

/** The engine's own address of an image of a document (`<base>/external/v1/documents/{id}/images/{xref}`). */
export function imageUrlOf(base: string, documentId: number, xref: number): string {
  return `${base.replace(/\/+$/, '')}/external/v1/documents/${documentId}/images/${xref}`;
}
