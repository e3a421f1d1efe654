/** Browser entry point: the local service over IndexedDB with its jobs worker, and the document engine alone. */
export * from './index.js';
export { createBrowserAnonymizer } from './api/browser-anonymizer.js';
export type { BrowserAnonymizerOptions } from './api/browser-anonymizer.js';
export { createBrowserDocumentAnonymizer } from './api/browser-documents.js';
