import { AnonymizerError } from '../../errors/problem.js';
import type { ImagePipelineDeps, RasterFindings } from '../image/anonymize-image.js';
import { anonymizeImage } from '../image/anonymize-image.js';
import type { ImageJob } from '../image/anonymize-image.js';
import { imageFormatOf } from '../image/sniff-image.js';
import { MEDIA_TYPES } from '../image/raster.js';
import type { WordPackage } from './package.js';

/** What became of one image part: re-encoded with its findings, or replaced by a placeholder. */
export interface MediaOutcome {
  part: string;
  findings: RasterFindings | null;
}

/**
 * Every image of the document through the image pipeline (faces and text by the image labels, OCR text detected like
 * any text; re-encoded from pixels, so EXIF and other metadata are gone, reliability D5). An image the pipeline
 * cannot read (EMF/WMF/SVG, which may hold text as vectors; GIF, TIFF; a damaged or oversized picture) is replaced by
 * a one-pixel grey PNG stretched over its frame: nothing of it survives.
 */
export async function anonymizeMedia(
  pkg: WordPackage,
  parts: readonly string[],
  job: ImageJob & { signal?: AbortSignal },
  deps: ImagePipelineDeps,
  onDone?: (done: number) => void,
): Promise<MediaOutcome[]> {
  const out: MediaOutcome[] = [];
  let placeholder: Uint8Array | null = null;
  for (const part of parts) {
    const bytes = pkg.parts.get(part)!;
    let findings: RasterFindings | null = null;
    try {
      const format = imageFormatOf(bytes);
      if (format) {
        const result = await anonymizeImage(bytes, format, job, {
          codec: deps.codec,
          detectors: deps.detectors,
          maxPixels: deps.maxPixels,
          ...(deps.random ? { random: deps.random } : {}),
          ...(job.signal ? { signal: job.signal } : {}),
        });
        pkg.set(part, result.bytes);
        // A picture whose extension declares no content type gets its own (readers then need not guess).
        if (pkg.contentType(part) === '') pkg.setContentType(part, MEDIA_TYPES[format]);
        findings = result;
      }
    } catch (err) {
      if (!(err instanceof AnonymizerError)) throw err;
    }
    if (!findings) {
      placeholder ??= await deps.codec.encode({ width: 1, height: 1, data: new Uint8ClampedArray([192, 192, 192, 255]) }, 'png');
      pkg.set(part, placeholder);
      pkg.setContentType(part, 'image/png');
    }
    out.push({ part, findings });
    onDone?.(out.length);
  }
  return out;
}
