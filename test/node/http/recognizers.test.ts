// Ad-hoc recognizers in a project's stored configuration (our extension `textAnonymization.recognizers`), through
// the fetch handler: stored and read back, checked on every write (422 in the spec's form), applied to the project's
// text requests and documents.
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchHandler } from '../../../src/http/fetch-handler.js';
import type { LocalAnonymizer } from '../../../src/service/local-service.js';
import type { OrganizationSetup } from '../../../src/service/setup.js';
import type { ExternalUploadConfig } from '../../../src/spec/types.js';
import { buildDocx, para } from '../documents/docx/fixtures.js';
import { harness } from '../service/harness.js';
import type { Call } from './conformance.js';
import { caller, KEYS } from './conformance.js';

const WARD = { id: 'ward', label: 'LOC', pattern: 'Station \\d[A-Z]', context: ['liegt auf'], score: 0.4 } as const;
const WARDS: ExternalUploadConfig = {
  textAnonymization: { labelsConfig: [{ name: 'LOC', config: null }], recognizers: [WARD] },
  imageAnonymization: { labelsConfig: [] },
};
const PLAIN: ExternalUploadConfig = {
  textAnonymization: { labelsConfig: [{ name: 'LOC', config: null }] },
  imageAnonymization: { labelsConfig: [] },
};
const SETUP: OrganizationSetup = {
  projects: [
    { id: 1, name: 'Plain', config: PLAIN },
    { id: 2, name: 'Ward', config: WARDS },
  ],
  keys: [
    { kind: 'ORGANIZATION', key: KEYS.org },
    { kind: 'PROJECT', key: KEYS.project2, projectId: 2 },
  ],
};
const SENTENCE = 'Frau Krämer liegt auf Station 4B.';

let service: LocalAnonymizer;
let call: Call;

beforeAll(async () => {
  service = (await harness({ setup: SETUP })).service;
  call = caller('http://localhost', (r) => createFetchHandler(service)(r));
});
afterAll(() => service.close());

/** Polls a document's status until it ends; its last status. */
async function settled(documents: string, documentId: number, key = KEYS.org): Promise<string> {
  for (;;) {
    const res = await call('GET', `${documents}/${documentId}/status`, { key });
    expect(res.status).toBe(200);
    const { status } = (await res.json()) as { status: string };
    if (status === 'COMPLETED' || status === 'ERROR') return status;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The text of a DOCX result's body. */
async function docxText(res: Response): Promise<string> {
  const xml = new TextDecoder().decode(unzipSync(new Uint8Array(await res.arrayBuffer()))['word/document.xml']);
  return [...xml.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/gu)].map((m) => m[1]).join('');
}

const docx = () => new Blob([buildDocx({ body: para(SENTENCE) }) as BlobPart]);

describe("a project's ad-hoc recognizers over HTTP", () => {
  it('are part of its stored configuration; a project without them answers the spec shape alone', async () => {
    const ward = await call('GET', '/external/v1/projects/2/config');
    expect(ward.status).toBe(200);
    expect(await ward.json()).toEqual(WARDS);
    const plain = await call('GET', '/external/v1/projects/1/config');
    expect(await plain.json()).toEqual(PLAIN);
    expect(JSON.stringify(PLAIN)).not.toContain('recognizers');
  });

  it("apply to the text requests of the key's project, and only there", async () => {
    const body = { text: SENTENCE, textLabels: ['LOC'], usePseudonyms: true };
    const ward = await call('POST', '/external/v1/text', { key: KEYS.project2, json: body });
    expect(ward.status).toBe(200);
    expect(await ward.json()).toEqual({
      pseudonymizedText: 'Frau Krämer liegt auf LOC-1.',
      detection: { tokenCount: 7, detections: [{ startChar: 22, stopChar: 32, label: 'LOC', text: 'Station 4B', pseudonym: 'LOC-1' }] },
    });
    const plain = await call('POST', '/external/v1/text', { json: body });
    expect(((await plain.json()) as { pseudonymizedText: string }).pseudonymizedText).toBe(SENTENCE);
  });

  it("apply to the project's documents: the custom label's replacement is in the result", async () => {
    const form = new FormData();
    form.append('file', docx(), 'ward.docx');
    const res = await call('POST', '/external/v1/projects/2/documents', { body: form });
    expect(res.status).toBe(200);
    const { documentId } = (await res.json()) as { documentId: number };
    expect(await settled('/external/v1/projects/2/documents', documentId)).toBe('COMPLETED');
    expect(await docxText(await call('GET', `/external/v1/projects/2/documents/${documentId}/result`))).toBe(
      'Frau Krämer liegt auf LOC-1.',
    );

    const other = new FormData();
    other.append('file', docx(), 'ward.docx');
    const plain = (await (await call('POST', '/external/v1/projects/1/documents', { body: other })).json()) as { documentId: number };
    expect(await settled('/external/v1/documents', plain.documentId)).toBe('COMPLETED');
    expect(await docxText(await call('GET', `/external/v1/documents/${plain.documentId}/result`))).toBe(SENTENCE);
  });

  it("an upload's own config may carry recognizers, which then replace the project's for that document", async () => {
    const content = Buffer.from(await docx().arrayBuffer()).toString('base64');
    const config = {
      ...PLAIN,
      textAnonymization: { ...PLAIN.textAnonymization, recognizers: [{ ...WARD, pattern: 'Krämer', context: [], score: 0.9 }] },
    };
    const res = await call('POST', '/external/v1/documents/upload', { key: KEYS.project2, json: { content, config } });
    expect(res.status).toBe(200);
    const { documentId } = (await res.json()) as { documentId: number };
    expect(await settled('/external/v1/documents', documentId, KEYS.project2)).toBe('COMPLETED');
    expect(await docxText(await call('GET', `/external/v1/documents/${documentId}/result`, { key: KEYS.project2 }))).toBe(
      'Frau LOC-1 liegt auf Station 4B.',
    );
  });

  it('a bad recognizer in an upload config is a 422 VALIDATION_FAILED naming each bad field, and nothing is stored', async () => {
    const before = ((await (await call('GET', '/external/v1/documents')).json()) as { totalElements: number }).totalElements;
    const recognizers = [{ id: 'ward', label: 'PLACE', pattern: '(', score: 2 }, 'x'];
    const res = await call('POST', '/external/v1/documents/upload', {
      json: { content: 'AAAA', config: { textAnonymization: { recognizers } } },
    });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const at = 'config.textAnonymization.recognizers';
    expect(await res.json()).toEqual({
      title: 'Unprocessable Entity',
      status: 422,
      detail: 'The recognizers are invalid.',
      instance: '/external/v1/documents/upload',
      problemCode: 'VALIDATION_FAILED',
      errors: [
        { field: `${at}[0].label`, code: 'InvalidValue', message: 'must be one of PER, STR, MAIL, TEL, LOC, ORG, DATE, OTH' },
        { field: `${at}[0].pattern`, code: 'InvalidValue', message: 'must be a valid regular expression (Unicode mode)' },
        { field: `${at}[0].score`, code: 'InvalidValue', message: 'must be a number in (0, 1]' },
        { field: `${at}[1]`, code: 'InvalidType', message: 'must be an object' },
      ],
    });
    const notArray = await call('POST', '/external/v1/documents/upload', {
      json: { content: 'AAAA', config: { textAnonymization: { recognizers: {} } } },
    });
    expect(notArray.status).toBe(422);
    expect(((await notArray.json()) as { errors: unknown }).errors).toEqual([
      { field: at, code: 'InvalidType', message: 'must be of type Array' },
    ]);
    expect(((await (await call('GET', '/external/v1/documents')).json()) as { totalElements: number }).totalElements).toBe(before);
  });

  it("a bad recognizer in a project's stored configuration stops the service from starting: 422 naming the project", async () => {
    const setup: OrganizationSetup = {
      projects: [{ id: 1, name: 'Ward', config: { textAnonymization: { recognizers: [{ ...WARD, pattern: '' }] } } }],
    };
    await expect(harness({ setup })).rejects.toMatchObject({
      problem: {
        status: 422,
        problemCode: 'VALIDATION_FAILED',
        errors: [
          {
            field: 'setup.projects[0].config.textAnonymization.recognizers[0].pattern',
            code: 'InvalidValue',
            message: 'must be a regular expression of 1-500 characters',
          },
        ],
      },
    });
  });
});

describe('PUT /projects/{projectId}/config (our extension): a stored configuration written over HTTP', () => {
  let own: LocalAnonymizer;
  let put: Call;
  beforeAll(async () => {
    own = (await harness({ setup: SETUP })).service;
    put = caller('http://localhost', (r) => createFetchHandler(own)(r));
  });
  afterAll(() => own.close());

  it("stores the configuration, answers it, and the project's next document and text request use it", async () => {
    const res = await put('PUT', '/external/v1/projects/1/config', { json: WARDS });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual(WARDS);
    expect(await (await put('GET', '/external/v1/projects/1/config')).json()).toEqual(WARDS);

    const text = await put('POST', '/external/v1/text', { json: { text: SENTENCE, textLabels: ['LOC'] } });
    expect(((await text.json()) as { pseudonymizedText: string }).pseudonymizedText).toBe('Frau Krämer liegt auf ***.');
    const form = new FormData();
    form.append('file', docx(), 'ward.docx');
    const { documentId } = (await (await put('POST', '/external/v1/projects/1/documents', { body: form })).json()) as {
      documentId: number;
    };
    for (;;) {
      const { status } = (await (await put('GET', `/external/v1/documents/${documentId}/status`)).json()) as { status: string };
      if (status === 'COMPLETED' || status === 'ERROR') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await docxText(await put('GET', `/external/v1/documents/${documentId}/result`))).toBe('Frau Krämer liegt auf LOC-1.');
  });

  it('a bad recognizer is a 422 naming the field from the body; the stored configuration stays as it was', async () => {
    const before = await (await put('GET', '/external/v1/projects/2/config')).json();
    const bad = { textAnonymization: { recognizers: [{ ...WARD, validator: 'crc32' }] } };
    const res = await put('PUT', '/external/v1/projects/2/config', { json: bad });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toEqual({
      title: 'Unprocessable Entity',
      status: 422,
      detail: 'The recognizers are invalid.',
      instance: '/external/v1/projects/2/config',
      problemCode: 'VALIDATION_FAILED',
      errors: [
        {
          field: 'textAnonymization.recognizers[0].validator',
          code: 'InvalidValue',
          message:
            'must be one of luhn, iban, de-tax-id, de-social-insurance, de-health-insurance, de-vat-id, es-dni-nie, it-codice-fiscale, uk-nhs, container-number, ipv4, ipv6',
        },
      ],
    });
    const spec = await put('PUT', '/external/v1/projects/2/config', { json: { textAnonymization: { labelsConfig: [{ name: 'NAME' }] } } });
    expect(spec.status).toBe(422);
    expect(((await spec.json()) as { errors: unknown }).errors).toEqual([
      { field: 'textAnonymization.labelsConfig[0].name', code: 'InvalidValue', message: 'must be a known text label' },
    ]);
    expect(await (await put('GET', '/external/v1/projects/2/config')).json()).toEqual(before);
  });

  it('401 without a key, 403 for a key of another project or one that is no organization key, 404 for an unknown project', async () => {
    expect((await put('PUT', '/external/v1/projects/2/config', { key: null, json: WARDS })).status).toBe(401);
    const other = await put('PUT', '/external/v1/projects/1/config', { key: KEYS.project2, json: 'not a config' });
    expect(other.status).toBe(403);
    expect((await put('PUT', '/external/v1/projects/9/config', { json: 'not a config' })).status).toBe(404);
    // A project key may read its project's configuration but not weaken it for the project's other keys.
    const own = await put('PUT', '/external/v1/projects/2/config', { key: KEYS.project2, json: WARDS });
    expect(own.status).toBe(403);
    expect(await own.json()).toMatchObject({ status: 403, detail: "Only an organization key may change a project's configuration." });
    expect((await put('GET', '/external/v1/projects/2/config', { key: KEYS.project2 })).status).toBe(200);
    expect((await put('DELETE', '/external/v1/projects/2/config')).headers.get('allow')).toBe('GET, PUT');
  });
});
