import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createNodeDocumentAnonymizer } from '../../../../src/platform/node/platform.js';
import { AnonymizerError } from '../../../../src/errors/problem.js';
import { expectProblem } from '../../helpers/expect-problem.js';
import { letterPdf } from './fixtures.js';

const engine = createNodeDocumentAnonymizer({ ner: false });
afterAll(() => engine.close());
const corpus = join(import.meta.dirname, '..', '..', '..', '..', '..', 'shared', 'corpus');
const TEXT_ONLY = {
  textAnonymization: { labelsConfig: [{ name: 'PER' as const }, { name: 'MAIL' as const }] },
  imageAnonymization: { labelsConfig: [] },
};

/** A hostile file ends in a verified result or a 422 problem, never anything else. */
async function resultOrInvalid(bytes: Uint8Array): Promise<'completed' | 'invalid'> {
  try {
    const r = await engine.anonymize(bytes, TEXT_ONLY);
    expect(r.verification?.passed).toBe(true);
    return 'completed';
  } catch (err) {
    expect(err).toBeInstanceOf(AnonymizerError);
    expect((err as AnonymizerError).problem).toMatchObject({ status: 422 });
    return 'invalid';
  }
}

describe('hostile PDFs (reliability H1, H2, H5)', () => {
  it('empty, header-only and wrong-type files are 422 INVALID_FILE', async () => {
    await expectProblem(engine.anonymize(new Uint8Array(), null), { status: 422, problemCode: 'INVALID_FILE' });
    await expectProblem(engine.anonymize(new TextEncoder().encode('%PDF-1.7\n'), null), { status: 422, problemCode: 'INVALID_FILE' });
    await expectProblem(engine.anonymize(new TextEncoder().encode('PK\u0003\u0004 not a pdf'), null), {
      status: 422,
      problemCode: 'INVALID_FILE',
    });
  });

  it('a truncated PDF and one with a byte missing end in a result or a 422, never partial output', async () => {
    const whole = await letterPdf();
    await resultOrInvalid(whole.subarray(0, Math.floor(whole.length / 2)));
    await resultOrInvalid(Uint8Array.from([...whole.subarray(0, 400), ...whole.subarray(401)]));
  });

  const cases = [
    'pdfjs/bomb_giant.pdf',
    'pdfjs/operator_list_cycle.pdf',
    'pdfjs/ContentStreamNoCycleType3insideType3.pdf',
    'qpdf-qtest/append-xref-loop.pdf',
    'qpdf-qtest/pages-loop.pdf',
    'qpdf-qtest/outlines-with-loop.pdf',
    'format-corpus-pdf/corruptionOneByteMissing.pdf',
  ].filter((f) => existsSync(join(corpus, f)));
  it.skipIf(cases.length === 0).each(cases)(
    '%s: result or 422 within the time limit',
    async (f) => {
      await resultOrInvalid(new Uint8Array(readFileSync(join(corpus, f))));
    },
    60_000,
  );

  it.skipIf(!existsSync(join(corpus, 'format-corpus-pdf/encryption_openpassword.pdf')))(
    'an encrypted PDF is 422 INVALID_FILE',
    async () => {
      const bytes = new Uint8Array(readFileSync(join(corpus, 'format-corpus-pdf/encryption_openpassword.pdf')));
      await expectProblem(engine.anonymize(bytes, TEXT_ONLY), {
        status: 422,
        problemCode: 'INVALID_FILE',
        detail: 'The PDF is encrypted.',
      });
    },
  );
});
