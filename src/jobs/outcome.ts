import type { AnonymizedDocument } from '../engine/document-engine.js';
import { internalError } from '../errors/problem.js';
import type { DocumentRecord } from '../store/records.js';
import type { Completion } from '../store/store.js';

/**
 * A PII record image's address: the project-scoped image endpoint, which every key that may read the document can
 * call (the default-workflow path would resolve to another project for some keys).
 */
export function projectImageUrl(base: string, projectId: number, documentId: number, xref: number): string {
  return `${base.replace(/\/+$/, '')}/external/v1/projects/${projectId}/documents/${documentId}/images/${xref}`;
}

/** `<base>_anonymized.<ext>` (decisions.md). */
export function anonymizedName(original: string, extension: string): string {
  const dot = original.lastIndexOf('.');
  const base = dot > 0 ? original.slice(0, dot) : original;
  return `${base}_anonymized.${extension}`;
}

/**
 * What a processed document stores: COMPLETED with its file, or PREVIEW_ERROR without one when verification failed;
 * its PII record (image addresses under `imageBaseUrl`) only where the project keeps PII, else the original goes too.
 * Charged at least one page.
 */
export function completionOf(
  doc: DocumentRecord,
  isStoringPII: boolean,
  result: AnonymizedDocument,
  imageBaseUrl = 'http://localhost',
): Completion {
  const pages = Math.max(1, new Set(result.pageData.map((p) => p.pageNum)).size);
  const pageData = result.pageData.map((p) => ({
    ...p,
    imagesData: p.imagesData.map((i) => ({ ...i, imageUrl: projectImageUrl(imageBaseUrl, doc.projectId, doc.id, i.xref) })),
  }));
  const verified = result.verification?.passed !== false;
  return {
    status: verified ? 'COMPLETED' : 'PREVIEW_ERROR',
    result: verified ? result.bytes : null,
    anonymizedName: verified ? anonymizedName(doc.name, result.extension) : null,
    pageData: isStoringPII ? pageData : null,
    dropOriginal: !isStoringPII,
    pages,
    problem: verified ? null : internalError('The anonymized file could not be verified, so it was not kept.').problem,
  };
}
