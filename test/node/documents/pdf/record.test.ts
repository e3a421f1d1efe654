import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createNodeDocumentAnonymizer } from '../../../../src/platform/node/platform.js';
import { CANARY, CANARY_CONFIG, containersPdf, letterPdf } from './fixtures.js';

const engine = createNodeDocumentAnonymizer({ ner: false });
afterAll(() => engine.close());

/** Compares with the stored record; `UPDATE_GOLDEN=1` rewrites it. */
function golden(name: string, value: unknown): void {
  const path = join(import.meta.dirname, 'golden', `${name}.json`);
  const text = JSON.stringify(value, null, 1) + '\n';
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(path)) writeFileSync(path, text);
  expect(JSON.parse(text)).toEqual(JSON.parse(readFileSync(path, 'utf8')));
}

describe('PDF PII record (spec 2.7)', () => {
  it('one entry per (page, paragraph) with tokens, ents, pseudonyms, crIds and boxes in both documents', async () => {
    const r = await engine.anonymizeDocument(await letterPdf(2), CANARY_CONFIG, { documentId: 7 });
    expect(r.piiRecord).toMatchObject({
      documentId: 7,
      documentName: 'document-7.pdf',
      documentType: 'PDF',
      processingStatus: 'COMPLETED',
    });
    expect(r.verification?.passed).toBe(true);
    const pages = r.piiRecord.pageData;
    expect(new Set(pages.map((p) => p.pageNum))).toEqual(new Set([1, 2]));
    const ids = pages.map((p) => p.textData.paragraphId);
    expect(new Set(ids).size).toBe(ids.length);
    const first = pages[0]!.textData.detections;
    expect(first.ents.map((e) => e.text)).toEqual([CANARY.name, CANARY.mail]);
    expect(first.pseudonyms).toEqual(['PER-1', 'MAIL-1']);
    expect(first.locationsInOriginalDocument).toHaveLength(2);
    expect(first.locationsInAnonymizedDocument).toHaveLength(2);
    // The same name on page 2 keeps its pseudonym and crId.
    const second = pages.find((p) => p.pageNum === 2 && p.textData.detections.ents.length > 0)!.textData.detections;
    expect(second.pseudonyms).toEqual(['PER-1', 'MAIL-1']);
    expect(second.crIds).toEqual(first.crIds);
    golden('letter-2-pages', pages);
  });

  it('removed containers that held PII are listed without boxes', async () => {
    const r = await engine.anonymizeDocument(await containersPdf(), CANARY_CONFIG);
    golden('containers', r.piiRecord.pageData);
  });
});
