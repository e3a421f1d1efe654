import { analyze } from '../detection/analyze.js';
import type { Recognizer } from '../detection/recognizer.js';
import type { DocumentAdapter, DocumentJob, DocumentProgress, VerificationSummary } from '../documents/adapter.js';
import { sniffDocument } from '../documents/sniff.js';
import { documentTooBig } from '../errors/problem.js';
import type { Applied } from '../replacement/apply.js';
import { renderEdits, replacementEdits } from '../replacement/apply.js';
import { createPlan } from '../replacement/plan.js';
import { createDocumentEntities } from '../entities/document-entities.js';
import { forgetting } from '../util/forget-input.js';
import type { EntityUnit } from '../entities/document-entities.js';
import { parseUploadConfig } from '../validation/schemas.js';
import type { TextPiece } from '../text/pieces.js';
import { joinPieces, splitSpans } from '../text/pieces.js';
import type {
  DocumentPiiRecord,
  DocumentType,
  ExternalUploadConfig,
  ImageAnonymizationType,
  ImageLabelName,
  PiiPageEntry,
  TextLabelName,
} from '../spec/types.js';
import { TEXT_LABELS } from '../spec/types.js';
import type { ImageAdapterDeps } from '../documents/image/image-adapter.js';
import type { NerBackendFactory } from '../inference/ner-backends.js';
import type { EnginePlatform } from './platform.js';
import { DEFAULT_THRESHOLD } from './options.js';
import type { AnonymizerOptions } from './options.js';
import { configRecognizers, engineRecognizers } from './recognizers.js';
import { retiringOcr } from './retiring-ocr.js';
import { builtInAdapters } from './built-in-adapters.js';

/** The spec's upload size limit (413 `DOCUMENT_TOO_BIG`). */
export const MAX_DOCUMENT_BYTES = 200 * 1024 * 1024;

/** What a document call uses when the config lists no labels: every text label and faces masked. */
export const DEFAULT_DOCUMENT_CONFIG: ExternalUploadConfig = {
  textAnonymization: { labelsConfig: TEXT_LABELS.map((name) => ({ name, config: null })) },
  imageAnonymization: { labelsConfig: [{ name: 'face', anonymizationType: 'MASK' }] },
};

/** The document engine's pieces: one adapter per format (built with its platform parts), and the text detection. */
export interface DocumentAnonymizerDeps {
  /** The formats, in sniffing order: the first whose sniff rule claims a file reads it. */
  adapters: readonly DocumentAdapter[];
  recognizers?: readonly Recognizer[];
  /** Recognizers beside the defaults and the model, and ids of those not to run, as for `createAnonymizer`. */
  addRecognizers?: AnonymizerOptions['addRecognizers'];
  removeRecognizers?: AnonymizerOptions['removeRecognizers'];
  /** The NER model for text in documents, as for `createAnonymizer` (default: the shipped model, unless `recognizers` is given). */
  ner?: AnonymizerOptions['ner'];
  threshold?: number;
  language?: 'de' | 'en' | 'auto';
  /** Used for the labels of a config that lists none (the project's stored default). */
  defaultConfig?: ExternalUploadConfig;
  /** The platform's NER (null: a model needs an injected `nerBackend`). */
  nerBackends?: NerBackendFactory | null;
  nerBackend?: AnonymizerOptions['nerBackend'];
  /** What a PDF whose verification finds surviving PII on some pages gets (see `VerificationFallback`). Default 'fail'. */
  verificationFallback?: VerificationFallback;
}

/**
 * When verification finds original PII on a page of a rewritten PDF: `fail` (the document ends in a 422 that names
 * the pages, labels and boxes), or `rasterise` those pages (render, OCR, redact as images) and verify again — text on
 * those pages is then an image, no longer selectable or searchable. Leaks outside page text always fail.
 */
export type VerificationFallback = 'fail' | 'rasterise';

/** Per-call inputs beyond the bytes and the config. */
export interface DocumentCallOptions {
  /** Id in the PII record and in image URLs. Default 1. */
  documentId?: number;
  /** The engine's own base address for `imageUrl` (never a remote host). Default `http://localhost`. */
  imageBaseUrl?: string;
  /** The stored default of the document's project, used when the config lists no labels (overrides the engine's). */
  defaultConfig?: ExternalUploadConfig;
  signal?: AbortSignal;
  /** Page-level progress (phase, pages done/total) while the document is processed. */
  onProgress?: (progress: DocumentProgress) => void;
  /** Overrides the engine's `verificationFallback` for this document. */
  verificationFallback?: VerificationFallback;
}

/** An anonymized document: new bytes of the same type, and the PII record's page entries. */
export interface AnonymizedDocument {
  documentType: DocumentType;
  /** File extension of the result, from the sniffed type. */
  extension: string;
  bytes: Uint8Array;
  pageData: PiiPageEntry[];
  /** What re-reading the output found, for formats that verify (PDF). */
  verification?: VerificationSummary;
}

/** A completed document without the store: the new file, the spec's PII record (2.7) and the verification. */
export interface CompletedDocument {
  file: Uint8Array;
  piiRecord: DocumentPiiRecord;
  verification?: VerificationSummary;
}

/** The document face of the engine. */
export interface DocumentAnonymizer {
  /** Its formats, in sniffing order (a service over it sniffs uploads and serves PII record images with them). */
  readonly adapters: readonly DocumentAdapter[];
  /** Sniffs, anonymizes and rebuilds one document; throws `AnonymizerError` (413, 422 INVALID_FILE, …). */
  anonymize(bytes: Uint8Array, config?: ExternalUploadConfig | null, options?: DocumentCallOptions): Promise<AnonymizedDocument>;
  /** `anonymize` plus the PII record around its page data (`document-<id>.<ext>`, status COMPLETED). */
  anonymizeDocument(bytes: Uint8Array, config?: ExternalUploadConfig | null, options?: DocumentCallOptions): Promise<CompletedDocument>;
}

/** The spec's PII record of a completed document. */
export function completedRecord(doc: AnonymizedDocument, documentId: number, now = new Date()): DocumentPiiRecord {
  const at = now.toISOString();
  return {
    documentId,
    version: 1,
    documentName: `document-${documentId}.${doc.extension}`,
    processingStatus: 'COMPLETED',
    documentType: doc.documentType,
    lastFileModified: at,
    lastModified: at,
    pageData: doc.pageData,
  };
}

/**
 * Creates the document engine over the given format adapters. Text in every format goes through the same `analyze`
 * and `applyReplacements` as plain text, with one pseudonymizer per document.
 * @example
 * const docs = createDocumentAnonymizer({ adapters: [createImageAdapter({ codec, detectors })] });
 * const { bytes, pageData } = await docs.anonymize(jpegBytes, { imageAnonymization: { labelsConfig: [{ name: 'face', anonymizationType: 'BLUR' }] } });
 */
export function createDocumentAnonymizer(deps: DocumentAnonymizerDeps): DocumentAnonymizer {
  // One recognizer set for text and documents: text in a document is detected exactly like plain text.
  const recognizers = engineRecognizers(deps, deps.nerBackends ?? null);
  const threshold = deps.threshold ?? DEFAULT_THRESHOLD;

  const engine: DocumentAnonymizer = {
    adapters: deps.adapters,
    async anonymizeDocument(bytes, config, options = {}) {
      const doc = await engine.anonymize(bytes, config, options);
      return {
        file: doc.bytes,
        piiRecord: completedRecord(doc, options.documentId ?? 1),
        ...(doc.verification ? { verification: doc.verification } : {}),
      };
    },
    async anonymize(bytes, rawConfig, options = {}) {
      const config = rawConfig === undefined || rawConfig === null ? {} : parseUploadConfig(rawConfig, 'config');
      if (bytes.length > MAX_DOCUMENT_BYTES) throw documentTooBig(MAX_DOCUMENT_BYTES);
      const { adapter, sniffed } = sniffDocument(deps.adapters, bytes);

      const defaults = options.defaultConfig ?? deps.defaultConfig ?? DEFAULT_DOCUMENT_CONFIG;
      const textCfg = config.textAnonymization ?? {};
      const textLabelsConfig = textCfg.labelsConfig ?? defaults.textAnonymization?.labelsConfig ?? [];
      const imageLabelsConfig = config.imageAnonymization?.labelsConfig ?? defaults.imageAnonymization?.labelsConfig ?? [];
      const blacklist = textCfg.blacklist ?? defaults.textAnonymization?.blacklist ?? [];
      const whitelist = textCfg.whitelist ?? defaults.textAnonymization?.whitelist ?? [];
      const withConfig = [
        ...recognizers,
        ...(textCfg.recognizers != null
          ? configRecognizers(textCfg, 'config')
          : configRecognizers(defaults.textAnonymization, 'defaultConfig')),
      ];
      const labels = new Set<TextLabelName>(textLabelsConfig.map((c) => c.name));
      const plan = createPlan(true, textLabelsConfig);
      // One set of entities for the whole document: every text of it is read against the names found before.
      const entities = createDocumentEntities(plan, deps.language ?? 'auto');
      const detect = async (t: string) =>
        entities.prepare(
          t,
          await analyze(t, withConfig, {
            labels,
            blacklist,
            whitelist,
            threshold,
            language: deps.language ?? 'auto',
            ...(options.signal ? { signal: options.signal } : {}),
          }),
        );
      const settle = (units: readonly EntityUnit[]): Applied[] =>
        entities.settle(units).map((edits, i) => ({ text: renderEdits(units[i]!.text, edits), edits }));
      const text = async (t: string) => settle([{ text: t, edits: replacementEdits(t, await detect(t), plan, entities) }])[0]!;
      const texts = async (pieces: readonly TextPiece[], onRead?: (done: number) => void) => {
        const units: EntityUnit[] = [];
        for (const chunk of chunksOf(pieces)) {
          const joined = joinPieces(chunk);
          const spans = splitSpans(await detect(joined.text), chunk, joined.starts);
          chunk.forEach((p, i) => units.push({ text: p.text, edits: replacementEdits(p.text, spans[i]!, plan, entities) }));
          onRead?.(units.length);
        }
        return settle(units);
      };
      const reads = labels.size > 0 || blacklist.length > 0;
      const job: DocumentJob = {
        imageLabels: new Map<ImageLabelName, ImageAnonymizationType>(imageLabelsConfig.map((c) => [c.name, c.anonymizationType ?? 'MASK'])),
        text: reads ? text : null,
        texts: reads ? texts : null,
        propagate: (units) => entities.settle(units),
        documentId: options.documentId ?? 1,
        imageBaseUrl: options.imageBaseUrl ?? 'http://localhost',
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        verificationFallback: options.verificationFallback ?? deps.verificationFallback ?? 'fail',
      };
      const out = await forgetting(() => adapter.anonymize(bytes, sniffed, job));
      return { documentType: adapter.type, extension: sniffed.extension, ...out };
    },
  };
  return engine;
}

/**
 * How much of a document's running text is read as one text: enough for any page's context, small enough that
 * progress moves and one read never holds a whole long book.
 */
const CHUNK_CHARS = 50_000;

/** The pieces in runs of about `CHUNK_CHARS` characters, never splitting a piece. */
function* chunksOf(pieces: readonly TextPiece[]): Generator<TextPiece[]> {
  let chunk: TextPiece[] = [];
  let size = 0;
  for (const p of pieces) {
    if (chunk.length > 0 && size + p.text.length > CHUNK_CHARS) {
      yield chunk;
      chunk = [];
      size = 0;
    }
    chunk.push(p);
    size += p.text.length + 1;
  }
  if (chunk.length > 0) yield chunk;
}

/** A document engine that owns workers: `close()` stops them (tesseract keeps a Node process alive otherwise). */
export interface ClosableDocumentAnonymizer extends DocumentAnonymizer {
  close(): Promise<void>;
}

/** Options of `createDocumentEngine`: the engine's own, plus the image adapter's pixel budget and noise source. */
export type DocumentEngineOptions = Omit<DocumentAnonymizerDeps, 'adapters' | 'nerBackends'> &
  Pick<ImageAdapterDeps, 'maxPixels' | 'random'> & {
    /**
     * Most OCR workers (tesseract) running at once: pages of a scanned PDF are recognised in parallel. Each holds
     * ~200 MB while it runs. Default: the platform's (Node: one per two cores, 1 to 4; a browser tab: 1 or 2).
     */
    ocrWorkers?: number;
  };

/**
 * The document engine over a platform: the image, PDF, DOCX and DOC adapters with the platform's codec, pdf.js and canvas; face
 * detection and OCR started on first use and stopped by `close()`; text detection with the platform's NER.
 */
export function createDocumentEngine(platform: EnginePlatform, options: DocumentEngineOptions = {}): ClosableDocumentAnonymizer {
  const { maxPixels, random, ocrWorkers, ...engineOptions } = options;
  let faces: ReturnType<EnginePlatform['startFaces']> | undefined;
  const ocr = retiringOcr(() => platform.startOcr(), Math.max(1, Math.floor(ocrWorkers ?? platform.ocrWorkers)));
  const detectors: ImageAdapterDeps['detectors'] = {
    faces: () => (faces ??= platform.startFaces()),
    ocr: ocr.get,
    ...(platform.keepOcrWorkers ? {} : { releaseOcr: ocr.release }),
  };
  const engine = createDocumentAnonymizer({
    ...engineOptions,
    nerBackends: platform.ner,
    adapters: builtInAdapters(platform, {
      detectors,
      ocrConcurrency: ocr.size,
      ...(maxPixels ? { maxPixels } : {}),
      ...(random ? { random } : {}),
    }),
  });
  return {
    adapters: engine.adapters,
    anonymize: (bytes, config, callOptions) => engine.anonymize(bytes, config, callOptions),
    anonymizeDocument: (bytes, config, callOptions) => engine.anonymizeDocument(bytes, config, callOptions),
    async close() {
      const startedFaces = faces;
      faces = undefined;
      if (startedFaces) (await startedFaces.catch(() => null))?.terminate?.();
      await ocr.close();
    },
  };
}
