import { afterEach, describe, expect, it } from 'vitest';
import { builtInAdapters } from '../../../src/engine/built-in-adapters.js';
import { createDocumentAnonymizer } from '../../../src/engine/document-engine.js';
import { createFetchHandler } from '../../../src/http/fetch-handler.js';
import { systemClock } from '../../../src/jobs/clock.js';
import { memoryEvents } from '../../../src/jobs/events.js';
import { memoryLocks } from '../../../src/jobs/locks.js';
import { createNodeCodec } from '../../../src/platform/node/codec.js';
import { nodePlatform } from '../../../src/platform/node/platform.js';
import { createAnonymizer } from '../../../src/platform/node/text.js';
import type { LocalAnonymizer } from '../../../src/service/local-service.js';
import { assembleLocalAnonymizer } from '../../../src/service/local-service.js';
import { isTerminal } from '../../../src/spec/status.js';
import type { DocumentStatus } from '../../../src/service/document-status.js';
import { PROCESSING_STATUSES } from '../../../src/spec/types.js';
import type { ExternalUploadConfig } from '../../../src/spec/types.js';
import { openDocumentStore } from '../../../src/store/store.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { dbName, pngBytes, toBase64 } from './harness.js';
import { readToy, TOY_IMAGE_XREF, toyAdapter, toyFile } from './toy-format.js';

/*
 * Issue 38, step 4: a format is an adapter, a sniff rule and a list entry. A made-up format registered beside the
 * built-in ones goes through the real service (upload, status, result, PII record, image URL) with no change to src/.
 */

let service: LocalAnonymizer | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

/** The local service with the toy format added to the list the engine and the service share. */
async function serviceWithToy(): Promise<LocalAnonymizer> {
  const adapters = [...builtInAdapters(nodePlatform(), { detectors: {} }), toyAdapter()];
  return assembleLocalAnonymizer(
    {},
    {
      store: await openDocumentStore(dbName()),
      events: memoryEvents(),
      locks: memoryLocks(),
      clock: systemClock,
      text: createAnonymizer({ ner: false }),
      adapters,
      processor: createDocumentAnonymizer({ adapters, ner: false }),
    },
  );
}

const CONFIG: ExternalUploadConfig = {
  textAnonymization: {
    labelsConfig: [
      { name: 'PER', config: null },
      { name: 'MAIL', config: null },
    ],
    blacklist: [{ value: 'Erika Mustermann', labelName: 'PER' }],
  },
  imageAnonymization: { labelsConfig: [] },
};
const LINES = ['Sehr geehrte Frau Erika Mustermann,', 'bitte schreiben Sie an erika@example.org.', 'Mit freundlichen Grüßen'];

/** Polls `status` until the document reaches a terminal status; every status seen on the way. */
async function pollUntilDone(status: () => Promise<DocumentStatus>): Promise<DocumentStatus[]> {
  const seen: DocumentStatus[] = [];
  for (let i = 0; i < 500; i++) {
    const s = await status();
    seen.push(s);
    if (isTerminal(s.status)) return seen;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the document never finished');
}

describe('a format added from outside: the toy format through the service', () => {
  it('upload → status → result → PII record → the image its imageUrl names', async () => {
    service = await serviceWithToy();
    const docs = service.documents;
    const picture = await pngBytes(7);
    const file = toyFile(LINES, picture);

    expect(await docs.upload({ content: toBase64(file), config: CONFIG })).toEqual({ documentId: 1, status: 'COMPUTING_QUOTA' });
    const seen = await pollUntilDone(() => docs.status(1));
    for (const s of seen) expect(PROCESSING_STATUSES).toContain(s.status);
    expect(seen.at(-1)).toEqual({ documentId: 1, status: 'COMPLETED' });

    const result = await docs.result(1);
    expect(result.fileName).toBe('document-1_anonymized.toy');
    const out = readToy(result.bytes);
    expect(out.picture).toBeNull();
    expect(out.lines).toHaveLength(3);
    expect(out.lines.join('\n')).not.toMatch(/Mustermann|erika@/);
    expect(await docs.original(1)).toEqual({ bytes: file, fileName: 'document-1.toy' });

    const record = await docs.piis(1);
    expect(record).toEqual({
      documentId: 1,
      version: 1,
      documentName: 'document-1.toy',
      processingStatus: 'COMPLETED',
      documentType: 'DOCUMENT',
      lastFileModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      lastModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      pageData: expect.any(Array),
    });
    expect(record.pageData).toHaveLength(4);
    const [first, second, third, image] = record.pageData;
    for (const entry of record.pageData) {
      expect(Object.keys(entry).sort()).toEqual(['imagesData', 'pageNum', 'textData']);
      expect(Object.keys(entry.textData).sort()).toEqual(['detections', 'paragraphId']);
      expect(Object.keys(entry.textData.detections).sort()).toEqual(
        ['crIds', 'ents', 'locationsInAnonymizedDocument', 'locationsInOriginalDocument', 'pseudonyms', 'sentenceStarts', 'tokens'].sort(),
      );
    }
    expect(first!.textData.paragraphId).toBe(0);
    expect(first!.textData.detections.ents).toEqual([
      { startChar: 18, endChar: 34, tag: 'PER', text: 'Erika Mustermann', score: expect.any(Number), startTok: 3, endTok: 5 },
    ]);
    expect(first!.textData.detections.tokens[3]).toEqual({ startChar: 18, endChar: 23, text: 'Erika', hasWs: true });
    expect(second!.textData.detections.ents).toEqual([
      { startChar: 23, endChar: 40, tag: 'MAIL', text: 'erika@example.org', score: expect.any(Number), startTok: 4, endTok: 9 },
    ]);
    expect(third!.textData.detections.ents).toEqual([]);
    for (const entry of [first!, second!]) {
      const d = entry.textData.detections;
      expect(d.pseudonyms).toHaveLength(1);
      expect(d.crIds).toEqual([expect.any(Number)]);
      expect(out.lines[entry.textData.paragraphId]).toContain(d.pseudonyms[0]);
    }
    expect(image!.imagesData).toEqual([
      { imageUrl: `http://localhost/external/v1/projects/1/documents/1/images/${TOY_IMAGE_XREF}`, xref: TOY_IMAGE_XREF, detections: [] },
    ]);

    // The imageUrl, as a client calls it: the HTTP face answers with the picture of the original.
    const res = await createFetchHandler(service)(
      new Request(image!.imagesData[0]!.imageUrl, { headers: { authorization: `Bearer ${service.apiKey}` } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(picture);
    const decoded = await createNodeCodec(50e6).decode(picture, 'png');
    expect([decoded.width, decoded.height]).toEqual([64, 48]);
    await expectProblem(docs.image(1, 2), { status: 404 });
  });

  it('the built-in formats still work beside it, and unknown bytes are told which formats are read', async () => {
    service = await serviceWithToy();
    const { documentId } = await service.documents.upload({ content: toBase64(await pngBytes()), config: CONFIG });
    expect((await service.documents.waitFor(documentId)).status).toBe('COMPLETED');
    expect((await service.documents.piis(documentId)).documentType).toBe('IMAGE');
    await expectProblem(service.documents.upload({ content: toBase64(new TextEncoder().encode('TOY2\nnot quite')) }), {
      status: 422,
      problemCode: 'INVALID_FILE',
      detail: 'The file type is not supported (JPEG, PNG, BMP, DOC, DOCX, PDF or TOY expected).',
    });
  });
});
