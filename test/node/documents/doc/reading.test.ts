import { afterAll, describe, expect, it } from 'vitest';
import { createNodeDocumentAnonymizer } from '../../../../src/platform/node/platform.js';
import type { ExternalUploadConfig } from '../../../../src/spec/types.js';
import { fixture } from './fixtures.js';

// Rules only: what the test pins is what detection is given to read, not the model.
const engine = createNodeDocumentAnonymizer({ ner: false });
afterAll(() => engine.close());

const CONFIG: ExternalUploadConfig = {
  textAnonymization: { labelsConfig: [{ name: 'PER' }, { name: 'LOC' }, { name: 'TEL' }] },
  imageAnonymization: { labelsConfig: [] },
};

describe('DOC text as detection reads it', () => {
  it('reads a table row by row under its header, so a lone surname in a cell is known by its column', async () => {
    const { piiRecord } = await engine.anonymizeDocument(fixture('table.doc'), CONFIG);
    const ents = piiRecord.pageData.flatMap((p) => p.textData.detections.ents.map((e) => `${e.tag} ${e.text}`));
    expect(ents).toEqual(['PER Schulze', 'PER Karin', 'LOC Jena', 'TEL 03641 284117', 'PER Brandt', 'PER Ole', 'TEL 040 3358921']);
    // One entry per paragraph (cell), offsets its own.
    expect(piiRecord.pageData.find((p) => p.textData.detections.ents[0]?.text === 'Schulze')!.textData.detections.ents[0]).toMatchObject({
      startChar: 0,
      endChar: 7,
    });
  });
});
