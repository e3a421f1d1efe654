import { afterAll, describe, expect, it } from 'vitest';
import { installProblemTransfer } from '../../src/errors/wire.js';
import { startDocumentWorker } from '../../src/runtime/document-client.js';
import { browserPdfjs } from '../../src/runtime/document-pdf-browser.js';
import { CANARY, CANARY_CONFIG, blackBoxPdf, containersPdf, hiddenTextPdf, kernedLinePdf, letterPdf } from '../node/documents/pdf/fixtures.js';
import { evidenceWith, whereFound } from '../node/documents/pdf/inspect.js';

installProblemTransfer();
const worker = startDocumentWorker();
afterAll(() => worker.terminate());
const pdfjs = browserPdfjs(location.href);
const ALL = [CANARY.name, CANARY.mail, CANARY.hidden, CANARY.meta, 'ZQXN2', 'ZQXNAMELONGER'];

describe('PDF in Chromium (document worker: pdf.js main build, OffscreenCanvas)', () => {
  it('canary PDFs: no canary in the bytes, streams, pdf.js text or metadata; verified; a PII record', async () => {
    for (const [name, make] of [['letter', () => letterPdf(2)], ['P1', blackBoxPdf], ['P4', hiddenTextPdf], ['P5', containersPdf], ['P8', kernedLinePdf]] as const) {
      const result = await worker.anonymize(await make(), CANARY_CONFIG);
      expect(result.documentType, name).toBe('PDF');
      expect(result.verification, name).toMatchObject({ passed: true, leaks: [] });
      const ev = await evidenceWith(pdfjs, result.bytes);
      for (const c of ALL) expect(whereFound(ev, c), `${name}: ${c}`).toEqual([]);
      expect(ev.raw.match(/%%EOF/g), name).toHaveLength(1);
      if (name === 'letter') {
        expect(ev.text).toContain('PER-1');
        expect(ev.text).toContain('thank you for your letter');
        const ents = result.pageData.flatMap((p) => p.textData.detections.ents.map((e) => [p.pageNum, e.tag, e.text]));
        expect(ents).toEqual(expect.arrayContaining([[1, 'PER', CANARY.name], [1, 'MAIL', CANARY.mail], [2, 'PER', CANARY.name]]));
      }
    }
  }, 60_000);
});
