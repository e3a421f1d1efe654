import { describe, expect, it } from 'vitest';

// The names the README documents, per package entry (`local-anonymizer/node`, `local-anonymizer/browser`).
describe('package entries', () => {
  it('the Node entry', async () => {
    const node = await import('../../src/node.js');
    for (const name of [
      'createAnonymizer',
      'createNodeAnonymizer',
      'createNodeDocumentAnonymizer',
      'createFetchHandler',
      'AnonymizerError',
    ]) {
      expect(typeof (node as Record<string, unknown>)[name], name).toBe('function');
    }
  });

  it('the browser entry', async () => {
    const browser = await import('../../src/browser.js');
    for (const name of [
      'createAnonymizer',
      'createBrowserAnonymizer',
      'createBrowserDocumentAnonymizer',
      'registerLocalService',
      'createFetchHandler',
      'AnonymizerError',
    ]) {
      expect(typeof (browser as Record<string, unknown>)[name], name).toBe('function');
    }
  });
});
