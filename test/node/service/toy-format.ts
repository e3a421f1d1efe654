// A made-up document format, as an app would add one: TOY1 files are a `TOY1` line, lines of text, and one
// `IMAGE <base64>` line. Everything it does goes through the DocumentAdapter contract and the shared record helpers.
import type { DocumentAdapter } from '../../../src/documents/adapter.js';
import { buildImageData, buildPageEntry, imageUrlOf } from '../../../src/documents/pii-record.js';
import { renderEdits } from '../../../src/replacement/apply.js';

const MAGIC = 'TOY1\n';
/** The one image of a toy file. */
export const TOY_IMAGE_XREF = 1;

/** A toy file of `lines` and one picture. */
export function toyFile(lines: readonly string[], picture: Uint8Array): Uint8Array {
  return new TextEncoder().encode(`${MAGIC}${lines.join('\n')}\nIMAGE ${Buffer.from(picture).toString('base64')}\n`);
}

/** The text lines and the picture of a toy file. */
export function readToy(bytes: Uint8Array): { lines: string[]; picture: Uint8Array | null } {
  const body = new TextDecoder().decode(bytes).slice(MAGIC.length).replace(/\n$/, '').split('\n');
  const image = body.find((l) => l.startsWith('IMAGE '));
  return {
    lines: body.filter((l) => !l.startsWith('IMAGE')),
    picture: image ? new Uint8Array(Buffer.from(image.slice('IMAGE '.length), 'base64')) : null,
  };
}

/**
 * The toy format's adapter: its lines are read together and rewritten with their replacements; the picture, which
 * it cannot inspect, is left out of the result (the `IMAGE` line stays, empty), and the PII record names it, served
 * from the original.
 */
export function toyAdapter(): DocumentAdapter {
  return {
    type: 'DOCUMENT',
    formats: ['TOY'],
    sniff: (bytes) => (new TextDecoder().decode(bytes.subarray(0, MAGIC.length)) === MAGIC ? { extension: 'toy' } : null),
    async anonymize(bytes, _sniffed, job) {
      const { lines } = readToy(bytes);
      const applied = job.texts ? await job.texts(lines.map((text) => ({ text }))) : lines.map(() => ({ edits: [] }));
      const edits = job.propagate(lines.map((text, i) => ({ text, edits: applied[i]!.edits })));
      const out = lines.map((text, i) => renderEdits(text, edits[i]!));
      const pageData = lines.map((text, i) =>
        buildPageEntry({ pageNum: 1, paragraphId: i, text, edits: edits[i]!, locateOriginal: () => null }),
      );
      const imageUrl = imageUrlOf(job.imageBaseUrl, job.documentId, TOY_IMAGE_XREF);
      pageData.push(
        buildPageEntry({
          pageNum: 1,
          paragraphId: lines.length,
          text: '',
          edits: [],
          locateOriginal: () => null,
          imagesData: [buildImageData(imageUrl, TOY_IMAGE_XREF, [])],
        }),
      );
      return { bytes: new TextEncoder().encode(`${MAGIC}${out.join('\n')}\nIMAGE\n`), pageData };
    },
    async image(original, _sniffed, { xref }) {
      const { picture } = readToy(original);
      return xref === TOY_IMAGE_XREF && picture ? { bytes: picture, contentType: 'image/png' } : null;
    },
  };
}
