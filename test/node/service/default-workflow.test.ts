import { afterEach, describe, expect, it } from 'vitest';
import { dumpStore } from '../../../src/store/store.js';
import { expectProblem } from '../helpers/expect-problem.js';
import type { Harness } from './harness.js';
import { BARE, harness, pngBytes, toBase64 } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.service.close();
  h = undefined;
});

describe('default workflow (4.2) through the real pipeline', () => {
  it('upload → COMPUTING_QUOTA at once, then PROCESSING → COMPILING → COMPLETED; result, original, PII record, list, delete', async () => {
    h = await harness();
    const docs = h.service.documents;
    const png = await pngBytes();
    const task = await docs.upload({ content: toBase64(png), config: BARE, tags: [{ key: 'case', value: 'A-1' }] });
    expect(task).toEqual({ documentId: 1, status: 'COMPUTING_QUOTA' });

    const seen: string[] = [];
    const final = await docs.waitFor(task.documentId, { onProgress: (s) => seen.push(s.status) });
    expect(final).toEqual({ documentId: 1, status: 'COMPLETED' });
    expect(seen.at(-1)).toBe('COMPLETED');
    expect(await docs.status(1)).toEqual({ documentId: 1, status: 'COMPLETED' });

    const result = await docs.result(1);
    expect(result.fileName).toBe('document-1_anonymized.png');
    expect([...result.bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const original = await docs.original(1);
    expect(original).toEqual({ bytes: png, fileName: 'document-1.png' });

    const piis = await docs.piis(1);
    expect(piis).toMatchObject({
      documentId: 1,
      version: 1,
      documentName: 'document-1.png',
      processingStatus: 'COMPLETED',
      documentType: 'IMAGE',
    });
    expect(piis.pageData).toHaveLength(1);
    expect(piis.pageData[0]).toMatchObject({ pageNum: 1, textData: { paragraphId: 0 } });
    expect(typeof piis.lastModified).toBe('string');

    const page = await docs.list();
    expect(page).toMatchObject({
      totalElements: 1,
      totalPages: 1,
      number: 0,
      size: 20,
      first: true,
      last: true,
      pageable: { pageNumber: 0, pageSize: 20 },
    });
    expect(page.content[0]).toMatchObject({
      id: 1,
      version: 1,
      projectId: 1,
      processingStatus: 'COMPLETED',
      documentType: 'IMAGE',
      fileSize: png.length,
      original: 'document-1.png',
      anonymized: 'document-1_anonymized.png',
      tags: [{ key: 'case', value: 'A-1' }],
      estimatedDurationMs: null,
    });
    expect(page.content[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    await docs.delete(1);
    await expectProblem(docs.status(1), { status: 404 });
    await expectProblem(docs.delete(1), { status: 404 });
    const dump = await dumpStore(h.storeName);
    expect(dump.documents).toEqual([]);
    expect(dump.files).toEqual([]);
    expect(dump.piis).toEqual([]);
    // Ids are never reused.
    expect((await docs.upload({ content: toBase64(png), config: BARE })).documentId).toBe(2);
  });

  it('the upload name (our extension) names the result; path parts are dropped', async () => {
    h = await harness();
    const { documentId } = await h.service.documents.upload({
      content: toBase64(await pngBytes()),
      config: BARE,
      name: '../../etc/Scan 1.png',
    });
    await h.service.documents.waitFor(documentId);
    expect((await h.service.documents.result(documentId)).fileName).toBe('Scan 1_anonymized.png');
  });

  it('bad bodies: 422 VALIDATION_FAILED naming the field, INVALID_FILE for unknown bytes; nothing is stored', async () => {
    h = await harness();
    const docs = h.service.documents;
    const p1 = await expectProblem(docs.upload({ content: '   ' }), { status: 422, problemCode: 'VALIDATION_FAILED' });
    expect(p1.errors).toEqual([{ field: 'content', code: 'NotBlank', message: 'must not be blank' }]);
    const p2 = await expectProblem(docs.upload({} as never), { status: 422, problemCode: 'VALIDATION_FAILED' });
    expect(p2.errors).toEqual([expect.objectContaining({ field: 'content', code: 'NotNull' })]);
    const p3 = await expectProblem(
      docs.upload({ content: 'AAAA', config: { imageAnonymization: { labelsConfig: [{ name: 'car' }] } } as never }),
      {
        status: 422,
        problemCode: 'VALIDATION_FAILED',
      },
    );
    expect(p3.errors).toEqual([expect.objectContaining({ field: 'config.imageAnonymization.labelsConfig[0].name', code: 'InvalidValue' })]);
    const p4 = await expectProblem(docs.upload({ content: 'not base64!' }), { status: 422, problemCode: 'VALIDATION_FAILED' });
    expect(p4.errors).toEqual([{ field: 'content', code: 'InvalidValue', message: 'must be Base64' }]);
    await expectProblem(docs.upload({ content: toBase64(new TextEncoder().encode('plain text, not a document')) }), {
      status: 422,
      problemCode: 'INVALID_FILE',
    });
    const dump = await dumpStore(h.storeName);
    expect(dump.documents).toEqual([]);
    expect(dump.files).toEqual([]);
  });

  it('a broken file ends in ERROR with a readable reason, and the next document still completes', async () => {
    h = await harness();
    const docs = h.service.documents;
    const png = await pngBytes();
    const broken = await docs.upload({ content: toBase64(png.subarray(0, 60)), config: BARE });
    const good = await docs.upload({ content: toBase64(png), config: BARE });
    const failed = await docs.waitFor(broken.documentId);
    expect(failed.status).toBe('ERROR');
    expect(failed.problem).toMatchObject({ status: 422, problemCode: 'INVALID_FILE' });
    expect(failed.problem!.detail).toBeTruthy();
    expect((await docs.waitFor(good.documentId)).status).toBe('COMPLETED');
    await expectProblem(docs.result(broken.documentId), { status: 404 });
    await expectProblem(docs.original(broken.documentId), { status: 422 });
  });

  it('result and PII record are 404 and the original 422 before COMPLETED', async () => {
    h = await harness({ runner: { concurrency: 1 } });
    const docs = h.service.documents;
    const { documentId } = await docs.upload({ content: toBase64(await pngBytes()), config: BARE });
    // The runner has not claimed it yet in this tick.
    await expectProblem(docs.result(documentId), { status: 404 });
    await expectProblem(docs.piis(documentId), { status: 404 });
    const p = await expectProblem(docs.original(documentId), { status: 422 });
    expect(p.problemCode).toBeUndefined();
    await docs.waitFor(documentId);
  });

  it('any decimal int64 is looked up: 404 when no document has it, the document when one has', async () => {
    h = await harness({ runner: { concurrency: 1 } });
    const { documentId } = await h.service.documents.upload({ content: toBase64(await pngBytes()), config: BARE });
    for (const missing of ['9223372036854775807', '9007199254740993', '-9223372036854775808', '-1', '0', '000', '1' + '0'.repeat(18)]) {
      await expectProblem(h.service.documents.status(missing), { status: 404 });
      await expectProblem(h.service.projects(missing).config(), { status: 404 });
    }
    const padded = String(documentId).padStart(20, '0');
    expect((await h.service.documents.status(padded)).documentId).toBe(documentId);
    await h.service.documents.waitFor(documentId);
  });

  it('path ids that are not int64 → 400 INVALID_PATH_PARAM', async () => {
    h = await harness();
    for (const bad of [
      'abc',
      '1.5',
      '+1',
      '1e3',
      ' 1',
      '0x10',
      '9223372036854775808',
      '-9223372036854775809',
      '99999999999999999999',
      '-',
      '',
    ])
      await expectProblem(h.service.documents.status(bad), { status: 400, problemCode: 'INVALID_PATH_PARAM' });
    await expectProblem(h.service.projects('x1').config(), { status: 400, problemCode: 'INVALID_PATH_PARAM' });
  });

  it('the default config is applied when the upload sends none, and is what default-config returns', async () => {
    const config = {
      textAnonymization: { labelsConfig: [{ name: 'PER' as const, config: null }] },
      imageAnonymization: { labelsConfig: [] },
    };
    h = await harness({ setup: { projects: [{ id: 7, name: 'Letters', config }] } });
    expect(await h.service.defaultConfig()).toEqual(config);
    const { documentId } = await h.service.documents.upload({ content: toBase64(await pngBytes()) });
    expect((await h.service.documents.waitFor(documentId)).status).toBe('COMPLETED');
    expect((await h.service.documents.list()).content[0]!.projectId).toBe(7);
  });
});

describe('documents of every format through the service', () => {
  it('a PDF: upload with a config, COMPLETED, the result is a PDF without the canaries, the record lists them', async () => {
    const { CANARY, CANARY_CONFIG, letterPdf } = await import('../documents/pdf/fixtures.js');
    h = await harness();
    const { documentId } = await h.service.documents.upload({
      content: toBase64(await letterPdf()),
      config: CANARY_CONFIG,
      name: 'Brief.pdf',
    });
    const final = await h.service.documents.waitFor(documentId);
    expect(final.status).toBe('COMPLETED');
    const result = await h.service.documents.result(documentId);
    expect(result.fileName).toBe('Brief_anonymized.pdf');
    const text = new TextDecoder('latin1').decode(result.bytes);
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).not.toContain(CANARY.name);
    const piis = await h.service.documents.piis(documentId);
    expect(piis.documentType).toBe('PDF');
    const ents = piis.pageData.flatMap((p) => p.textData.detections.ents.map((e) => e.text));
    expect(ents).toEqual(expect.arrayContaining([CANARY.name, CANARY.mail]));
    expect((await h.service.documents.list()).content[0]).toMatchObject({ documentType: 'PDF', anonymized: 'Brief_anonymized.pdf' });
  });
});
