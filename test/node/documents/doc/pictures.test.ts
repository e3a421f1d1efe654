import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readContainer, streamOf, writeContainer } from '../../../../src/documents/doc/container.js';
import type { DocStreams } from '../../../../src/documents/doc/drawings.js';
import { drawingRoots } from '../../../../src/documents/doc/drawings.js';
import { walkRecords } from '../../../../src/documents/doc/officeart.js';
import { findPictures, pictureOfDoc } from '../../../../src/documents/doc/pictures.js';
import { readWordFile } from '../../../../src/documents/doc/word-file.js';
import { decodeImage } from '../../../../src/documents/image/decode.js';
import type { Raster } from '../../../../src/documents/image/raster.js';
import { createNodeCodec } from '../../../../src/platform/node/codec.js';
import { createNodeDocumentAnonymizer } from '../../../../src/platform/node/platform.js';
import { imageOfDoc } from '../../../../src/documents/doc/image-of-doc.js';
import type { ExternalUploadConfig } from '../../../../src/spec/types.js';
import { corpusDir } from '../../../helpers/images.js';
import { hasSoffice, sofficeConvert } from '../../../../tools/office/soffice.js';
import { CANARY, CANARY_CONFIG, convertFodt, fixture, picturesFodt, streamsOf, whereFound } from './fixtures.js';

const engine = createNodeDocumentAnonymizer({ ner: false });
afterAll(() => engine.close());
const codec = createNodeCodec(50_000_000);
const LIBREOFFICE = hasSoffice();
const CONFIG: ExternalUploadConfig = {
  ...CANARY_CONFIG,
  imageAnonymization: { labelsConfig: [{ name: 'face', anonymizationType: 'MASK' }] },
};

const input = fixture('pictures.doc');
const result = await engine.anonymize(input, CONFIG);

/** Picture `n` of a Word file, decoded. */
async function picture(doc: Uint8Array, n: number): Promise<Raster> {
  const p = pictureOfDoc(doc, n)!;
  return decodeImage(p.bytes, p.format, codec, 50_000_000);
}

/** The file's streams, and its OfficeArt roots and pictures, for surgery on a copy. */
function parts(doc: Uint8Array) {
  const container = readContainer(doc);
  const file = readWordFile(container);
  const streams: DocStreams = { WordDocument: file.wordDocument, table: file.table, Data: streamOf(container, 'Data') };
  const roots = drawingRoots(file.fib, streams);
  const rebuild = () =>
    writeContainer([
      ['WordDocument', streams.WordDocument],
      [file.fib.tableStream, streams.table],
      ['Data', streams.Data!],
    ]);
  return { streams, roots, pictures: findPictures(streams, roots, file.fib.size), rebuild };
}

describe('DOC pictures and drawing texts', () => {
  it('every stream keeps its length; the canary that only a drawing holds is gone from every stream', () => {
    const before = streamsOf(input);
    const after = streamsOf(result.bytes);
    expect([...after.keys()].sort()).toEqual(
      ['Root Entry/1Table', 'Root Entry/Data', 'Root Entry/WordDocument', 'Root Entry/\u0001CompObj'].sort(),
    );
    for (const [name, s] of after) expect(s.length, name).toBe(before.get(name)!.length);
    expect(whereFound(input, CANARY.name)).toContain('Root Entry/1Table');
    expect(whereFound(result.bytes, CANARY.name)).toEqual([]);
    expect(result.verification).toMatchObject({ passed: true, leaks: [] });
  });

  it('the WordArt text is detected and recorded; the shape name goes by propagation', () => {
    expect(result.verification?.stats).toMatchObject({ shapeTexts: 2, shapeTextSpans: 2, pictures: 2, unreadShapeTables: 0 });
    const ents = result.pageData.flatMap((p) => p.textData.detections.ents.map((e) => [p.pageNum, e.tag, e.text]));
    expect(ents).toEqual([[1, 'PER', CANARY.name]]);
  });

  it('pictures are re-encoded in place: the one that grew is scaled down to fit, both still decode', async () => {
    expect(result.verification?.stats).toMatchObject({ redactedPictures: 1, scaledPictures: 1, greyPictures: 0 });
    const sizes = [];
    for (const n of [1, 2]) {
      const [a, b] = [await picture(input, n), await picture(result.bytes, n)];
      sizes.push([a.width, b.width]);
    }
    // Picture 1 is the inline JPEG (saved at quality 40: at the codec's quality it no longer fits), 2 the PNG.
    expect(sizes[0]![1]).toBeLessThan(sizes[0]![0]!);
    expect(sizes[1]).toEqual([40, 40]);
  });

  it('the PII record has one entry per picture; the service serves each original picture by its xref', async () => {
    const images = result.pageData.flatMap((p) => p.imagesData ?? []);
    expect(images.map((i) => i.xref)).toEqual([1, 2]);
    for (const i of images) {
      expect(i.imageUrl).toMatch(new RegExp(`/images/${i.xref}$`));
      const served = imageOfDoc(input, i.xref);
      expect(served?.contentType).toBe(i.xref === 1 ? 'image/jpeg' : 'image/png');
      expect(served?.bytes).toEqual(pictureOfDoc(input, i.xref)!.bytes);
    }
    expect(imageOfDoc(input, 3)).toBeNull();
  });

  it('a picture the pipeline cannot read (here: typed PICT) becomes a grey PNG, its FBSE retyped', async () => {
    const { streams, pictures, rebuild } = parts(input);
    const p = pictures[0]!;
    streams[p.stream]!.set([0x1c, 0xf0], p.record.at + 2);
    const out = await engine.anonymize(rebuild(), CONFIG);
    expect(out.verification?.stats).toMatchObject({ greyPictures: 1, pictures: 2 });
    const grey = await picture(out.bytes, 1);
    expect([grey.width, grey.height, ...grey.data]).toEqual([1, 1, 192, 192, 192, 255]);
    const after = parts(out.bytes);
    expect(after.pictures[0]!.format).toBe('png');
    const fbse = after.pictures[0]!.owners[0]!;
    expect(after.streams[fbse.stream]![fbse.at]).toBe(6);
  });

  it('an alt text (wzDescription) is read and detected like the WordArt', async () => {
    const { streams, roots, rebuild } = parts(input);
    let moved = 0;
    for (const root of roots)
      for (const rec of walkRecords(streams[root.stream]!, root.record))
        for (let i = 0; rec.type === 0xf00b && i < rec.instance; i++) {
          const at = rec.dataAt + 6 * i;
          const b = streams[root.stream]!;
          // gtextUNICODE (complex; LibreOffice also sets fBid) becomes wzDescription: the same data, now alt text.
          if (b[at] === 0xc0 && (b[at + 1]! & 0x3f) === 0) {
            b.set([0x81, 0x83 | (b[at + 1]! & 0xc0)], at);
            moved++;
          }
        }
    expect(moved).toBe(1);
    const out = await engine.anonymize(rebuild(), CONFIG);
    expect(whereFound(out.bytes, CANARY.name)).toEqual([]);
    expect(out.pageData.flatMap((p) => p.textData.detections.ents.map((e) => e.text))).toEqual([CANARY.name]);
  });

  it.skipIf(!LIBREOFFICE)('LibreOffice opens the output', async () => {
    const converted = await sofficeConvert({ 'out.doc': result.bytes }, 'odt');
    expect(converted['out.doc']?.length).toBeGreaterThan(0);
  });
});

const faces = corpusDir('faces');
describe.skipIf(!faces || !LIBREOFFICE)('DOC with a photo of a face (made by LibreOffice at test time)', async () => {
  // The astronaut (scikit-image test data) at 128 × 128, inline as JPEG.
  const src = await codec.decode(new Uint8Array(readFileSync(join(faces!, 'astronaut.png'))), 'png');
  const S = 128;
  const data = new Uint8ClampedArray(S * S * 4);
  for (let y = 0; y < S; y++)
    for (let x = 0; x < S; x++) {
      const from = (Math.floor((y * src.height) / S) * src.width + Math.floor((x * src.width) / S)) * 4;
      data.set(src.data.subarray(from, from + 4), (y * S + x) * 4);
    }
  const jpeg = await codec.encode({ width: S, height: S, data }, 'jpeg');
  const png = await codec.encode({ width: 8, height: 8, data: new Uint8ClampedArray(256).fill(200) }, 'png');
  const dir = mkdtempSync(join(tmpdir(), 'doc-face-'));
  let doc: Uint8Array;
  try {
    await convertFodt(picturesFodt({ jpeg, png }), 'face', dir);
    doc = new Uint8Array(readFileSync(join(dir, 'face.doc')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const out = await engine.anonymize(doc, CONFIG);

  it('the face is found, recorded and masked in the picture; the original is served for its xref', async () => {
    const entry = out.pageData.flatMap((p) => p.imagesData ?? []).find((i) => i.xref === 1)!;
    const face = entry.detections.find((d) => d.label === 'face')!;
    expect(face.bboxs).toHaveLength(1);
    const [[x0, y0], , [x1, y1]] = face.bboxs[0]! as [[number, number], [number, number], [number, number], [number, number]];
    const [a, b] = [await picture(doc, 1), await picture(out.bytes, 1)];
    expect([b.width, b.height]).toEqual([S, S]);
    let diff = 0;
    let n = 0;
    for (let y = Math.ceil(y0); y < Math.floor(y1); y++)
      for (let x = Math.ceil(x0); x < Math.floor(x1); x++)
        for (let c = 0; c < 3; c++, n++) diff += Math.abs(a.data[(y * S + x) * 4 + c]! - b.data[(y * S + x) * 4 + c]!);
    expect(diff / n).toBeGreaterThan(20);
    expect(imageOfDoc(doc, 1)?.bytes).toEqual(jpeg);
  });
});
