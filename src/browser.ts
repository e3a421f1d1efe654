/** Browser entry point: the text engine, the local service over IndexedDB with its jobs worker, the document engine. */
export * from './index.js';
export { createAnonymizer } from './platform/browser/text.js';
export { createBrowserAnonymizer } from './platform/browser/service.js';
export type { BrowserAnonymizerOptions } from './platform/browser/service.js';
export { createBrowserDocumentAnonymizer } from './platform/browser/platform.js';
export { registerLocalService } from './platform/browser/service-worker-client.js';
export type { LocalServiceRegistration } from './platform/browser/service-worker-client.js';
export type { ServiceWorkerConfig } from './platform/browser/service-worker-host.js';
export { openVaultStore } from './platform/browser/vault-store.js';
export type { VaultStore, VaultSummary } from './platform/browser/vault-store.js';
