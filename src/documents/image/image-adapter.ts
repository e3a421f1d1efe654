import type { DocumentAdapter } from '../adapter.js';
import { reportProgress } from '../adapter.js';
import { imageUrlOf } from '../pii-record.js';
import { imageFindingsEntry } from './findings-entry.js';
import type { ImageDetectors } from './anonymize-image.js';
import { anonymizeImage } from './anonymize-image.js';
import type { ImageCodec } from './codec.js';
import type { RandomFill } from './effects.js';
import { DEFAULT_MAX_PIXELS } from './header.js';
import { MEDIA_TYPES } from './raster.js';
import type { SniffedImage } from './sniff-image.js';
import { sniffImage } from './sniff-image.js';

/** Platform pieces of the image adapter (Node: pure-JS codecs; browser: canvas). */
export interface ImageAdapterDeps {
  codec: ImageCodec;
  detectors: ImageDetectors;
  /** Pixel budget per image, checked from the header before decoding. Default 50 MP. */
  maxPixels?: number;
  /** Noise source of BLUR/PIXELATE; `crypto.getRandomValues` by default. */
  random?: RandomFill;
}

/**
 * JPEG, PNG and BMP: one page, one paragraph of OCR text, one image entry with its face and text detections. The
 * image is its own image 0, served as uploaded.
 */
export function createImageAdapter(deps: ImageAdapterDeps): DocumentAdapter<SniffedImage> {
  const maxPixels = deps.maxPixels ?? DEFAULT_MAX_PIXELS;
  return {
    type: 'IMAGE',
    formats: ['JPEG', 'PNG', 'BMP'],
    sniff: sniffImage,
    async anonymize(bytes, sniffed, job) {
      // One page: decoding, faces, OCR and detection are one step, so the phase says what takes the time.
      reportProgress(job, 'ocr', 0, 1);
      const result = await anonymizeImage(bytes, sniffed.format, job, {
        codec: deps.codec,
        detectors: deps.detectors,
        maxPixels,
        ...(deps.random ? { random: deps.random } : {}),
        ...(job.signal ? { signal: job.signal } : {}),
      });
      const entry = imageFindingsEntry(result, {
        pageNum: 1,
        paragraphId: 0,
        imageUrl: imageUrlOf(job.imageBaseUrl, job.documentId, 0),
        xref: 0,
      });
      reportProgress(job, 'redacting', 1, 1);
      return { bytes: result.bytes, pageData: [entry] };
    },
    image: async (original, sniffed, { xref }) => (xref === 0 ? { bytes: original, contentType: MEDIA_TYPES[sniffed.format] } : null),
  };
}
