// The document engine off the main thread: builds it from src/ and exposes it. Nothing else belongs here.
import { expose, transfer } from 'comlink';
import type { DocumentApi } from '../src/engine/document-api.js';
import { installProblemTransfer } from '../src/errors/wire.js';
import { createBrowserDocumentAnonymizer } from '../src/platform/browser/platform.js';

installProblemTransfer();
const engine = createBrowserDocumentAnonymizer(self.location.href, { faces: 'this-thread' });

const api: DocumentApi = {
  anonymize: async (bytes, config, options, onProgress) => {
    const result = await engine.anonymize(bytes, config, { ...options, ...(onProgress ? { onProgress } : {}) });
    return transfer(result, [result.bytes.buffer]);
  },
  close: () => engine.close(),
};
expose(api);
