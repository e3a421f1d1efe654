import { describe, expect, it } from 'vitest';
import { VERIFICATION_FAILED_TYPE, verificationFailed } from '../../../../src/errors/problem.js';
import { normalizeForSearch, verifyPdf } from '../../../../src/documents/pdf/verify.js';
import { nodePdfjs } from '../../../../src/runtime/document-pdf-node.js';
import { CANARY, letterPdf } from './fixtures.js';

describe('verifyPdf (fail closed)', () => {
  it('normalises case, white space and hyphenation', () => {
    expect(normalizeForSearch('Hans-\nPeter  MÜLLER')).toBe(normalizeForSearch('hanspeter müller'));
  });

  it('finds an original string in pdf.js text and streams, reporting the label and the place only', async () => {
    const v = await verifyPdf(nodePdfjs(), await letterPdf(), [{ label: 'PER', text: CANARY.name }, { label: 'MAIL', text: 'nobody@else.test' }]);
    expect(v.passed).toBe(false);
    expect(v.checked).toBe(2);
    expect(v.leaks).toContainEqual({ label: 'PER', where: 'text of page 1' });
    expect(JSON.stringify(v)).not.toContain(CANARY.name);
    // What the document fails with: a 422 told apart by its type, naming labels and places, never the string.
    const { problem } = verificationFailed(v.leaks);
    expect(problem).toMatchObject({ status: 422, type: VERIFICATION_FAILED_TYPE, title: 'Unprocessable Entity' });
    expect(problem.problemCode).toBeUndefined();
    expect(problem.detail).toContain('PER in text of page 1');
    expect(JSON.stringify(problem)).not.toContain(CANARY.name);
  });
});
