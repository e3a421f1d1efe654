import { analyze } from '../detection/analyze.js';
import type { Recognizer } from '../detection/recognizer.js';
import { buildImageData, buildPageEntry, imageUrlOf } from '../documents/pii-record.js';
import { boxesOfRange, unionBox } from '../documents/layout.js';
import type { ImageCodec } from '../documents/image/codec.js';
import type { RandomFill } from '../documents/image/effects.js';
import { DEFAULT_MAX_PIXELS } from '../documents/image/header.js';
import type { ImageDetectors } from '../documents/image/anonymize-image.js';
import { anonymizeImage } from '../documents/image/anonymize-image.js';
import type { ImageFormat } from '../documents/image/raster.js';
import { sniffDocument } from '../documents/sniff.js';
import { documentTooBig, invalidFile } from '../errors/problem.js';
import { applyReplacements } from '../replacement/apply.js';
import { createPlan } from '../replacement/plan.js';
import { createPseudonymizer } from '../replacement/pseudonyms.js';
import { parseUploadConfig } from '../spec/schemas.js';
import type {
  DocumentType,
  ExternalUploadConfig,
  ImageAnonymizationType,
  ImageLabelName,
  PiiPageEntry,
  TextLabelName,
} from '../spec/types.js';
import { TEXT_LABELS } from '../spec/types.js';
import { DEFAULT_THRESHOLD } from './options.js';
import type { AnonymizerOptions } from './options.js';
import { engineRecognizers } from './recognizers.js';

/** The spec's upload size limit (413 `DOCUMENT_TOO_BIG`). */
export const MAX_DOCUMENT_BYTES = 200 * 1024 * 1024;

/** What a document call uses when the config lists no labels: every text label and faces masked. */
export const DEFAULT_DOCUMENT_CONFIG: ExternalUploadConfig = {
  textAnonymization: { labelsConfig: TEXT_LABELS.map((name) => ({ name, config: null })) },
  imageAnonymization: { labelsConfig: [{ name: 'face', anonymizationType: 'MASK' }] },
};

/** Platform pieces of the document engine, passed in (Node: node codec + ORT/tesseract from disk; browser: canvas + workers). */
export interface DocumentAnonymizerDeps {
  codec: ImageCodec;
  detectors: ImageDetectors;
  recognizers?: readonly Recognizer[];
  /** The NER model for text in documents, as for `createAnonymizer` (default: the shipped model, unless `recognizers` is given). */
  ner?: AnonymizerOptions['ner'];
  threshold?: number;
  language?: 'de' | 'en' | 'auto';
  /** Pixel budget per image, checked from the header before decoding. Default 50 MP. */
  maxPixels?: number;
  /** Noise source of BLUR/PIXELATE; `crypto.getRandomValues` by default. */
  random?: RandomFill;
  /** Used for the labels of a config that lists none (the project's stored default). */
  defaultConfig?: ExternalUploadConfig;
}

/** Per-call inputs beyond the bytes and the config. */
export interface DocumentCallOptions {
  /** Id in the PII record and in image URLs. Default 1. */
  documentId?: number;
  /** The engine's own base address for `imageUrl` (never a remote host). Default `http://localhost`. */
  imageBaseUrl?: string;
  signal?: AbortSignal;
}

/** An anonymized document: new bytes of the same type, and the PII record's page entries. */
export interface AnonymizedDocument {
  documentType: DocumentType;
  /** File extension of the result, from the sniffed type. */
  extension: string;
  bytes: Uint8Array;
  pageData: PiiPageEntry[];
}

/** The document face of the engine. */
export interface DocumentAnonymizer {
  /** Sniffs, anonymizes and rebuilds one document; throws `AnonymizerError` (413, 422 INVALID_FILE, …). */
  anonymize(bytes: Uint8Array, config?: ExternalUploadConfig | null, options?: DocumentCallOptions): Promise<AnonymizedDocument>;
}

const EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', bmp: 'bmp' };

/**
 * Creates the document engine (images for now: JPEG, PNG, BMP). Text in images goes through the same `analyze` and
 * `applyReplacements` as plain text, with one pseudonymizer per document.
 * @example
 * const docs = createDocumentAnonymizer({ codec: createNodeCodec(DEFAULT_MAX_PIXELS), detectors: { faces: () => createNodeFaceService() } });
 * const { bytes, pageData } = await docs.anonymize(jpegBytes, { imageAnonymization: { labelsConfig: [{ name: 'face', anonymizationType: 'BLUR' }] } });
 */
export function createDocumentAnonymizer(deps: DocumentAnonymizerDeps): DocumentAnonymizer {
  // One recognizer set for text and documents: text in an image is detected exactly like plain text.
  const recognizers = engineRecognizers(deps);
  const threshold = deps.threshold ?? DEFAULT_THRESHOLD;
  const maxPixels = deps.maxPixels ?? DEFAULT_MAX_PIXELS;
  const defaults = deps.defaultConfig ?? DEFAULT_DOCUMENT_CONFIG;

  return {
    async anonymize(bytes, rawConfig, options = {}) {
      const config = rawConfig === undefined || rawConfig === null ? {} : parseUploadConfig(rawConfig, 'config');
      if (bytes.length > MAX_DOCUMENT_BYTES) throw documentTooBig(MAX_DOCUMENT_BYTES);
      const sniffed = sniffDocument(bytes);
      if (sniffed.type !== 'IMAGE') throw invalidFile(`${sniffed.type} documents are not supported yet.`);

      const textCfg = config.textAnonymization ?? {};
      const textLabelsConfig = textCfg.labelsConfig ?? defaults.textAnonymization?.labelsConfig ?? [];
      const imageLabelsConfig = config.imageAnonymization?.labelsConfig ?? defaults.imageAnonymization?.labelsConfig ?? [];
      const labels = new Set<TextLabelName>(textLabelsConfig.map((c) => c.name));
      const imageLabels = new Map<ImageLabelName, ImageAnonymizationType>(
        imageLabelsConfig.map((c) => [c.name, c.anonymizationType ?? 'MASK']),
      );
      const plan = createPlan(true, textLabelsConfig);
      const pseudonymizer = createPseudonymizer();
      const text =
        labels.size > 0 || (textCfg.blacklist?.length ?? 0) > 0
          ? async (t: string) => {
              const spans = await analyze(t, recognizers, {
                labels,
                blacklist: textCfg.blacklist ?? [],
                whitelist: textCfg.whitelist ?? [],
                threshold,
                language: deps.language ?? 'auto',
                ...(options.signal ? { signal: options.signal } : {}),
              });
              return applyReplacements(t, spans, plan, pseudonymizer);
            }
          : null;

      const result = await anonymizeImage(bytes, sniffed.format, { imageLabels, text }, {
        codec: deps.codec,
        detectors: deps.detectors,
        maxPixels,
        ...(deps.random ? { random: deps.random } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });

      const documentId = options.documentId ?? 1;
      const imageData = buildImageData(imageUrlOf(options.imageBaseUrl ?? 'http://localhost', documentId, 0), 0, [
        { label: 'face', regions: result.faces },
        { label: 'text', regions: result.textRegions.map((box) => ({ box, score: 1 })) },
      ]);
      const layout = result.ocrText?.layout;
      const entry = buildPageEntry({
        pageNum: 1,
        paragraphId: 0,
        text: layout?.text ?? '',
        edits: result.ocrText?.applied?.edits ?? [],
        locateOriginal: (start, end) => (layout ? unionBox(boxesOfRange(layout, start, end)) : null),
        imagesData: [imageData],
      });
      return { documentType: 'IMAGE', extension: EXTENSIONS[sniffed.format], bytes: result.bytes, pageData: [entry] };
    },
  };
}
