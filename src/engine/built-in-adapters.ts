import type { DocumentAdapter } from '../documents/adapter.js';
import { createDocAdapter } from '../documents/doc/doc-adapter.js';
import { createDocxAdapter } from '../documents/docx/docx-adapter.js';
import type { ImageDetectors } from '../documents/image/anonymize-image.js';
import type { RandomFill } from '../documents/image/effects.js';
import { DEFAULT_MAX_PIXELS } from '../documents/image/header.js';
import { createImageAdapter } from '../documents/image/image-adapter.js';
import { createPdfAdapter } from '../documents/pdf/pdf-adapter.js';
import { createPageRasteriser } from '../documents/pdf/rasterise.js';
import type { EnginePlatform } from './platform.js';

/** What the built-in adapters take besides the platform's parts: the detectors an engine starts, and its limits. */
export interface BuiltInAdapterParts {
  detectors: ImageDetectors;
  /** Pages of a PDF recognised at once (the OCR workers). Default 1. */
  ocrConcurrency?: number;
  /** Pixel budget per image. Default 50 MP. */
  maxPixels?: number;
  random?: RandomFill;
}

/**
 * The built-in formats over a platform's codec, pdf.js and canvas, in sniffing order: those known by their first
 * bytes (images, DOC, DOCX), then PDF, whose header readers accept up to 1 KiB in. A new format is one more entry.
 */
export function builtInAdapters(
  platform: Pick<EnginePlatform, 'codec' | 'pdfjs' | 'createCanvas'>,
  parts: BuiltInAdapterParts,
): DocumentAdapter[] {
  const { codec, pdfjs, createCanvas } = platform;
  const { detectors, ocrConcurrency } = parts;
  const maxPixels = parts.maxPixels ?? DEFAULT_MAX_PIXELS;
  const noise = parts.random ? { random: parts.random } : {};
  const rasteriser = createPageRasteriser({ pdfjs, codec, detectors, createCanvas });
  return [
    createImageAdapter({ codec, detectors, maxPixels, ...noise }),
    createDocAdapter({ codec, detectors, maxPixels, ...noise }),
    createDocxAdapter({ codec, detectors, maxPixels, ...noise }),
    createPdfAdapter({ pdfjs, pixels: codec, detectors, rasteriser, ...(ocrConcurrency ? { ocrConcurrency } : {}), ...noise }),
  ];
}
