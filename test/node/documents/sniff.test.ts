import { describe, expect, it } from 'vitest';
import type { DocumentAdapter } from '../../../src/documents/adapter.js';
import { sniffDocument, sniffFile } from '../../../src/documents/sniff.js';
import { builtInAdapters } from '../../../src/engine/built-in-adapters.js';
import { nodePlatform } from '../../../src/platform/node/platform.js';
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

const adapters = builtInAdapters(nodePlatform(), { detectors: {} });
const sniff = (input: Uint8Array) => {
  const { adapter, sniffed } = sniffDocument(adapters, input);
  return { type: adapter.type, ...sniffed };
};

describe('sniffDocument over the built-in formats (magic bytes only)', () => {
  it.each([
    ['JPEG', pad(bytes([0xff, 0xd8, 0xff, 0xe0])), { type: 'IMAGE', format: 'jpeg', extension: 'jpg' }],
    ['PNG', pad(bytes([0x89], 'PNG\r\n', [0x1a, 0x0a])), { type: 'IMAGE', format: 'png', extension: 'png' }],
    ['BMP (info header)', bmpHeader(40), { type: 'IMAGE', format: 'bmp', extension: 'bmp' }],
    ['BMP (V5 header)', bmpHeader(124), { type: 'IMAGE', format: 'bmp', extension: 'bmp' }],
    ['PDF', pad(bytes('%PDF-1.7\n')), { type: 'PDF', extension: 'pdf' }],
    ['PDF after junk (readers accept 1 KiB)', pad(bytes('garbage\n%PDF-1.4')), { type: 'PDF', extension: 'pdf' }],
    ['CFB', pad(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])), { type: 'DOC', extension: 'doc' }],
    ['ZIP with word/', pad(bytes('PK', [3, 4], 'xxxxxxxxxxxxxxxxxxxxxxxxword/document.xml')), { type: 'DOCX', extension: 'docx' }],
    ['PDF+ZIP polyglot starting with PK', pad(bytes('PK', [3, 4], 'word/ %PDF-1.4')), { type: 'DOCX', extension: 'docx' }],
    [
      'PDF+CFB polyglot starting with the CFB signature',
      pad(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], '%PDF-1.4')),
      { type: 'DOC', extension: 'doc' },
    ],
  ])('%s', (_name, input, expected) => {
    expect(sniff(input)).toEqual(expected);
  });

  it.each([
    ['empty', new Uint8Array(0)],
    ['text', bytes('hello world, this is not a document')],
    ['ZIP without word/', pad(bytes('PK', [3, 4], 'xl/workbook.xml'))],
    ['BM without a DIB header', pad(bytes('BM'))],
    ['GIF', pad(bytes('GIF89a'))],
    ['truncated PNG signature', bytes([0x89], 'PNG')],
  ])('%s → 422 INVALID_FILE', async (_name, input) => {
    await expectProblem(() => sniff(input), { status: 422, problemCode: 'INVALID_FILE' });
  });

  it('says which formats it reads, and why a ZIP is refused', async () => {
    await expectProblem(() => sniff(bytes('GIF89a')), {
      status: 422,
      detail: 'The file type is not supported (JPEG, PNG, BMP, DOC, DOCX or PDF expected).',
    });
    await expectProblem(() => sniff(pad(bytes('PK', [3, 4], 'xl/workbook.xml'))), {
      status: 422,
      detail: 'The ZIP container is not a Word document.',
    });
  });

  it('reads corpus files by content, whatever their name says', () => {
    const files = corpusFiles('mat2', ['.jpg', '.bmp', '.pdf', '.docx']);
    for (const f of files.filter((x) => x.name.startsWith('dirty'))) {
      const expected = { jpg: 'IMAGE', bmp: 'IMAGE', pdf: 'PDF', docx: 'DOCX' }[f.name.split('.').pop()!];
      expect(sniff(f.bytes).type, f.name).toBe(expected);
    }
    for (const f of corpusFiles('pngsuite', ['.png']).slice(0, 5))
      expect(sniff(f.bytes)).toEqual({ type: 'IMAGE', format: 'png', extension: 'png' });
  });
});

describe('sniffDocument over any adapters', () => {
  /** An adapter that claims bytes starting with `magic` (and is never asked to do more here). */
  const claiming = (magic: string, name: string): DocumentAdapter => ({
    type: 'DOCUMENT',
    formats: [name],
    sniff: (b) => (new TextDecoder().decode(b.subarray(0, magic.length)) === magic ? { extension: name.toLowerCase() } : null),
    anonymize: () => Promise.reject(new Error('not here')),
    image: async () => null,
  });

  it('asks the adapters in their order: the first that claims the bytes reads them', () => {
    const [short, long] = [claiming('TOY', 'TOY'), claiming('TOY2', 'TOY2')];
    expect(sniffDocument([short, long], bytes('TOY2 data')).adapter).toBe(short);
    expect(sniffDocument([long, short], bytes('TOY2 data')).adapter).toBe(long);
    expect(sniffDocument([long, short], bytes('TOY1 data'))).toEqual({ adapter: short, sniffed: { extension: 'toy' } });
  });

  it('a registered format claims its own bytes beside the built-in ones', async () => {
    const toy = claiming('TOY1', 'TOY');
    const all = [...adapters, toy];
    expect(sniffDocument(all, bytes('TOY1\nline')).adapter).toBe(toy);
    expect(sniffDocument(all, pad(bytes('%PDF-1.7'))).adapter.type).toBe('PDF');
    await expectProblem(() => sniffDocument(all, bytes('GIF89a')), {
      status: 422,
      detail: 'The file type is not supported (JPEG, PNG, BMP, DOC, DOCX, PDF or TOY expected).',
    });
    await expectProblem(() => sniffDocument([], bytes('TOY1')), { status: 422, problemCode: 'INVALID_FILE' });
  });
});

describe('sniffFile: a disk-backed file is read at its head and tail only', () => {
  /** A Blob of `size` bytes with `head` at the start and `tail` at the end, that records what was read of it. */
  function blob(size: number, head: Uint8Array, tail: Uint8Array) {
    const whole = new Uint8Array(size);
    whole.set(head);
    whole.set(tail, size - tail.length);
    const file = new Blob([whole]);
    const reads: number[] = [];
    const slice = file.slice.bind(file);
    file.slice = (start?: number, end?: number) => (reads.push((end ?? size) - (start ?? 0)), slice(start, end));
    return { file, reads };
  }

  it('finds a Word ZIP by the part names in its central directory at the end', async () => {
    const { file, reads } = blob(1024 * 1024, bytes('PK', [3, 4]), bytes('word/document.xml PK', [5, 6]));
    expect((await sniffFile(adapters, file)).adapter.type).toBe('DOCX');
    expect(reads.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(128 * 1024);
    const other = blob(1024 * 1024, bytes('PK', [3, 4]), bytes('xl/workbook.xml PK', [5, 6]));
    await expectProblem(sniffFile(adapters, other.file), { status: 422, detail: 'The ZIP container is not a Word document.' });
  });

  it('reads a small file whole, and bytes as they are', async () => {
    expect((await sniffFile(adapters, blob(100, pad(bytes('%PDF-1.7')), new Uint8Array(0)).file)).adapter.type).toBe('PDF');
    expect((await sniffFile(adapters, pad(bytes('%PDF-1.7')))).sniffed).toEqual({ extension: 'pdf' });
  });
});
