import { Zip, ZipDeflate, ZipPassThrough, strFromU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AnonymizerError } from '../../../../src/errors/problem.js';
import { DEFAULT_ZIP_LIMITS, readZip } from '../../../../src/documents/zip/read-zip.js';
import { writeZip } from '../../../../src/documents/zip/write-zip.js';
import { concat, corpusDir, corpusFiles } from '../../../helpers/images.js';
import { enc, eocd, expectInvalid, patched, eocdAt } from './zip-surgery.js';

const xml = (s: string) => enc.encode(`<?xml version="1.0"?><w:document>${s}</w:document>`);

describe('readZip', () => {
  it('reads an fflate zipSync archive in central-directory order, leaving out directory entries', () => {
    const zip = zipSync(
      {
        '[Content_Types].xml': xml('types'),
        word: { 'document.xml': xml('body'), media: { 'image1.png': new Uint8Array([137, 80, 78, 71]) } },
        'docProps/': {},
      },
      { mtime: new Date(2024, 4, 1), level: 9 },
    );
    const entries = readZip(zip);
    expect([...entries.keys()]).toEqual(['[Content_Types].xml', 'word/document.xml', 'word/media/image1.png']);
    expect(strFromU8(entries.get('word/document.xml')!)).toContain('body');
    expect([...entries.get('word/media/image1.png')!]).toEqual([137, 80, 78, 71]);
  });

  it('reads an archive written with data descriptors (sizes only in the central directory)', () => {
    const parts: Uint8Array[] = [];
    const zip = new Zip((err, chunk) => {
      if (err) throw err;
      parts.push(chunk);
    });
    const doc = new ZipDeflate('word/document.xml', { level: 6 });
    zip.add(doc);
    doc.push(xml('streamed '.repeat(1000)), true);
    const raw = new ZipPassThrough('word/media/a.bin');
    zip.add(raw);
    raw.push(new Uint8Array([1, 2, 3]), true);
    zip.end();
    const bytes = concat(...parts);
    expect(bytes[6]! & 8).toBe(8); // the local header defers its sizes to a data descriptor
    const entries = readZip(bytes);
    expect(strFromU8(entries.get('word/document.xml')!)).toContain('streamed streamed');
    expect([...entries.get('word/media/a.bin')!]).toEqual([1, 2, 3]);
  });

  it('reads an empty archive (just the EOCD) as an empty map, with or without an archive comment', () => {
    expect(readZip(eocd(0, 0, 0)).size).toBe(0);
    const comment = enc.encode('made by someone');
    expect(readZip(concat(eocd(0, 0, 0, comment.length), comment)).size).toBe(0);
  });

  it('finds the EOCD behind an archive comment of the longest length', () => {
    const zip = writeZip([['a.xml', xml('a')]]);
    const comment = new Uint8Array(0xffff).fill(0x41);
    const withComment = concat(
      patched(zip, (dv) => dv.setUint16(eocdAt(zip) + 20, comment.length, true)),
      comment,
    );
    expect([...readZip(withComment).keys()]).toEqual(['a.xml']);
  });

  it('returns copies, not views of the input', () => {
    const zip = writeZip([['media/a.bin', new Uint8Array([9, 9, 9])]]);
    const entry = readZip(zip).get('media/a.bin')!;
    zip.fill(0);
    expect([...entry]).toEqual([9, 9, 9]);
  });

  it('reads small, very compressible XML despite the ratio limit (the grace size)', () => {
    const part = enc.encode('<w:t/>'.repeat(150_000)); // 900 KB that deflates several hundred times
    const zip = writeZip([['word/document.xml', part]]);
    expect(zip.length / part.length).toBeLessThan(DEFAULT_ZIP_LIMITS.minInflateRatio);
    // Buffer.equals, not toEqual: a deep compare of 900 KB takes seconds.
    expect(Buffer.from(readZip(zip).get('word/document.xml')!).equals(part)).toBe(true);
  });

  it('applies the limits it is given, on top of the defaults', () => {
    expect(DEFAULT_ZIP_LIMITS).toEqual({
      maxEntries: 1000,
      maxTotalBytes: 512 * 1024 * 1024,
      maxEntryBytes: 256 * 1024 * 1024,
      minInflateRatio: 0.01,
    });
    const zip = writeZip([
      ['a.xml', xml('a'.repeat(100))],
      ['b.xml', xml('b'.repeat(100))],
    ]);
    expect(readZip(zip, { maxEntries: 2, maxEntryBytes: 200, maxTotalBytes: 400 }).size).toBe(2);
    expectInvalid(() => readZip(zip, { maxEntries: 1 }), 'has more than 1 entries');
    expectInvalid(() => readZip(zip, { maxEntryBytes: 100 }), 'expands beyond safe limits');
    expectInvalid(() => readZip(zip, { maxTotalBytes: 200 }), 'expands beyond safe limits');
  });
});

describe('readZip over the DOCX corpora', () => {
  for (const corpus of ['poi-document', 'mat2']) {
    it.skipIf(corpusDir(corpus) === null)(`${corpus}: every .docx reads or is a 422 INVALID_FILE`, () => {
      const files = corpusFiles(corpus, ['.docx']);
      expect(files.length).toBeGreaterThan(0);
      let read = 0;
      for (const f of files) {
        try {
          const entries = readZip(f.bytes);
          // A DOCX read whole has its content types part, unless the file exists to lack it.
          if (!f.name.startsWith('no_content_types')) expect([...entries.keys()], f.name).toContain('[Content_Types].xml');
          read++;
        } catch (err) {
          expect(err, f.name).toBeInstanceOf(AnonymizerError);
          expect((err as AnonymizerError).status, f.name).toBe(422);
          expect((err as AnonymizerError).problemCode, f.name).toBe('INVALID_FILE');
        }
      }
      // Most of each corpus is ordinary Word output; a reader refusing them all would pass the loop above.
      expect(read / files.length).toBeGreaterThan(0.8);
    });
  }
});
