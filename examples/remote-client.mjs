#!/usr/bin/env node
// A client written for the remote anonymization service, using only its spec: upload (default workflow, Base64
// JSON), poll the status every few seconds, download the result, delete the document. It knows nothing about
// local-anonymizer: point BASE_URL at the remote service or at `local-anonymizer serve`, unchanged.
//
//   BASE_URL=http://127.0.0.1:8080 API_KEY=... node examples/remote-client.mjs IN OUT [POLL_SECONDS]
import { readFile, writeFile } from 'node:fs/promises';

const [input, output, pollSeconds = '5'] = process.argv.slice(2);
const base = process.env.BASE_URL;
const headers = { Authorization: `Bearer ${process.env.API_KEY}` };

async function api(method, path, body) {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${base}/external/v1${path}`, {
      method,
      headers: body ? { ...headers, 'Content-Type': 'application/json' } : headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    // The spec's guidance: retry 429 with backoff, never 403.
    if (res.status === 429 && attempt < 5) {
      await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 2 ** attempt)));
      continue;
    }
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
    return res;
  }
}

const content = (await readFile(input)).toString('base64');
const { documentId, status } = await (await api('POST', '/documents/upload', { content })).json();
console.log(`uploaded ${documentId} (${status})`);
const terminal = new Set(['COMPLETED', 'ERROR', 'QUOTA_EXCEEDED', 'QUOTA_ERROR']);
let current = status;
while (!terminal.has(current)) {
  await new Promise((r) => setTimeout(r, Number(pollSeconds) * 1000));
  current = (await (await api('GET', `/documents/${documentId}/status`)).json()).status;
  console.log(`status ${current}`);
}
if (current !== 'COMPLETED') throw new Error(`document ended in ${current}`);
const result = await api('GET', `/documents/${documentId}/result`);
await writeFile(output, new Uint8Array(await result.arrayBuffer()));
console.log(`saved ${output} (${result.headers.get('content-disposition')})`);
await api('DELETE', `/documents/${documentId}`);
console.log('deleted');
