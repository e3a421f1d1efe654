import { describe, expect, it } from 'vitest';
import { sniffDocument } from '../../../src/documents/sniff.js';
import { corpusFiles } from '../../helpers/images.js';
import { expectProblem } from '../helpers/expect-problem.js';

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const pad = (b: Uint8Array, n = 64) => {
  const out = new Uint8Array(Math.max(n, b.length));
  out.set(b);
  return out;
};
const bmpHeader = (dib: number) => {
  const b = new Uint8Array(64);
  b.set([0x42, 0x4d]);
  b[14] = dib;
  return b;
};

describe('sniffDocument (magic bytes only)', () => {
  it.each([
    ['JPEG', pad(bytes([0xff, 0xd8, 0xff, 0xe0])), { type: 'IMAGE', format: 'jpeg' }],
    ['PNG', pad(bytes([0x89], 'PNG\r\n', [0x1a, 0x0a])), { type: 'IMAGE', format: 'png' }],
    ['BMP (info header)', bmpHeader(40), { type: 'IMAGE', format: 'bmp' }],
    ['BMP (V5 header)', bmpHeader(124), { type: 'IMAGE', format: 'bmp' }],
    ['PDF', pad(bytes('%PDF-1.7\n')), { type: 'PDF' }],
    ['PDF after junk (readers accept 1 KiB)', pad(bytes('garbage\n%PDF-1.4')), { type: 'PDF' }],
    ['CFB', pad(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])), { type: 'DOC' }],
    ['ZIP with word/', pad(bytes('PK', [3, 4], 'xxxxxxxxxxxxxxxxxxxxxxxxword/document.xml')), { type: 'DOCX' }],
    ['PDF+ZIP polyglot starting with PK', pad(bytes('PK', [3, 4], 'word/ %PDF-1.4')), { type: 'DOCX' }],
  ])('%s', (_name, input, expected) => {
    expect(sniffDocument(input)).toEqual(expected);
  });

  it.each([
    ['empty', new Uint8Array(0)],
    ['text', bytes('hello world, this is not a document')],
    ['ZIP without word/', pad(bytes('PK', [3, 4], 'xl/workbook.xml'))],
    ['BM without a DIB header', pad(bytes('BM'))],
    ['GIF', pad(bytes('GIF89a'))],
    ['truncated PNG signature', bytes([0x89], 'PNG')],
  ])('%s → 422 INVALID_FILE', async (_name, input) => {
    await expectProblem(() => sniffDocument(input), { status: 422, problemCode: 'INVALID_FILE' });
  });

  it('reads corpus files by content, whatever their name says', () => {
    const files = corpusFiles('mat2', ['.jpg', '.bmp', '.pdf', '.docx']);
    for (const f of files.filter((x) => x.name.startsWith('dirty'))) {
      const expected = { jpg: 'IMAGE', bmp: 'IMAGE', pdf: 'PDF', docx: 'DOCX' }[f.name.split('.').pop()!];
      expect(sniffDocument(f.bytes).type, f.name).toBe(expected);
    }
    for (const f of corpusFiles('pngsuite', ['.png']).slice(0, 5)) expect(sniffDocument(f.bytes)).toEqual({ type: 'IMAGE', format: 'png' });
  });
});
