import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentProgress } from '../../../src/documents/adapter.js';
import type { DocumentProcessor } from '../../../src/jobs/runner.js';
import type { DocumentStatus } from '../../../src/service/document-status.js';
import type { LocalAnonymizer } from '../../../src/service/local-service.js';
import { createNodeDocumentAnonymizer } from '../../../src/platform/node/platform.js';
import { BARE, harness, pngBytes, toBase64 } from './harness.js';

/** The real engine, held after its first page until released: a document that stays PROCESSING mid-way. */
function midwayProcessor(): DocumentProcessor & { release(): void; reached: Promise<void>; close(): Promise<void> } {
  const engine = createNodeDocumentAnonymizer({ ner: false });
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let reached!: () => void;
  const atGate = new Promise<void>((r) => (reached = r));
  return {
    release,
    reached: atGate,
    close: () => engine.close(),
    async anonymize(bytes, config, options) {
      options.onProgress?.({ phase: 'ocr', pagesDone: 0, pagesTotal: 1 });
      await new Promise((r) => setTimeout(r, 40));
      options.onProgress?.({ phase: 'redacting', pagesDone: 1, pagesTotal: 2 } satisfies DocumentProgress);
      reached();
      await gate;
      return engine.anonymize(bytes, config, options);
    },
  };
}

describe('progress of a processing document', () => {
  let service: LocalAnonymizer;
  const processor = midwayProcessor();
  beforeAll(async () => {
    service = (await harness({}, processor)).service;
  });
  afterAll(async () => {
    processor.release();
    await service.close();
    await processor.close();
  });

  it('status, the document list and waitFor carry the phase, the pages and a measured estimate while it runs', async () => {
    const { documentId } = await service.documents.upload({ content: toBase64(await pngBytes(7)), config: BARE });
    const seen: DocumentStatus[] = [];
    const done = service.documents.waitFor(documentId, { onProgress: (s) => seen.push(s), pollMs: 20 });
    await processor.reached;
    let status: DocumentStatus;
    do status = await service.documents.status(documentId);
    while (status.progress?.phase !== 'redacting');
    expect(status).toMatchObject({ status: 'PROCESSING', progress: { phase: 'redacting', pagesDone: 1, pagesTotal: 2 } });
    expect(status.estimatedDurationMs).toEqual(expect.any(Number));
    const listed = (await service.documents.list()).content.find((d) => d.id === documentId)!;
    expect(listed.estimatedDurationMs).toBe(status.estimatedDurationMs);
    processor.release();
    expect((await done).status).toBe('COMPLETED');
    expect(seen.some((s) => s.progress?.phase === 'redacting')).toBe(true);
    expect(seen.at(-1)).toEqual({ documentId, status: 'COMPLETED' });
    // Once it is done, no progress is left behind.
    expect(await service.documents.status(documentId)).toEqual({ documentId, status: 'COMPLETED' });
  });
});
