// The document engine off the main thread: builds it from src/ and exposes it. Nothing else belongs here.
import { expose, transfer } from 'comlink';
import { createBrowserDocumentAnonymizer } from '../src/api/browser-documents.js';
import { installProblemTransfer } from '../src/errors/wire.js';
import { createBrowserFaceService } from '../src/inference/face-browser.js';
import type { DocumentApi } from '../src/runtime/document-api.js';

installProblemTransfer();
const base = self.location.href;
const engine = createBrowserDocumentAnonymizer(base, { faces: () => createBrowserFaceService(base) });

const api: DocumentApi = {
  anonymize: async (bytes, config, options) => {
    const result = await engine.anonymize(bytes, config, options);
    return transfer(result, [result.bytes.buffer]);
  },
  close: () => engine.close(),
};
expose(api);
