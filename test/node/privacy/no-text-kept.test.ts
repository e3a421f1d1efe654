import { randomBytes } from 'node:crypto';
import { getHeapSnapshot, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { createAnonymizer, createNodeDocumentAnonymizer } from '../../../src/node.js';
import { letterDocx } from '../documents/docx/fixtures.js';

/*
 * Privacy: no module holds a user's text once a call has returned (issue 38, step 9). The text carries a random canary
 * made at run time, kept by the test only as bytes outside the JavaScript heap (a Buffer's store), so that the heap
 * holds it as a string only while the call runs; after the call, with the heap collected, a heap snapshot must not
 * contain it. (Held before: the realm's last regular-expression input, `util/forget-input.ts`; the language cache,
 * `detection/text-language.ts`; the tokenizer's cache of words, `inference/tokenizer.ts`.)
 */

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Whether the heap holds `needle` (UTF-8) anywhere: the snapshot's JSON lists every string once. */
async function heapHolds(needle: Buffer): Promise<boolean> {
  for (let i = 0; i < 3; i++) gc();
  let tail = Buffer.alloc(0);
  for await (const chunk of getHeapSnapshot()) {
    const bytes = Buffer.concat([tail, chunk as Buffer]);
    if (bytes.includes(needle)) return true;
    tail = bytes.subarray(Math.max(0, bytes.length - needle.length));
  }
  return false;
}

/** Random small letters: a surname's tail, so that detection reads `Zq` + it as a name. */
function canary(): Buffer {
  return Buffer.from([...randomBytes(12)].map((b) => 97 + (b % 26)));
}

describe('no user text is kept after a call', () => {
  // The default settings: the model's tokenizer kept a cache of the words it had read.
  const text = createAnonymizer();
  const docs = createNodeDocumentAnonymizer({ ner: false });
  afterAll(() => docs.close());

  it('text() and detect(): neither the input nor its names stay in the heap', async () => {
    await text.text({ text: 'Sehr geehrter Herr Weber, die Rechnung liegt bei.', textLabels: ['PER'] });
    const tail = canary();
    const found = async () => {
      const name = `Zq${tail.toString()}`;
      const input = `Sehr geehrte Frau Dr. Sabine ${name}, wir danken Ihnen. Frau ${name} wird informiert. Der Vertrag und die Anlage.`;
      const result = await text.text({ text: input, textLabels: ['PER', 'ORG', 'LOC'], usePseudonyms: true });
      const spans = await text.detect(input);
      return result.detection.detections.some((d) => d.text.endsWith(name)) && spans.length > 0;
    };
    expect(await found()).toBe(true);
    expect(await heapHolds(tail)).toBe(false);
  });

  it('a document: neither its text nor its names stay in the heap', async () => {
    const tail = canary();
    const found = async () => {
      const name = `Zq${tail.toString()}`;
      const out = await docs.anonymizeDocument(
        letterDocx({
          body: [`Sehr geehrte Frau Dr. Sabine ${name},`, 'die Rechnung liegt bei.'],
          header: `Akte ${name}`,
          footer: 'Seite 1',
        }),
        { textAnonymization: { labelsConfig: [{ name: 'PER' }] } },
      );
      return out.piiRecord.pageData.some((p) => p.textData.detections.ents.some((e) => e.text.endsWith(name)));
    };
    expect(await found()).toBe(true);
    expect(await heapHolds(tail)).toBe(false);
  });
});
