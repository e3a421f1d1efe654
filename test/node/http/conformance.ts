// The spec's endpoint tables (section 4) as rows: every success and every listed error status, run against any
// client (the in-process fetch handler, or the loopback server over real HTTP).
import { expect } from 'vitest';
import type { OrganizationSetup } from '../../../src/service/setup.js';
import { PROCESSING_STATUSES } from '../../../src/spec/types.js';

export const KEYS = {
  org: 'org-key-0000000000000001',
  user: 'user-key-000000000000001',
  outsider: 'user-key-000000000000002',
  project2: 'proj-key-000000000000002',
  project3: 'proj-key-000000000000003',
};
const BARE = { textAnonymization: { labelsConfig: [] }, imageAnonymization: { labelsConfig: [] } };

/** Projects: 1 default (stores PII), 2 stores none, 3 document correction; user 10 in 1 and 3; user 11 in 2 only. */
export const SETUP: OrganizationSetup = {
  projects: [
    { id: 1, name: 'Default', config: BARE },
    { id: 2, name: 'HR', isStoringPII: false, config: BARE },
    { id: 3, name: 'Legal', documentCorrection: true, config: BARE },
  ],
  users: [
    { id: 10, projectIds: [1, 3] },
    { id: 11, projectIds: [2] },
  ],
  keys: [
    { kind: 'ORGANIZATION', key: KEYS.org },
    { kind: 'USER', key: KEYS.user, userId: 10 },
    { kind: 'USER', key: KEYS.outsider, userId: 11 },
    { kind: 'PROJECT', key: KEYS.project2, projectId: 2 },
    { kind: 'PROJECT', key: KEYS.project3, projectId: 3 },
  ],
};

export interface CallOptions {
  key?: string | null;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}
export type Call = (method: string, path: string, options?: CallOptions) => Promise<Response>;

const V1 = '/external/v1';
type Kind = 'json' | 'problem' | 'octet' | 'empty';

/** Documents the rows refer to, made through the API itself. */
export interface Fixtures {
  /** COMPLETED in project 1, 2 and 3. */
  done1: number;
  done2: number;
  done3: number;
  /** ERROR in project 1 (a truncated PNG): neither result nor original is available. */
  failed1: number;
  png: Uint8Array;
}

export interface Row {
  name: string;
  method: string;
  path: (f: Fixtures) => string;
  options?: (f: Fixtures) => CallOptions;
  status: number;
  kind: Kind;
  problemCode?: string;
  check?: (body: unknown, res: Response) => void;
  /** Needs a request fetch will not send over the wire (a false Content-Length); the server test covers it raw. */
  inProcessOnly?: boolean;
}

const multipart = (bytes: Uint8Array, name = 'scan.png'): CallOptions => {
  const form = new FormData();
  form.append('file', new Blob([bytes as BlobPart]), name);
  return { body: form };
};

const isInt = (x: unknown) => Number.isSafeInteger(x);
export function checkTaskStatus(b: unknown) {
  const s = b as { documentId: unknown; status: unknown };
  expect(isInt(s.documentId)).toBe(true);
  expect(PROCESSING_STATUSES).toContain(s.status);
}
function checkPage(b: unknown) {
  const p = b as Record<string, unknown>;
  for (const f of ['content', 'first', 'last', 'number', 'size', 'totalElements', 'totalPages']) expect(p, f).toHaveProperty(f);
  for (const d of p['content'] as Array<Record<string, unknown>>) {
    expect(isInt(d['id']) && isInt(d['projectId'])).toBe(true);
    expect(PROCESSING_STATUSES).toContain(d['processingStatus']);
  }
}
function checkProjects(b: unknown) {
  for (const p of b as Array<Record<string, unknown>>) {
    for (const f of [
      'id',
      'name',
      'description',
      'documentCount',
      'lastUpdatedDocumentDate',
      'isTemporary',
      'deleteCompletedDocumentsAfterHours',
      'deleteNonCompletedDocumentsAfterHours',
      'isStoringPII',
      'orgId',
    ])
      expect(p, f).toHaveProperty(f);
  }
}
function checkPiis(b: unknown) {
  const r = b as Record<string, unknown>;
  for (const f of [
    'documentId',
    'version',
    'documentName',
    'processingStatus',
    'documentType',
    'lastFileModified',
    'lastModified',
    'pageData',
  ])
    expect(r, f).toHaveProperty(f);
  const page = (r['pageData'] as Array<Record<string, unknown>>)[0]!;
  expect(page).toHaveProperty('pageNum');
  expect(page['textData']).toHaveProperty('detections.sentenceStarts');
  expect(page['imagesData']).toBeInstanceOf(Array);
}
const checkLabels = (b: unknown) => {
  for (const l of b as Array<{ name: unknown }>) expect(typeof l.name).toBe('string');
};
const checkConfig = (b: unknown) => expect(b).toEqual(BARE);

/** Rows of 4.1–4.5 that need no special engine setup. Each project-scoped path has its default twin. */
export const ROWS: Row[] = [
  // 4.1
  { name: 'projects/me', method: 'GET', path: () => `${V1}/projects/me`, status: 200, kind: 'json', check: checkProjects },
  {
    name: 'projects/me without key',
    method: 'GET',
    path: () => `${V1}/projects/me`,
    options: () => ({ key: null }),
    status: 401,
    kind: 'empty',
  },
  { name: 'default-config', method: 'GET', path: () => `${V1}/documents/default-config`, status: 200, kind: 'json', check: checkConfig },
  {
    name: 'default-config without key',
    method: 'GET',
    path: () => `${V1}/documents/default-config`,
    options: () => ({ key: null }),
    status: 401,
    kind: 'empty',
  },
  {
    name: 'default-config, user not in the default project',
    method: 'GET',
    path: () => `${V1}/documents/default-config`,
    options: () => ({ key: KEYS.outsider }),
    status: 403,
    kind: 'problem',
  },
  { name: 'project config', method: 'GET', path: () => `${V1}/projects/2/config`, status: 200, kind: 'json', check: checkConfig },
  {
    name: 'project config, wrong key',
    method: 'GET',
    path: () => `${V1}/projects/2/config`,
    options: () => ({ key: 'wrong-key-wrong-key-0001' }),
    status: 401,
    kind: 'problem',
  },
  {
    name: 'project config, not accessible',
    method: 'GET',
    path: () => `${V1}/projects/2/config`,
    options: () => ({ key: KEYS.user }),
    status: 403,
    kind: 'problem',
  },
  { name: 'project config, unknown project', method: 'GET', path: () => `${V1}/projects/99/config`, status: 404, kind: 'problem' },
  { name: 'text-labels', method: 'GET', path: () => `${V1}/text-labels`, status: 200, kind: 'json', check: checkLabels },
  {
    name: 'text-labels without key',
    method: 'GET',
    path: () => `${V1}/text-labels`,
    options: () => ({ key: null }),
    status: 401,
    kind: 'empty',
  },
  { name: 'image-labels', method: 'GET', path: () => `${V1}/image-labels`, status: 200, kind: 'json', check: checkLabels },
  {
    name: 'image-labels without key',
    method: 'GET',
    path: () => `${V1}/image-labels`,
    options: () => ({ key: null }),
    status: 401,
    kind: 'empty',
  },
  // 4.2
  {
    name: 'upload',
    method: 'POST',
    path: () => `${V1}/documents/upload`,
    options: (f) => ({ json: { content: Buffer.from(f.png).toString('base64') } }),
    status: 200,
    kind: 'json',
    check: (b) => (checkTaskStatus(b), expect((b as { status: string }).status).toBe('COMPUTING_QUOTA')),
  },
  {
    name: 'upload without key',
    method: 'POST',
    path: () => `${V1}/documents/upload`,
    options: () => ({ key: null, json: { content: 'AAAA' } }),
    status: 401,
    kind: 'empty',
  },
  {
    name: 'upload, access denied',
    method: 'POST',
    path: () => `${V1}/documents/upload`,
    options: (f) => ({ key: KEYS.outsider, json: { content: Buffer.from(f.png).toString('base64') } }),
    status: 403,
    kind: 'problem',
  },
  {
    name: 'upload, blank content',
    method: 'POST',
    path: () => `${V1}/documents/upload`,
    options: () => ({ json: { content: '' } }),
    status: 422,
    kind: 'problem',
    problemCode: 'VALIDATION_FAILED',
    check: (b) => expect((b as { errors: unknown[] }).errors).toEqual([expect.objectContaining({ field: 'content' })]),
  },
  {
    name: 'upload, invalid config',
    method: 'POST',
    path: () => `${V1}/documents/upload`,
    options: (f) => ({
      json: {
        content: Buffer.from(f.png).toString('base64'),
        config: { textAnonymization: { labelsConfig: [{ name: 'PER', config: { type: 'NOPE' } }] } },
      },
    }),
    status: 422,
    kind: 'problem',
    problemCode: 'VALIDATION_FAILED',
  },
  {
    name: 'status',
    method: 'GET',
    path: (f) => `${V1}/documents/${f.done1}/status`,
    status: 200,
    kind: 'json',
    check: (b) => (checkTaskStatus(b), expect(b).toMatchObject({ status: 'COMPLETED' })),
  },
  {
    name: 'status without key',
    method: 'GET',
    path: (f) => `${V1}/documents/${f.done1}/status`,
    options: () => ({ key: null }),
    status: 401,
    kind: 'empty',
  },
  {
    name: 'status, access denied',
    method: 'GET',
    path: (f) => `${V1}/documents/${f.done1}/status`,
    options: () => ({ key: KEYS.outsider }),
    status: 403,
    kind: 'problem',
  },
  { name: 'status, unknown document', method: 'GET', path: () => `${V1}/documents/987654/status`, status: 404, kind: 'problem' },
  {
    name: 'status, not an int64',
    method: 'GET',
    path: () => `${V1}/documents/12ab/status`,
    status: 400,
    kind: 'problem',
    problemCode: 'INVALID_PATH_PARAM',
  },
  {
    name: 'result',
    method: 'GET',
    path: (f) => `${V1}/documents/${f.done1}/result`,
    status: 200,
    kind: 'octet',
    check: (_b, res) =>
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="document-\d+_anonymized\.png"; filename\*=UTF-8''document-\d+_anonymized\.png$/,
      ),
  },
  {
    name: 'result without key',
    method: 'GET',
    path: (f) => `${V1}/documents/${f.done1}/result`,
    options: () => ({ key: null }),
    status: 401,
    kind: 'empty',
  },
  {
    name: 'result, access denied',
    method: 'GET',
    path: (f) => `${V1}/documents/${f.done1}/result`,
    options: () => ({ key: KEYS.outsider }),
    status: 403,
    kind: 'problem',
  },
  { name: 'result, no result file', method: 'GET', path: (f) => `${V1}/documents/${f.failed1}/result`, status: 404, kind: 'problem' },
  { name: 'original', method: 'GET', path: (f) => `${V1}/documents/${f.done1}/original`, status: 200, kind: 'octet' },
  {
    name: 'original without key',
    method: 'GET',
    path: (f) => `${V1}/documents/${f.done1}/original`,
    options: () => ({ key: null }),
    status: 401,
    kind: 'empty',
  },
  {
    name: 'original, NO_PII_STORED',
    method: 'GET',
    path: (f) => `${V1}/documents/${f.done2}/original`,
    options: () => ({ key: KEYS.project2 }),
    status: 403,
    kind: 'problem',
    problemCode: 'NO_PII_STORED',
  },
  { name: 'original, unknown document', method: 'GET', path: () => `${V1}/documents/987654/original`, status: 404, kind: 'problem' },
  { name: 'original, not COMPLETED', method: 'GET', path: (f) => `${V1}/documents/${f.failed1}/original`, status: 422, kind: 'problem' },
  { name: 'piis', method: 'GET', path: (f) => `${V1}/documents/${f.done1}/result/piis`, status: 200, kind: 'json', check: checkPiis },
  {
    name: 'piis without key',
    method: 'GET',
    path: (f) => `${V1}/documents/${f.done1}/result/piis`,
    options: () => ({ key: null }),
    status: 401,
    kind: 'empty',
  },
  {
    name: 'piis, document correction enabled',
    method: 'GET',
    path: (f) => `${V1}/documents/${f.done3}/result/piis`,
    options: () => ({ key: KEYS.project3 }),
    status: 403,
    kind: 'problem',
  },
  {
    name: 'piis, PII storage disabled',
    method: 'GET',
    path: (f) => `${V1}/documents/${f.done2}/result/piis`,
    options: () => ({ key: KEYS.project2 }),
    status: 403,
    kind: 'problem',
  },
  { name: 'piis, unknown document', method: 'GET', path: () => `${V1}/documents/987654/result/piis`, status: 404, kind: 'problem' },
  {
    name: 'list',
    method: 'GET',
    path: () => `${V1}/documents?size=5&sort=createdAt%3DASC&sort=name%3DDESC`,
    status: 200,
    kind: 'json',
    check: (b) => (checkPage(b), expect(b).toMatchObject({ size: 5, number: 0, first: true })),
  },
  { name: 'list without key', method: 'GET', path: () => `${V1}/documents`, options: () => ({ key: null }), status: 401, kind: 'empty' },
  {
    name: 'list, access denied',
    method: 'GET',
    path: () => `${V1}/documents`,
    options: () => ({ key: KEYS.outsider }),
    status: 403,
    kind: 'problem',
  },
  {
    name: 'list, bad parameter',
    method: 'GET',
    path: () => `${V1}/documents?sort=size%3DASC`,
    status: 422,
    kind: 'problem',
    problemCode: 'VALIDATION_FAILED',
  },
  // 4.3
  {
    name: 'project upload',
    method: 'POST',
    path: () => `${V1}/projects/1/documents`,
    options: (f) => multipart(f.png),
    status: 200,
    kind: 'json',
    check: checkTaskStatus,
  },
  {
    name: 'project upload without key',
    method: 'POST',
    path: () => `${V1}/projects/1/documents`,
    options: (f) => ({ ...multipart(f.png), key: null }),
    status: 401,
    kind: 'empty',
  },
  {
    name: 'project upload, not accessible',
    method: 'POST',
    path: () => `${V1}/projects/2/documents`,
    options: (f) => ({ ...multipart(f.png), key: KEYS.user }),
    status: 403,
    kind: 'problem',
  },
  {
    name: 'project upload, unknown project',
    method: 'POST',
    path: () => `${V1}/projects/99/documents`,
    options: (f) => multipart(f.png),
    status: 404,
    kind: 'problem',
  },
  {
    name: 'project upload, too big',
    method: 'POST',
    path: () => `${V1}/projects/1/documents`,
    options: () => ({
      body: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(300 * 1024 * 1024) },
    }),
    status: 413,
    kind: 'problem',
    problemCode: 'DOCUMENT_TOO_BIG',
    inProcessOnly: true,
  },
  {
    name: 'project list',
    method: 'GET',
    path: () => `${V1}/projects/2/documents?tagKeyValues=a%3Db`,
    options: () => ({ key: KEYS.project2 }),
    status: 200,
    kind: 'json',
    check: checkPage,
  },
  {
    name: 'project list without key',
    method: 'GET',
    path: () => `${V1}/projects/2/documents`,
    options: () => ({ key: null }),
    status: 401,
    kind: 'empty',
  },
  {
    name: 'project list, not accessible',
    method: 'GET',
    path: () => `${V1}/projects/2/documents`,
    options: () => ({ key: KEYS.user }),
    status: 403,
    kind: 'problem',
  },
  { name: 'project list, unknown project', method: 'GET', path: () => `${V1}/projects/99/documents`, status: 404, kind: 'problem' },
  {
    name: 'project status',
    method: 'GET',
    path: (f) => `${V1}/projects/2/documents/${f.done2}/status`,
    status: 200,
    kind: 'json',
    check: checkTaskStatus,
  },
  {
    name: 'project status without key',
    method: 'GET',
    path: (f) => `${V1}/projects/2/documents/${f.done2}/status`,
    options: () => ({ key: null }),
    status: 401,
    kind: 'empty',
  },
  {
    name: 'project status, not accessible',
    method: 'GET',
    path: (f) => `${V1}/projects/2/documents/${f.done2}/status`,
    options: () => ({ key: KEYS.user }),
    status: 403,
    kind: 'problem',
  },
  {
    name: 'project status, other project',
    method: 'GET',
    path: (f) => `${V1}/projects/1/documents/${f.done2}/status`,
    status: 404,
    kind: 'problem',
  },
  {
    name: 'project status, project not an int64',
    method: 'GET',
    path: () => `${V1}/projects/one/documents/1/status`,
    status: 400,
    kind: 'problem',
    problemCode: 'INVALID_PATH_PARAM',
  },
  { name: 'project result', method: 'GET', path: (f) => `${V1}/projects/2/documents/${f.done2}/result`, status: 200, kind: 'octet' },
  {
    name: 'project result without key',
    method: 'GET',
    path: (f) => `${V1}/projects/2/documents/${f.done2}/result`,
    options: () => ({ key: null }),
    status: 401,
    kind: 'empty',
  },
  {
    name: 'project result, not accessible',
    method: 'GET',
    path: (f) => `${V1}/projects/2/documents/${f.done2}/result`,
    options: () => ({ key: KEYS.user }),
    status: 403,
    kind: 'problem',
  },
  {
    name: 'project result, no result',
    method: 'GET',
    path: (f) => `${V1}/projects/1/documents/${f.failed1}/result`,
    status: 404,
    kind: 'problem',
  },
  { name: 'project original', method: 'GET', path: (f) => `${V1}/projects/1/documents/${f.done1}/original`, status: 200, kind: 'octet' },
  {
    name: 'project original without key',
    method: 'GET',
    path: (f) => `${V1}/projects/1/documents/${f.done1}/original`,
    options: () => ({ key: null }),
    status: 401,
    kind: 'empty',
  },
  {
    name: 'project original, not accessible',
    method: 'GET',
    path: (f) => `${V1}/projects/1/documents/${f.done1}/original`,
    options: () => ({ key: KEYS.project2 }),
    status: 403,
    kind: 'problem',
  },
  {
    name: 'project original, NO_PII_STORED',
    method: 'GET',
    path: (f) => `${V1}/projects/2/documents/${f.done2}/original`,
    status: 403,
    kind: 'problem',
    problemCode: 'NO_PII_STORED',
  },
  {
    name: 'project original, unknown',
    method: 'GET',
    path: () => `${V1}/projects/1/documents/987654/original`,
    status: 404,
    kind: 'problem',
  },
  {
    name: 'project original, not COMPLETED',
    method: 'GET',
    path: (f) => `${V1}/projects/1/documents/${f.failed1}/original`,
    status: 422,
    kind: 'problem',
  },
  {
    name: 'project piis',
    method: 'GET',
    path: (f) => `${V1}/projects/1/documents/${f.done1}/result/piis`,
    status: 200,
    kind: 'json',
    check: checkPiis,
  },
  {
    name: 'project piis without key',
    method: 'GET',
    path: (f) => `${V1}/projects/1/documents/${f.done1}/result/piis`,
    options: () => ({ key: null }),
    status: 401,
    kind: 'empty',
  },
  {
    name: 'project piis, not accessible',
    method: 'GET',
    path: (f) => `${V1}/projects/1/documents/${f.done1}/result/piis`,
    options: () => ({ key: KEYS.project2 }),
    status: 403,
    kind: 'problem',
  },
  {
    name: 'project piis, document correction',
    method: 'GET',
    path: (f) => `${V1}/projects/3/documents/${f.done3}/result/piis`,
    status: 403,
    kind: 'problem',
  },
  {
    name: 'project piis, unknown',
    method: 'GET',
    path: () => `${V1}/projects/1/documents/987654/result/piis`,
    status: 404,
    kind: 'problem',
  },
  {
    name: 'project delete without key',
    method: 'DELETE',
    path: (f) => `${V1}/projects/1/documents/${f.done1}`,
    options: () => ({ key: null }),
    status: 401,
    kind: 'empty',
  },
  {
    name: 'project delete, not accessible',
    method: 'DELETE',
    path: (f) => `${V1}/projects/1/documents/${f.done1}`,
    options: () => ({ key: KEYS.project2 }),
    status: 403,
    kind: 'problem',
  },
  { name: 'project delete, unknown', method: 'DELETE', path: () => `${V1}/projects/1/documents/987654`, status: 404, kind: 'problem' },
  {
    name: 'delete without key',
    method: 'DELETE',
    path: (f) => `${V1}/documents/${f.done1}`,
    options: () => ({ key: null }),
    status: 401,
    kind: 'empty',
  },
  {
    name: 'delete, access denied',
    method: 'DELETE',
    path: (f) => `${V1}/documents/${f.done1}`,
    options: () => ({ key: KEYS.outsider }),
    status: 403,
    kind: 'problem',
  },
  { name: 'delete, unknown', method: 'DELETE', path: () => `${V1}/documents/987654`, status: 404, kind: 'problem' },
  { name: 'project delete', method: 'DELETE', path: (f) => `${V1}/projects/3/documents/${f.done3}`, status: 200, kind: 'empty' },
  { name: 'delete', method: 'DELETE', path: (f) => `${V1}/documents/${f.failed1}`, status: 200, kind: 'empty' },
  // 4.5
  {
    name: 'text',
    method: 'POST',
    path: () => `${V1}/text`,
    options: () => ({ json: { text: 'Mail a.b@example.org', textLabels: ['MAIL'], usePseudonyms: true } }),
    status: 200,
    kind: 'json',
    check: (b) =>
      expect(b).toEqual({
        pseudonymizedText: 'Mail MAIL-1',
        detection: {
          tokenCount: 8,
          detections: [{ startChar: 5, stopChar: 20, label: 'MAIL', text: 'a.b@example.org', pseudonym: 'MAIL-1' }],
        },
      }),
  },
  {
    name: 'text without key',
    method: 'POST',
    path: () => `${V1}/text`,
    options: () => ({ key: null, json: { text: 'x', textLabels: ['MAIL'] } }),
    status: 401,
    kind: 'empty',
  },
  {
    name: 'text, blank',
    method: 'POST',
    path: () => `${V1}/text`,
    options: () => ({ json: { text: ' ', textLabels: ['MAIL'] } }),
    status: 422,
    kind: 'problem',
    problemCode: 'VALIDATION_FAILED',
  },
  {
    name: 'text, empty textLabels',
    method: 'POST',
    path: () => `${V1}/text`,
    options: () => ({ json: { text: 'x', textLabels: [] } }),
    status: 422,
    kind: 'problem',
    problemCode: 'VALIDATION_FAILED',
    check: (b) => expect((b as { errors: unknown[] }).errors).toEqual([expect.objectContaining({ field: 'textLabels', code: 'NotEmpty' })]),
  },
  // Beyond the tables: routing and bodies.
  { name: 'unknown route', method: 'GET', path: () => `${V1}/nothing-here`, status: 404, kind: 'problem' },
  {
    name: 'wrong method',
    method: 'PUT',
    path: () => `${V1}/text`,
    status: 405,
    kind: 'problem',
    check: (_b, res) => expect(res.headers.get('allow')).toBe('POST'),
  },
  {
    name: 'malformed JSON',
    method: 'POST',
    path: () => `${V1}/text`,
    options: () => ({ body: '{"text":', headers: { 'content-type': 'application/json' } }),
    status: 400,
    kind: 'problem',
  },
  {
    name: 'wrong content type',
    method: 'POST',
    path: () => `${V1}/text`,
    options: () => ({ body: 'text=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    status: 415,
    kind: 'problem',
  },
  {
    name: 'multipart without boundary',
    method: 'POST',
    path: () => `${V1}/projects/1/documents`,
    options: () => ({ body: 'x', headers: { 'content-type': 'multipart/form-data' } }),
    status: 400,
    kind: 'problem',
  },
  {
    name: 'truncated multipart',
    method: 'POST',
    path: () => `${V1}/projects/1/documents`,
    options: () => ({
      body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    }),
    status: 400,
    kind: 'problem',
  },
  {
    name: 'duplicate file parts',
    method: 'POST',
    path: () => `${V1}/projects/1/documents`,
    options: (f) => {
      const form = new FormData();
      form.append('file', new Blob([f.png as BlobPart]), 'a.png');
      form.append('file', new Blob([f.png as BlobPart]), 'b.png');
      return { body: form };
    },
    status: 422,
    kind: 'problem',
    problemCode: 'VALIDATION_FAILED',
  },
  {
    name: 'no file part',
    method: 'POST',
    path: () => `${V1}/projects/1/documents`,
    options: () => {
      const form = new FormData();
      form.append('name', 'x');
      return { body: form };
    },
    status: 422,
    kind: 'problem',
    problemCode: 'VALIDATION_FAILED',
  },
];

/** Sends one row and asserts status, content type, body shape and problemCode. */
export async function checkRow(call: Call, row: Row, f: Fixtures): Promise<void> {
  const path = row.path(f);
  const res = await call(row.method, path, row.options?.(f));
  const label = `${row.name}: ${row.method} ${path}`;
  expect(res.status, label).toBe(row.status);
  const type = res.headers.get('content-type') ?? '';
  const bytes = new Uint8Array(await res.arrayBuffer());
  let body: unknown = null;
  switch (row.kind) {
    case 'json':
      expect(type, label).toBe('application/json');
      body = JSON.parse(new TextDecoder().decode(bytes));
      break;
    case 'problem': {
      expect(type, label).toBe('application/problem+json');
      body = JSON.parse(new TextDecoder().decode(bytes));
      const p = body as Record<string, unknown>;
      expect(p['status'], label).toBe(row.status);
      expect(typeof p['title'], label).toBe('string');
      if (row.status === 401) {
        expect(p, label).not.toHaveProperty('instance');
        expect(p, label).not.toHaveProperty('problemCode');
      } else {
        expect(p['instance'], label).toBe(path.split('?')[0]);
        expect(p['problemCode'], label).toBe(row.problemCode);
      }
      break;
    }
    case 'octet':
      expect(type, label).toBe('application/octet-stream');
      expect(res.headers.get('content-disposition'), label).toMatch(/^attachment; filename="[^"]+"; filename\*=UTF-8''/);
      expect(bytes.length, label).toBeGreaterThan(0);
      break;
    case 'empty':
      expect(bytes.length, label).toBe(0);
      break;
  }
  row.check?.(body, res);
}

/** Uploads and waits for the fixture documents through the API (so the same code serves handler and server). */
export async function makeFixtures(call: Call, png: Uint8Array): Promise<Fixtures> {
  const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
  const upload = async (key: string, content: Uint8Array) => {
    const res = await call('POST', `${V1}/documents/upload`, { key, json: { content: b64(content) } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { documentId: number }).documentId;
  };
  const wait = async (key: string, id: number) => {
    for (;;) {
      const s = (await (await call('GET', `${V1}/documents/${id}/status`, { key })).json()) as { status: string };
      if (['COMPLETED', 'ERROR', 'QUOTA_EXCEEDED', 'QUOTA_ERROR', 'PREVIEW_ERROR'].includes(s.status)) return s.status;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const done1 = await upload(KEYS.org, png);
  const done2 = await upload(KEYS.project2, png);
  const done3 = await upload(KEYS.project3, png);
  const failed1 = await upload(KEYS.org, png.subarray(0, 60));
  expect(await wait(KEYS.org, done1)).toBe('COMPLETED');
  expect(await wait(KEYS.project2, done2)).toBe('COMPLETED');
  expect(await wait(KEYS.project3, done3)).toBe('COMPLETED');
  expect(await wait(KEYS.org, failed1)).toBe('ERROR');
  return { done1, done2, done3, failed1, png };
}

/** A `Call` over any fetch-shaped function; the organization key unless the row names another (or null). */
export function caller(base: string, fetchFn: (request: Request) => Promise<Response>): Call {
  return (method, path, options = {}) => {
    const headers = new Headers(options.headers);
    const key = options.key === undefined ? KEYS.org : options.key;
    if (key !== null) headers.set('authorization', `Bearer ${key}`);
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers.set('content-type', 'application/json');
    }
    return fetchFn(new Request(base + path, { method, headers, ...(body !== undefined ? { body } : {}) }));
  };
}
