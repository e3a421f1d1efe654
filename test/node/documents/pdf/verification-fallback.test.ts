import { afterAll, describe, expect, it } from 'vitest';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { createDocumentEngine } from '../../../../src/engine/document-engine.js';
import type { PdfjsSource } from '../../../../src/documents/pdf/pdfjs.js';
import { VERIFICATION_FAILED_TYPE } from '../../../../src/errors/problem.js';
import { nodePlatform } from '../../../../src/platform/node/platform.js';
import { nodePdfjs } from '../../../../src/platform/node/pdfjs.js';
import { CANARY, CANARY_CONFIG, letterPdf } from './fixtures.js';

/** A property of `target`, methods bound to it (pdf.js objects keep private fields a proxy cannot reach). */
function own(target: object, key: string | symbol): unknown {
  const v = Reflect.get(target, key, target) as unknown;
  return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
}

/**
 * pdf.js as the verifier sees it, plus one text item naming the canary on page 2 of any document whose page 2 still
 * has a text layer: a leak the redactor cannot have caused or prevented, to drive what happens after verification.
 */
function leakingPdfjs(): PdfjsSource {
  const real = nodePdfjs();
  const withLeak = (doc: PDFDocumentProxy): PDFDocumentProxy =>
    new Proxy(doc, {
      get(target, key) {
        if (key !== 'getPage') return own(target, key);
        return async (n: number) => {
          const page = await target.getPage(n);
          if (n !== 2) return page;
          const getTextContent = page.getTextContent.bind(page);
          return new Proxy(page, {
            get(p, k) {
              if (k !== 'getTextContent') return own(p, k);
              return async (...args: Parameters<typeof getTextContent>) => {
                const content = await getTextContent(...args);
                if (content.items.length === 0) return content;
                const leak = {
                  str: CANARY.name,
                  dir: 'ltr',
                  width: 60,
                  height: 12,
                  transform: [12, 0, 0, 12, 100, 500],
                  fontName: 'x',
                  hasEOL: true,
                };
                return { ...content, items: [...content.items, leak] };
              };
            },
          });
        };
      },
    });
  return {
    ...real,
    async load() {
      const pdfjs = await real.load();
      return new Proxy(pdfjs, {
        get(target, key) {
          if (key !== 'getDocument') return own(target, key);
          return (params: Parameters<typeof target.getDocument>[0]) => {
            const task = target.getDocument(params);
            const promise = task.promise.then(withLeak);
            return new Proxy(task, { get: (t, k) => (k === 'promise' ? promise : own(t, k)) });
          };
        },
      });
    },
  };
}

const platform = { ...nodePlatform(), pdfjs: leakingPdfjs() };
const strict = createDocumentEngine(platform, { ner: false });
const fallback = createDocumentEngine(platform, { ner: false, verificationFallback: 'rasterise' });
afterAll(async () => {
  await strict.close();
  await fallback.close();
});

describe('when verification finds PII on a page', () => {
  it('fails by default with a problem naming the page, the label and the boxes, never the text', async () => {
    const err = await strict.anonymize(await letterPdf(3), CANARY_CONFIG).then(
      () => null,
      (e: unknown) => e as { problem: Record<string, unknown> },
    );
    expect(err?.problem).toMatchObject({
      status: 422,
      type: VERIFICATION_FAILED_TYPE,
      leaks: [{ label: 'PER', where: 'text of page 2', page: 2, boxes: [{ x0: 100, x1: 160 }] }],
    });
    const box = (err!.problem['leaks'] as Array<{ boxes: Array<{ y0: number; y1: number }> }>)[0]!.boxes[0]!;
    // Top-left page coordinates: the item's baseline at y 500 of an 842 pt page is 342 pt from the top.
    expect(box.y1).toBeCloseTo(342, 0);
    expect(err!.problem['detail']).toContain('Pages: 2');
    expect(JSON.stringify(err!.problem)).not.toContain(CANARY.name);
  });

  it("with verificationFallback 'rasterise' the page is redacted as an image and the document completes", async () => {
    const result = await fallback.anonymize(await letterPdf(3), CANARY_CONFIG);
    expect(result.verification).toMatchObject({ passed: true, stats: { rasterisedPages: 1, rewrittenPages: 2 } });
    // Page 2 is now one image; pages 1 and 3 keep their text.
    expect(result.pageData.some((p) => p.pageNum === 2 && p.imagesData.length === 1)).toBe(true);
  }, 120_000);
});
