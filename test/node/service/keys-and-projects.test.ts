import { afterEach, describe, expect, it } from 'vitest';
import type { OrganizationSetup } from '../../../src/service/setup.js';
import { expectProblem } from '../helpers/expect-problem.js';
import type { Harness } from './harness.js';
import { BARE, harness, pngBytes, toBase64 } from './harness.js';

const ORG = 'org-key-0000000000000001';
const USER = 'user-key-000000000000001';
const OUTSIDER = 'user-key-000000000000002';
const PROJECT2 = 'proj-key-000000000000002';

const setup: OrganizationSetup = {
  orgId: 42,
  projects: [
    { id: 1, name: 'Default', description: 'all mail' },
    { id: 2, name: 'HR', isStoringPII: false, deleteCompletedDocumentsAfterHours: 24 },
    { id: 3, name: 'Legal', documentCorrection: true, config: BARE },
  ],
  users: [
    { id: 10, projectIds: [1, 3] },
    { id: 11, projectIds: [2] },
  ],
  keys: [
    { kind: 'ORGANIZATION', key: ORG },
    { kind: 'USER', key: USER, userId: 10 },
    { kind: 'USER', key: OUTSIDER, userId: 11 },
    { kind: 'PROJECT', key: PROJECT2, projectId: 2 },
  ],
};

let h: Harness | undefined;
afterEach(async () => {
  await h?.service.close();
  h = undefined;
});

describe('keys and projects (section 5, 4.1)', () => {
  it('missing or unknown keys → 401 without problemCode', async () => {
    h = await harness({ setup });
    for (const key of [undefined, null, '', 'wrong-key-00000000000000']) {
      const p = await expectProblem(() => h!.service.as(key), { status: 401 });
      expect(p.problemCode).toBeUndefined();
    }
  });

  it('projects/me per key kind, with the project fields of 2.4', async () => {
    h = await harness({ setup });
    const ids = async (key: string) => (await h!.service.as(key).projectsMe()).map((p) => p.id);
    expect(await ids(ORG)).toEqual([1, 2, 3]);
    expect(await ids(USER)).toEqual([1, 3]);
    expect(await ids(PROJECT2)).toEqual([2]);
    const [hr] = await h.service.as(PROJECT2).projectsMe();
    expect(hr).toEqual({
      id: 2,
      name: 'HR',
      description: '',
      documentCount: 0,
      lastUpdatedDocumentDate: null,
      isTemporary: false,
      deleteCompletedDocumentsAfterHours: 24,
      deleteNonCompletedDocumentsAfterHours: null,
      isStoringPII: false,
      orgId: 42,
    });
  });

  it('a project key resolves to its bound project, user and organization keys to the default project', async () => {
    h = await harness({ setup });
    const png = toBase64(await pngBytes());
    const viaProject = await h.service.as(PROJECT2).documents.upload({ content: png, config: BARE });
    const viaUser = await h.service.as(USER).documents.upload({ content: png, config: BARE });
    await h.service.as(ORG).documents.waitFor(viaUser.documentId);
    await h.service.as(PROJECT2).documents.waitFor(viaProject.documentId);
    expect((await h.service.as(PROJECT2).documents.list()).content.map((d) => d.projectId)).toEqual([2]);
    expect((await h.service.as(ORG).documents.list()).content.map((d) => d.projectId)).toEqual([1]);
    // A document of another project is "not found" on the default endpoints.
    await expectProblem(h.service.as(ORG).documents.status(viaProject.documentId), { status: 404 });
    await expectProblem(h.service.as(PROJECT2).documents.status(viaUser.documentId), { status: 404 });
    const [p1] = await h.service.as(USER).projectsMe();
    expect(p1!.documentCount).toBe(1);
    expect(p1!.lastUpdatedDocumentDate).toMatch(/Z$/);
  });

  it('default-config: 403 for a user who is not a member of the default project', async () => {
    h = await harness({ setup });
    await expectProblem(h.service.as(OUTSIDER).defaultConfig(), { status: 403 });
    await expectProblem(h.service.as(OUTSIDER).documents.list(), { status: 403 });
    expect(await h.service.as(USER).defaultConfig()).toHaveProperty('textAnonymization');
  });

  it('project-scoped: 404 for an unknown project, 403 for one the key may not access', async () => {
    h = await harness({ setup });
    await expectProblem(h.service.as(ORG).projects(99).config(), { status: 404 });
    await expectProblem(h.service.as(ORG).projects(99).documents.list(), { status: 404 });
    await expectProblem(h.service.as(USER).projects(2).config(), { status: 403 });
    await expectProblem(
      h.service
        .as(PROJECT2)
        .projects(1)
        .documents.upload(await pngBytes()),
      { status: 403 },
    );
    expect(await h.service.as(USER).projects(3).config()).toEqual(BARE);
  });

  it('labels are listed for every key', async () => {
    h = await harness({ setup });
    expect(
      h.service
        .as(PROJECT2)
        .textLabels()
        .map((l) => l.name),
    ).toEqual(['PER', 'STR', 'MAIL', 'TEL', 'LOC', 'ORG', 'DATE', 'OTH']);
    expect(
      h.service
        .as(USER)
        .imageLabels()
        .map((l) => l.name),
    ).toEqual(['face', 'text']);
  });

  it('a project that stores no PII: original 403 NO_PII_STORED, PII record 403, and no original bytes kept', async () => {
    h = await harness({ setup });
    const docs = h.service.as(ORG).projects(2).documents;
    const { documentId } = await docs.upload(await pngBytes(), { name: 'scan.png' });
    expect((await docs.waitFor(documentId)).status).toBe('COMPLETED');
    await expectProblem(docs.original(documentId), { status: 403, problemCode: 'NO_PII_STORED' });
    const p = await expectProblem(docs.piis(documentId), { status: 403 });
    expect(p.problemCode).toBeUndefined();
    expect(await h.store.getFile(documentId, 'original')).toBeUndefined();
    expect(await h.store.getPiis(documentId)).toBeUndefined();
    expect((await docs.result(documentId)).fileName).toBe('scan_anonymized.png');
  });

  it('document correction enabled: the PII endpoints answer 403, the rest works', async () => {
    h = await harness({ setup });
    const docs = h.service.as(USER).projects(3).documents;
    const { documentId } = await docs.upload(await pngBytes());
    expect((await docs.waitFor(documentId)).status).toBe('COMPLETED');
    await expectProblem(docs.piis(documentId), { status: 403 });
    expect((await docs.original(documentId)).fileName).toBe(`document-${documentId}.png`);
  });

  it('project-scoped upload: 413 DOCUMENT_TOO_BIG over 200 MB without reading the file; tags validated', async () => {
    h = await harness({ setup });
    const docs = h.service.as(ORG).projects(1).documents;
    let read = false;
    const huge = { size: 200 * 1024 * 1024 + 1, arrayBuffer: async () => ((read = true), new ArrayBuffer(0)) } as unknown as Blob;
    await expectProblem(docs.upload(huge), { status: 413, problemCode: 'DOCUMENT_TOO_BIG' });
    expect(read).toBe(false);
    const p = await expectProblem(docs.upload(await pngBytes(), { tags: [{ key: '', value: 'x' }] }), {
      status: 422,
      problemCode: 'VALIDATION_FAILED',
    });
    expect(p.errors![0]!.field).toBe('tags[0].key');
  });

  it('an invalid setup is rejected with the field that is wrong', async () => {
    await expectProblem(
      harness({ setup: { projects: [{ id: 1, name: 'A' }], keys: [{ kind: 'PROJECT', key: PROJECT2, projectId: 5 }] } }),
      {
        status: 422,
        errors: [expect.objectContaining({ field: 'setup.keys' })],
      },
    );
  });

  it('without keys in the setup, an organization key is generated and used by default', async () => {
    h = await harness();
    expect(h.service.apiKey).toMatch(/^la_org_[0-9a-f]{64}$/);
    expect((await h.service.as(h.service.apiKey).projectsMe()).map((p) => p.name)).toEqual(['Default project']);
  });
});
