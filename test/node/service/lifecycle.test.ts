import { afterEach, describe, expect, it } from 'vitest';
import { createNodeDocumentAnonymizer } from '../../../src/platform/node/platform.js';
import type { ClosableDocumentAnonymizer } from '../../../src/engine/document-engine.js';
import { dumpStore } from '../../../src/store/store.js';
import { expectProblem } from '../helpers/expect-problem.js';
import type { Harness } from './harness.js';
import { BARE, dbName, fakeClock, gatedProcessor, harness, pngBytes, toBase64 } from './harness.js';

const open: Harness[] = [];
const engines: ClosableDocumentAnonymizer[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.service.close();
  for (const e of engines.splice(0)) await e.close();
});
async function start(...args: Parameters<typeof harness>): Promise<Harness> {
  const h = await harness(...args);
  open.push(h);
  return h;
}
function engine(): ClosableDocumentAnonymizer {
  const e = createNodeDocumentAnonymizer({ ner: false });
  engines.push(e);
  return e;
}

describe('credits and rate (decisions: credits, rate limit)', () => {
  it('a page budget: documents queued past it end in QUOTA_EXCEEDED; uploads after it get 403 CREDIT_LIMIT_EXCEEDED', async () => {
    const gate = gatedProcessor(engine());
    const h = await start({ credits: { pages: 1 } }, gate);
    const png = toBase64(await pngBytes());
    const a = await h.service.documents.upload({ content: png, config: BARE });
    const b = await h.service.documents.upload({ content: png, config: BARE });
    gate.release();
    expect((await h.service.documents.waitFor(a.documentId)).status).toBe('COMPLETED');
    // One runner, one document at a time: b reaches its quota step after a was charged.
    const second = await h.service.documents.waitFor(b.documentId);
    expect(second.status).toBe('QUOTA_EXCEEDED');
    expect(second.problem).toMatchObject({ status: 403, problemCode: 'CREDIT_LIMIT_EXCEEDED' });
    await expectProblem(h.service.documents.result(b.documentId), { status: 404 });
    await expectProblem(h.service.documents.upload({ content: png, config: BARE }), { status: 403, problemCode: 'CREDIT_LIMIT_EXCEEDED' });
  });

  it('a character budget for text: 403 CREDIT_LIMIT_EXCEEDED once spent', async () => {
    const h = await start({ credits: { characters: 20 } });
    const r = await h.service.text({ text: 'Mail: a.b@example.org, bitte.', textLabels: ['MAIL'] });
    expect(r.pseudonymizedText).toBe('Mail: ***, bitte.');
    await expectProblem(h.service.text({ text: 'again', textLabels: ['MAIL'] }), { status: 403, problemCode: 'CREDIT_LIMIT_EXCEEDED' });
  });

  it('a bounded queue: uploads past it get 429 RATE_LIMIT_EXCEEDED, and are accepted again once work drains', async () => {
    const gate = gatedProcessor(engine());
    const h = await start({ maxQueued: 2 }, gate);
    const png = toBase64(await pngBytes());
    const a = await h.service.documents.upload({ content: png, config: BARE });
    await h.service.documents.upload({ content: png, config: BARE });
    await expectProblem(h.service.documents.upload({ content: png, config: BARE }), { status: 429, problemCode: 'RATE_LIMIT_EXCEEDED' });
    gate.release();
    await h.service.documents.waitFor(a.documentId);
    await h.service.documents.waitFor(2);
    expect((await h.service.documents.upload({ content: png, config: BARE })).status).toBe('COMPUTING_QUOTA');
  });
});

describe('crash recovery (leases)', () => {
  it('a document left in PROCESSING by a dead runner is taken over and completed by the next one', async () => {
    const name = dbName();
    const gate = gatedProcessor(engine());
    const first = await harness({}, gate, name);
    const { documentId } = await first.service.documents.upload({ content: toBase64(await pngBytes()), config: BARE });
    while (gate.started === 0) await new Promise((r) => setTimeout(r, 5));
    expect((await first.service.documents.status(documentId)).status).toBe('PROCESSING');
    // The first engine "dies": its store connection goes without the job finishing (its lock dies with it).
    first.store.close();
    const second = await start({}, undefined, name);
    const final = await second.service.documents.waitFor(documentId, { pollMs: 20 });
    expect(final.status).toBe('COMPLETED');
    expect((await second.store.getDocument(documentId))!.attempts).toBe(2);
    gate.release();
  });

  it('a document that was interrupted on every attempt ends in ERROR with the reason instead of looping', async () => {
    const name = dbName();
    const h = await start({ runner: { maxAttempts: 2 } }, undefined, name);
    const doc = await h.store.createDocument(
      (id) => ({
        projectId: 1,
        version: 1,
        name: `document-${id}.png`,
        documentType: 'IMAGE',
        fileSize: 1,
        status: 'PROCESSING',
        anonymizedName: null,
        tags: [],
        createdAt: 0,
        lastModified: 0,
        config: BARE,
        problem: null,
        lease: { owner: 'dead', until: 0 },
        attempts: 2,
        pages: 0,
      }),
      await pngBytes(),
    );
    // Any upload (or the scan timer) wakes the runner, which finds the abandoned document too.
    await h.service.documents.upload({ content: toBase64(await pngBytes()), config: BARE });
    const final = await h.service.documents.waitFor(doc.id, { pollMs: 20 });
    expect(final.status).toBe('ERROR');
    expect(final.problem!.detail).toMatch(/interrupted 2 times/);
  });
});

describe('retention (fake clock)', () => {
  it('completed and non-completed documents go after their hours; nothing of them remains; other projects keep theirs', async () => {
    const clock = fakeClock();
    const h = await start({
      clock,
      setup: {
        projects: [
          { id: 1, name: 'Short', deleteCompletedDocumentsAfterHours: 1, deleteNonCompletedDocumentsAfterHours: 3 },
          { id: 2, name: 'Keep' },
        ],
      },
    });
    const png = await pngBytes();
    const done = await h.service.documents.upload({ content: toBase64(png), config: BARE });
    await h.service.documents.waitFor(done.documentId);
    const failed = await h.service.documents.upload({ content: toBase64(png.subarray(0, 50)), config: BARE });
    expect((await h.service.documents.waitFor(failed.documentId)).status).toBe('ERROR');
    const kept = await h.service.projects(2).documents.upload(png);
    await h.service.projects(2).documents.waitFor(kept.documentId);

    clock.advance(59 * 60_000);
    expect(await h.service.purge()).toBe(0);
    clock.advance(2 * 60_000);
    expect(await h.service.purge()).toBe(1);
    await expectProblem(h.service.documents.status(done.documentId), { status: 404 });
    expect((await h.service.documents.status(failed.documentId)).status).toBe('ERROR');
    clock.advance(2 * 3_600_000);
    expect(await h.service.purge()).toBe(1);
    const dump = await dumpStore(h.storeName);
    expect(dump.documents.map((d) => (d as { id: number }).id)).toEqual([kept.documentId]);
    expect(dump.files.every((f) => (f as { documentId: number }).documentId === kept.documentId)).toBe(true);
    expect(dump.piis.map((p) => (p as { documentId: number }).documentId)).toEqual([kept.documentId]);
  });

  it('a temporary project keeps its documents for one session only', async () => {
    const name = dbName();
    const setup = { projects: [{ id: 1, name: 'Scratch', isTemporary: true }] };
    const first = await harness({ setup }, undefined, name);
    const { documentId } = await first.service.documents.upload({ content: toBase64(await pngBytes()), config: BARE });
    await first.service.documents.waitFor(documentId);
    await first.service.close();
    const dump = await dumpStore(name);
    expect(dump.documents).toEqual([]);
    expect(dump.files).toEqual([]);
  });
});

describe('outcomes besides COMPLETED', () => {
  it('a processor that never answers: ERROR after the time limit, with the reason', async () => {
    const h = await start({ runner: { jobTimeoutMs: 50 } }, { anonymize: () => new Promise(() => undefined) });
    const { documentId } = await h.service.documents.upload({ content: toBase64(await pngBytes()), config: BARE });
    const final = await h.service.documents.waitFor(documentId, { pollMs: 20 });
    expect(final.status).toBe('ERROR');
    expect(final.problem).toMatchObject({ status: 500, detail: 'Processing took longer than 0.05 s.' });
  });

  it('a failed verification: PREVIEW_ERROR, and no result is kept', async () => {
    const real = engine();
    const h = await start(
      {},
      {
        anonymize: async (...args) => ({
          ...(await real.anonymize(...args)),
          verification: { passed: false, checked: 1, leaks: [{ label: 'PER', where: 'page 1' }] },
        }),
      },
    );
    const { documentId } = await h.service.documents.upload({ content: toBase64(await pngBytes()), config: BARE });
    const final = await h.service.documents.waitFor(documentId, { pollMs: 20 });
    expect(final.status).toBe('PREVIEW_ERROR');
    expect(final.problem!.detail).toMatch(/could not be verified/);
    await expectProblem(h.service.documents.result(documentId), { status: 404 });
    expect(await h.store.getFile(documentId, 'result')).toBeUndefined();
  });

  it('a document deleted while it is processed stays deleted', async () => {
    const gate = gatedProcessor(engine());
    const h = await start({}, gate);
    const { documentId } = await h.service.documents.upload({ content: toBase64(await pngBytes()), config: BARE });
    while (gate.started === 0) await new Promise((r) => setTimeout(r, 5));
    await h.service.documents.delete(documentId);
    gate.release();
    await new Promise((r) => setTimeout(r, 100));
    const dump = await dumpStore(h.storeName);
    expect([dump.documents, dump.files, dump.piis]).toEqual([[], [], []]);
  });
});
