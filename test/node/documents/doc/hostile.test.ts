import { describe, expect, it } from 'vitest';
import { createDocAdapter } from '../../../../src/documents/doc/doc-adapter.js';
import { readContainer, streamOf, writeContainer } from '../../../../src/documents/doc/container.js';
import { readFib } from '../../../../src/documents/doc/fib.js';
import { createDocumentAnonymizer } from '../../../../src/engine/document-engine.js';
import { AnonymizerError } from '../../../../src/errors/problem.js';
import { expectProblem } from '../../helpers/expect-problem.js';
import { corpusFiles } from '../../../helpers/images.js';
import { CANARY_CONFIG, fixture, NO_DETECTORS } from './fixtures.js';

const engine = createDocumentAnonymizer({ adapters: [createDocAdapter(NO_DETECTORS)], ner: false });
const input = fixture('canaries.doc');
const container = readContainer(input);
const wordDocument = streamOf(container, 'WordDocument')!;
const table = streamOf(container, '1Table')!;

const DAMAGED = 'The Word document is damaged or uses structures that cannot be processed.';
const NOT_WORD = 'The file is a Compound File but not a Word document.';
const PASSWORD = /password-protected/;
const FAST_SAVED = /Fast-saved Word documents are not supported/;
const OLD = /older than Word 97/;

/** The fixture with its WordDocument stream changed by `edit`. */
function withWordDocument(edit: (b: DataView) => void): Uint8Array {
  const b = wordDocument.slice();
  edit(new DataView(b.buffer));
  return writeContainer([
    ['WordDocument', b],
    ['1Table', table],
  ]);
}

/** A hostile file ends in a verified result or a 422 INVALID_FILE, never anything else. */
async function resultOrInvalid(bytes: Uint8Array): Promise<'completed' | 'invalid'> {
  try {
    const r = await engine.anonymize(bytes, CANARY_CONFIG);
    expect(r.verification?.passed).toBe(true);
    return 'completed';
  } catch (err) {
    expect(err).toBeInstanceOf(AnonymizerError);
    expect((err as AnonymizerError).problem).toMatchObject({ status: 422, problemCode: 'INVALID_FILE' });
    return 'invalid';
  }
}

async function invalid(bytes: Uint8Array, reason: string | RegExp): Promise<void> {
  const problem = await expectProblem(engine.anonymize(bytes, CANARY_CONFIG), { status: 422, problemCode: 'INVALID_FILE' });
  expect(problem.detail).toMatch(reason);
}

describe('hostile DOC files (reliability D7)', () => {
  it('a truncated file and garbage behind the Compound File magic are damaged', async () => {
    await invalid(input.subarray(0, Math.floor(input.length / 2)), DAMAGED);
    await invalid(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Uint8Array(600).fill(0x41)]), DAMAGED);
  });

  it('a Compound File that is no Word document, and an encrypted OOXML package, say so', async () => {
    await invalid(writeContainer([['Workbook', new Uint8Array(100)]]), NOT_WORD);
    await invalid(
      writeContainer([
        ['EncryptionInfo', new Uint8Array(64)],
        ['EncryptedPackage', new Uint8Array(64)],
      ]),
      PASSWORD,
    );
  });

  it('FIB flags: encrypted, fast-saved, Word 6/95 and a wrong signature are refused with their reason', async () => {
    const flags = wordDocument[0x0a]! | (wordDocument[0x0b]! << 8);
    await invalid(
      withWordDocument((b) => b.setUint16(0x0a, flags | 0x0100, true)),
      PASSWORD,
    );
    await invalid(
      withWordDocument((b) => b.setUint16(0x0a, flags | 0x0004, true)),
      FAST_SAVED,
    );
    await invalid(
      withWordDocument((b) => b.setUint16(2, 0x00c0, true)),
      OLD,
    );
    await invalid(
      withWordDocument((b) => b.setUint16(0, 0xa5dc, true)),
      OLD,
    );
    await invalid(
      withWordDocument((b) => b.setUint16(0, 0x1234, true)),
      DAMAGED,
    );
  });

  it('a piece table or metadata string table that points outside its stream is damaged, not partly written', async () => {
    const fib = readFib(wordDocument);
    await invalid(
      withWordDocument((b) => b.setUint32(fib.fcLcbAt + 33 * 8, table.length - 4, true)),
      DAMAGED,
    );
    // SttbfRMark (51) reaching past the table stream.
    await invalid(
      withWordDocument((b) => b.setUint32(fib.fcLcbAt + 51 * 8 + 4, table.length, true)),
      DAMAGED,
    );
  });

  it('100 files with random bytes changed in the WordDocument or table stream: each verified or 422', async () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const outcomes = { completed: 0, invalid: 0 };
    for (let i = 0; i < 100; i++) {
      const w = wordDocument.slice();
      const t = table.slice();
      for (let k = 0; k < 4; k++) {
        const target = random(2) ? w : t;
        target[random(target === w ? 0x600 : target.length)] = random(256);
      }
      outcomes[
        await resultOrInvalid(
          writeContainer([
            ['WordDocument', w],
            ['1Table', t],
          ]),
        )
      ]++;
    }
    expect(outcomes.completed + outcomes.invalid).toBe(100);
  });

  it('an aborted job stops with its AbortError, not a 422', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(engine.anonymize(input, CANARY_CONFIG, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  const corpus = corpusFiles('poi-document', ['.doc']);
  const named = (name: string) => corpus.find((f) => f.name === name);
  const cases: Array<[string, RegExp | string]> = [
    ['password_password_cryptoapi.doc', PASSWORD],
    ['PasswordProtected.doc', PASSWORD],
    ['o_kurs.doc', FAST_SAVED],
    ['rasp.doc', FAST_SAVED],
    ['Word95.doc', OLD],
    ['clusterfuzz-testcase-minimized-POIHWPFFuzzer-5074346559012864.doc', DAMAGED],
  ];
  it.skipIf(corpus.length === 0).each(cases)('corpus %s: 422 with its reason', async (name, reason) => {
    await invalid(named(name)!.bytes, reason);
  });

  const fuzz = corpus.filter((f) => f.name.startsWith('clusterfuzz'));
  it.skipIf(fuzz.length === 0)('every clusterfuzz case of the POI corpus: verified or 422', async () => {
    for (const f of fuzz) await resultOrInvalid(f.bytes);
  });
});
