/** Node entry point: the text engine, the whole local service in this process, and the document engine alone. */
export * from './index.js';
export { createAnonymizer } from './platform/node/text.js';
export { createNodeAnonymizer } from './platform/node/service.js';
export type { NodeAnonymizerOptions } from './platform/node/service.js';
export { createNodeDocumentAnonymizer } from './platform/node/platform.js';
export { readVaultFile, writeVaultFile, vaultPassphrase } from './platform/node/vault-file.js';
