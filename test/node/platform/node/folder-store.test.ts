import { chmod, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openFolderStore } from '../../../../src/platform/node/folder-store.js';
import { docFields, projectRecord } from '../../helpers/records.js';
import { expectProblem } from '../../helpers/expect-problem.js';

const record = (id: number) => docFields({ name: `document-${id}.png`, documentType: 'IMAGE', fileSize: 3, status: 'COMPUTING_QUOTA' });
const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});
async function tempDir() {
  const d = await mkdtemp(join(tmpdir(), 'la-store-'));
  dirs.push(d);
  return d;
}
const list = async (dir: string) =>
  (await Promise.all(['documents', 'files', 'piis'].map(async (s) => (await readdir(join(dir, s))).map((f) => `${s}/${f}`)))).flat().sort();

describe('folder store (serve --data DIR)', () => {
  it('keeps documents, bytes, PII records and counters across a restart; deletion removes every file', async () => {
    const dir = await tempDir();
    let store = await openFolderStore(dir);
    await store.syncProjects([projectRecord({ name: 'P' })]);
    const a = await store.createDocument(record, new Uint8Array([1, 2, 3]));
    await store.update(a.id, (d) => ({ ...d, status: 'PROCESSING', lease: { owner: 'x', until: 9 } }));
    expect(
      await store.complete(a.id, 'x', 7, {
        status: 'COMPLETED',
        result: new Uint8Array([9]),
        anonymizedName: 'r.png',
        pageData: [],
        dropOriginal: false,
        pages: 2,
        problem: null,
      }),
    ).toBe(true);
    await store.addUsage(2, 0);
    store.close();
    await new Promise((r) => setTimeout(r, 20));

    store = await openFolderStore(dir);
    expect(await store.getDocument(a.id)).toMatchObject({ status: 'COMPLETED', anonymizedName: 'r.png', lastModified: 7 });
    expect(await store.getFile(a.id, 'original')).toEqual(new Uint8Array([1, 2, 3]));
    expect(await store.getFile(a.id, 'result')).toEqual(new Uint8Array([9]));
    expect(await store.getPiis(a.id)).toEqual({ documentId: a.id, pageData: [] });
    expect((await store.getProject(1))!.name).toBe('P');
    expect(await store.counters()).toEqual({ nextDocumentId: 2, pagesUsed: 2, charactersUsed: 0 });
    expect((await store.createDocument(record, new Uint8Array([4]))).id).toBe(2);
    await store.deleteDocument(a.id);
    expect(await list(dir)).toEqual(['documents/2.json', 'files/2.original']);
    store.close();
  });

  it('sweeps what a crash left (temp files, bytes without a record), and refuses a folder another live server holds', async () => {
    const dir = await tempDir();
    const store = await openFolderStore(dir);
    await writeFile(join(dir, 'files', '5.original'), 'orphan');
    await writeFile(join(dir, 'documents', '.6.json.abc.partial'), '{');
    await writeFile(join(dir, 'lock'), String(process.ppid));
    await expectProblem(openFolderStore(dir), { status: 422, errors: [expect.objectContaining({ field: '--data' })] });
    store.close();
    await writeFile(join(dir, 'lock'), '999999999');
    const again = await openFolderStore(dir);
    expect(await list(dir)).toEqual([]);
    again.close();
  });
});

describe('file modes: private to this user whatever the umask', () => {
  it('folders 0700 and every file 0600 after an upload, a completion and a restart, under umask 000', async () => {
    const parent = await tempDir();
    const dir = join(parent, 'data');
    const old = process.umask(0o000);
    try {
      const store = await openFolderStore(dir);
      await store.syncProjects([]);
      const doc = await store.createDocument((id) => ({ ...record(id), projectId: 1 }), new Uint8Array([1, 2, 3]));
      await store.complete(doc.id, null, 1, {
        status: 'COMPLETED',
        result: new Uint8Array([4]),
        anonymizedName: 'x_anonymized.png',
        pageData: [],
        dropOriginal: false,
        pages: 1,
        problem: null,
      });
      await store.addUsage(1, 0);
      const modes = async () => {
        const out: Record<string, string> = {};
        const walk = async (d: string, rel: string) => {
          out[rel || '.'] = ((await stat(d)).mode & 0o777).toString(8);
          for (const e of await readdir(d, { withFileTypes: true })) {
            const p = join(d, e.name);
            if (e.isDirectory()) await walk(p, join(rel, e.name));
            else out[join(rel, e.name)] = ((await stat(p)).mode & 0o777).toString(8);
          }
        };
        await walk(dir, '');
        return out;
      };
      const first = await modes();
      expect(Object.keys(first).sort()).toEqual(
        [
          '.',
          'counters.json',
          'documents',
          `documents/${doc.id}.json`,
          'files',
          `files/${doc.id}.original`,
          `files/${doc.id}.result`,
          'lock',
          'piis',
          `piis/${doc.id}.json`,
          'projects.json',
        ].sort(),
      );
      for (const [path, mode] of Object.entries(first)) {
        expect(mode, path).toBe(['.', 'documents', 'files', 'piis'].includes(path) ? '700' : '600');
      }
      store.close();
      // What an older version left world-readable is made private at the next open.
      await new Promise((r) => setTimeout(r, 50));
      await chmod(dir, 0o755);
      await chmod(join(dir, 'files', `${doc.id}.original`), 0o644);
      await chmod(join(dir, 'projects.json'), 0o644);
      const again = await openFolderStore(dir);
      const second = await modes();
      for (const [path, mode] of Object.entries(second)) {
        expect(mode, path).toBe(['.', 'documents', 'files', 'piis'].includes(path) ? '700' : '600');
      }
      again.close();
    } finally {
      process.umask(old);
    }
  });
});
