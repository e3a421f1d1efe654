/** Node entry point: the whole local service in this process (store in memory), and the document engine alone. */
export * from './index.js';
export { createNodeAnonymizer } from './api/node-anonymizer.js';
export type { NodeAnonymizerOptions } from './api/node-anonymizer.js';
export { createNodeDocumentAnonymizer } from './api/node-documents.js';
