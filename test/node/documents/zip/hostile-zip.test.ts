import { randomBytes } from 'node:crypto';
import { Deflate } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AnonymizerError } from '../../../../src/errors/problem.js';
import { crc32 } from '../../../../src/documents/zip/crc32.js';
import { readZip } from '../../../../src/documents/zip/read-zip.js';
import { writeZip } from '../../../../src/documents/zip/write-zip.js';
import { concat } from '../../../helpers/images.js';
import { centralAt, enc, eocd, eocdAt, expectInvalid, localAt, patched, rawZip, view } from './zip-surgery.js';

const MiB = 1024 * 1024;
const document = enc.encode('<w:document>' + '<w:p><w:r><w:t>Max Mustermann, Berlin</w:t></w:r></w:p>'.repeat(400) + '</w:document>');
/** Incompressible, so written stored. */
const media = new Uint8Array(randomBytes(3000));
/** A small valid DOCX-like archive: one deflated part, one stored part. */
const valid = writeZip([
  ['[Content_Types].xml', enc.encode('<Types/>')],
  ['word/document.xml', document],
  ['word/media/image1.png', media],
]);

/** Raw DEFLATE of `mib` MiB of zeros, streamed over one reused chunk so the test never holds the expanded data. */
function zeroBomb(mib: number): Uint8Array {
  const parts: Uint8Array[] = [];
  const deflate = new Deflate({ level: 9 }, (chunk) => parts.push(chunk));
  const zeros = new Uint8Array(MiB);
  for (let i = 0; i < mib; i++) deflate.push(zeros, i === mib - 1);
  return concat(...parts);
}

/** How much the resident set grew while `fn` ran. */
function rssGrowth(fn: () => void): number {
  const before = process.memoryUsage().rss;
  fn();
  return process.memoryUsage().rss - before;
}

describe('readZip refuses zip bombs (reliability H3)', () => {
  const bomb = zeroBomb(250);
  const bombEntry = { name: 'word/document.xml', method: 8, crc: 0, data: bomb };

  it('a 250 MiB deflate bomb declared honestly is refused by the inflate ratio, in little memory', () => {
    expect(bomb.length).toBeLessThan(400 * 1024);
    const zip = rawZip([{ ...bombEntry, size: 250 * MiB }]);
    expect(rssGrowth(() => expectInvalid(() => readZip(zip), 'expands beyond safe limits'))).toBeLessThan(150 * MiB);
  });

  it('with the ratio check off, an under-declared bomb is stopped as soon as it passes its declared size', () => {
    const zip = rawZip([{ ...bombEntry, size: 20 * MiB }]);
    const growth = rssGrowth(() =>
      expectInvalid(() => readZip(zip, { minInflateRatio: 0 }), 'has an entry whose size differs from the size it declares'),
    );
    expect(growth).toBeLessThan(150 * MiB);
  });

  it('an entry declared beyond the per-entry cap is refused before inflating', () => {
    expectInvalid(() => readZip(rawZip([{ ...bombEntry, size: 300 * MiB }])), 'expands beyond safe limits');
  });

  it('entries declared beyond the total cap together are refused before inflating', () => {
    const entries = ['a', 'b', 'c'].map((name) => ({ ...bombEntry, name, data: new Uint8Array([3, 0]), size: 200 * MiB }));
    expectInvalid(() => readZip(rawZip(entries)), 'expands beyond safe limits');
  });

  it("Fifield's overlapping bomb (one entry's data quoting another's local header) is refused", () => {
    const inner = writeZip([['word/inner.xml', document]]);
    const innerCd = view(inner).getUint32(eocdAt(inner) + 16, true);
    const quoted = inner.subarray(0, innerCd);
    const outer = rawZip([{ name: 'word/outer.xml', method: 0, crc: crc32(quoted), data: quoted, size: quoted.length }]);
    const outerCd = view(outer).getUint32(eocdAt(outer) + 16, true);
    const innerCentral = patched(inner.subarray(innerCd, eocdAt(inner)), (dv) => dv.setUint32(42, 30 + 'word/outer.xml'.length, true));
    const centrals = concat(outer.subarray(outerCd, eocdAt(outer)), innerCentral);
    const zip = concat(outer.subarray(0, outerCd), centrals, eocd(2, centrals.length, outerCd));
    expectInvalid(() => readZip(zip), 'has overlapping entries');
  });

  it('two central records pointing at one local header are refused', () => {
    const [first] = localAt(valid);
    const zip = patched(valid, (dv) => dv.setUint32(centralAt(valid)[1]! + 42, first!, true));
    expectInvalid(() => readZip(zip), 'has overlapping entries');
  });
});

describe('readZip refuses too many entries', () => {
  it('65 534 central records are refused by the EOCD count, before any per-entry work', () => {
    const count = 65_534;
    const cd = new Uint8Array(count * 47);
    const dv = view(cd);
    for (let i = 0; i < count; i++) {
      dv.setUint32(i * 47, 0x02014b50, true);
      dv.setUint16(i * 47 + 28, 1, true);
      cd[i * 47 + 46] = 0x61 + (i % 26);
    }
    const zip = concat(cd, eocd(count, cd.length, 0));
    const started = performance.now();
    expectInvalid(() => readZip(zip), 'has more than 1000 entries');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('an EOCD claiming 60 000 entries is refused by its count alone', () => {
    expectInvalid(() => readZip(eocd(60_000, 0, 0)), 'has more than 1000 entries');
  });

  it('a ZIP64 archive claiming 100 000 entries is refused', () => {
    const record = new Uint8Array(56);
    const rv = view(record);
    rv.setUint32(0, 0x06064b50, true);
    rv.setBigUint64(4, 44n, true);
    rv.setBigUint64(24, 100_000n, true);
    rv.setBigUint64(32, 100_000n, true);
    const locator = new Uint8Array(20);
    view(locator).setUint32(0, 0x07064b50, true);
    view(locator).setUint32(16, 1, true);
    const zip = concat(record, locator, eocd(0xffff, 0xffffffff, 0xffffffff));
    expectInvalid(() => readZip(zip), 'ZIP64');
  });

  it('records beyond the count the EOCD declares are refused', () => {
    const zip = patched(valid, (dv) => {
      dv.setUint16(eocdAt(valid) + 8, 2, true);
      dv.setUint16(eocdAt(valid) + 10, 2, true);
    });
    expectInvalid(() => readZip(zip), 'is damaged');
  });
});

describe('readZip refuses unsafe names', () => {
  const unsafe = ['../evil', 'word/../../evil.xml', '..', '/abs', '\\abs', 'a\\b', 'C:x', 'c:/x', 'a\0b', ''];
  it.each(unsafe.map((n) => [JSON.stringify(n), n]))('%s', (_, name) => {
    expectInvalid(() => readZip(writeZip([[name, document]])), 'has an unsafe entry name');
  });

  it('accepts names that only look alike', () => {
    const names = ['word/..foo.xml', 'a..b.xml', 'word/c:x.xml', 'word/.rels'];
    expect([...readZip(writeZip(names.map((n) => [n, document] as const))).keys()]).toEqual(names);
  });

  it('refuses duplicate names, compared case-insensitively as OPC part names are', () => {
    const a = enc.encode('<a/>');
    const b = enc.encode('<b/>');
    expectInvalid(
      () =>
        readZip(
          writeZip([
            ['word/document.xml', a],
            ['word/document.xml', b],
          ]),
        ),
      'has duplicate entry names',
    );
    expectInvalid(
      () =>
        readZip(
          writeZip([
            ['Word/Document.xml', a],
            ['word/document.xml', b],
          ]),
        ),
      'has duplicate entry names',
    );
  });

  it('refuses a directory entry that holds data (it would be dropped unseen)', () => {
    expectInvalid(() => readZip(writeZip([['word/', document]])), 'is damaged');
  });

  it('refuses a name that is not UTF-8', () => {
    const zip = writeZip([['word/x.xml', document]]);
    expectInvalid(() => readZip(patched(zip, (dv) => dv.setUint8(centralAt(zip)[0]! + 46, 0xff))));
  });
});

describe('readZip refuses what it cannot read faithfully', () => {
  const central = centralAt(valid);
  const docAt = central[1]!;
  const mediaAt = central[2]!;
  expect(view(valid).getUint16(mediaAt + 10, true)).toBe(0);

  it('encrypted entries (flag bit 0, strong encryption bit 6, AES method 99)', () => {
    expectInvalid(() => readZip(patched(valid, (dv) => dv.setUint16(docAt + 8, 1, true))), 'is encrypted');
    expectInvalid(() => readZip(patched(valid, (dv) => dv.setUint16(docAt + 8, 0x41, true))), 'is encrypted');
    expectInvalid(() => readZip(patched(valid, (dv) => dv.setUint16(docAt + 10, 99, true))), 'is encrypted');
  });

  it.each([1, 9, 12, 14, 93])('compression method %i', (method) => {
    expectInvalid(() => readZip(patched(valid, (dv) => dv.setUint16(docAt + 10, method, true))), 'unsupported compression method');
  });

  it('an under-declared size, caught while inflating', () => {
    const size = view(valid).getUint32(docAt + 24, true);
    expect(size).toBe(document.length);
    expectInvalid(
      () => readZip(patched(valid, (dv) => dv.setUint32(docAt + 24, size - 1000, true))),
      'has an entry whose size differs from the size it declares',
    );
  });

  it('an over-declared size', () => {
    expectInvalid(
      () => readZip(patched(valid, (dv) => dv.setUint32(docAt + 24, document.length + 1, true))),
      'has an entry whose size differs from the size it declares',
    );
  });

  it('a stored entry whose two sizes differ', () => {
    expectInvalid(() => readZip(patched(valid, (dv) => dv.setUint32(mediaAt + 24, media.length - 1, true))), 'is damaged');
  });

  it('a CRC-32 mismatch, in the directory or in the data', () => {
    const crc = view(valid).getUint32(mediaAt + 16, true);
    expectInvalid(() => readZip(patched(valid, (dv) => dv.setUint32(mediaAt + 16, crc ^ 1, true))), 'checksum');
    const dataAt = localAt(valid)[2]! + 30 + 'word/media/image1.png'.length;
    expectInvalid(() => readZip(patched(valid, (dv) => dv.setUint8(dataAt + 10, dv.getUint8(dataAt + 10) ^ 0xff))), 'checksum');
  });

  it('data running into the central directory, or a local header that is not one', () => {
    // A deflate stream ignores what follows its end, so only the range check sees these extra bytes.
    const single = writeZip([['word/document.xml', document]]);
    const [at] = centralAt(single);
    const longer = patched(single, (dv) => dv.setUint32(at! + 20, dv.getUint32(at! + 20, true) + 10, true));
    expectInvalid(() => readZip(longer), 'is damaged');
    expectInvalid(() => readZip(patched(valid, (dv) => dv.setUint32(docAt + 42, 5, true))), 'is damaged');
    expectInvalid(() => readZip(patched(valid, (dv) => dv.setUint32(docAt + 42, 0x7fffffff, true))), 'is damaged');
  });

  it('an archive spanning several files', () => {
    expectInvalid(() => readZip(patched(valid, (dv) => dv.setUint16(eocdAt(valid) + 4, 1, true))), 'spans several files');
  });

  it('an archive cut short at any point', () => {
    expect(readZip(valid).size).toBe(3);
    for (let cut = 0; cut < valid.length; cut++) expectInvalid(() => readZip(valid.subarray(0, cut)));
  });

  it('garbage and near-misses', () => {
    const random = new Uint8Array(10_000).map((_, i) => (i * 2246822519 + 7) >>> 23);
    for (const bytes of [new Uint8Array(0), random, enc.encode('PK\u0005\u0006'), enc.encode('%PDF-1.7\n'), valid.subarray(100)]) {
      expectInvalid(() => readZip(bytes));
    }
  });

  it('throws nothing but 422 INVALID_FILE for single-byte corruptions anywhere', () => {
    let seed = 1;
    const next = () => (seed = (seed * 1103515245 + 12345) >>> 0);
    let refused = 0;
    for (let i = 0; i < 3000; i++) {
      const at = next() % valid.length;
      const zip = patched(valid, (dv) => dv.setUint8(at, next() & 0xff));
      try {
        readZip(zip);
      } catch (err) {
        expect(err).toBeInstanceOf(AnonymizerError);
        expect((err as AnonymizerError).status).toBe(422);
        expect((err as AnonymizerError).problemCode).toBe('INVALID_FILE');
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(100);
  });
});
