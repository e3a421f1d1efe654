import { AnonymizerError, invalidFile } from '../errors/problem.js';
import type { Applied, Edit } from '../replacement/apply.js';
import type { TextPiece } from '../text/pieces.js';
import type { Box, DocumentType, ImageAnonymizationType, ImageLabelName, PiiPageEntry } from '../spec/types.js';

/** What a document's pipeline is doing. */
export type DocumentPhase = 'reading' | 'ocr' | 'detecting' | 'redacting' | 'verifying';

/** Progress of one document: the phase, and pages done of the pages in it (an image is one page). */
export interface DocumentProgress {
  phase: DocumentPhase;
  pagesDone: number;
  pagesTotal: number;
}

/** Tells the job's listener (if any) where its document is; a listener's failure is not the document's. */
export function reportProgress(job: Pick<DocumentJob, 'onProgress'>, phase: DocumentPhase, pagesDone: number, pagesTotal: number): void {
  try {
    job.onProgress?.({ phase, pagesDone, pagesTotal });
  } catch {
    // ignored: see above
  }
}

/**
 * What to do with one document, resolved from the upload config once at the API edge. Every format adapter gets the
 * same job, so every ReplacementConfig, list and label rule applies to every format alike.
 */
export interface DocumentJob {
  /** Image labels to anonymize, each with its effect. */
  imageLabels: ReadonlyMap<ImageLabelName, ImageAnonymizationType>;
  /**
   * Detection + replacement of one piece of text (a paragraph, OCR text), exactly as for plain text, with one
   * pseudonymizer for the whole document; null when no text label is requested.
   */
  text: ((text: string) => Promise<Applied>) | null;
  /**
   * The same for a document's running text (a story's paragraphs, a page's blocks), read together as one text: each
   * piece is detected with its neighbours around it (the sentence before, the document's language, a table's header
   * row) and comes back as its own `Applied`. `onRead` hears how many pieces are done (they are read in chunks).
   * Null exactly when `text` is.
   */
  texts: ((pieces: readonly TextPiece[], onRead?: (done: number) => void) => Promise<Applied[]>) | null;
  /**
   * The document's last word on its texts, once all are read: every further occurrence of a known entity's name or
   * part (`Akte Krämer` in a header, the firm's short name in a footer) becomes a mention, and every mention carries
   * its entity's label, pseudonym and crId. Returns each unit's edits; settling a unit twice changes nothing.
   */
  propagate(units: ReadonlyArray<{ text: string; edits: readonly Edit[] }>): Edit[][];
  /** Id in the PII record and in image URLs. */
  documentId: number;
  /** The engine's own base address for `imageUrl` (never a remote host). */
  imageBaseUrl: string;
  signal?: AbortSignal;
  /** Called as pages pass through the phases (cheap; never throws into the pipeline). */
  onProgress?: (progress: DocumentProgress) => void;
  /** Pages whose text verification finds leaking: fail the document (default), or rasterise them and verify again. */
  verificationFallback?: 'fail' | 'rasterise';
}

/**
 * Where an original string survived: its label, the channel (`text of page 3`, `raw bytes`, `metadata`…), and for
 * page text the page and the boxes of the occurrences (top-left page coordinates, points). Never the string.
 */
export interface VerificationLeak {
  label: string;
  where: string;
  page?: number;
  boxes?: Box[];
}

/** What a verification step (re-reading the written file) found; fail closed: `passed` false never completes. */
export interface VerificationSummary {
  passed: boolean;
  /** How many distinct original PII strings were searched for. */
  checked: number;
  /** Where an original string survived (no PII text itself: the label and the place only). */
  leaks: VerificationLeak[];
  /** Counts of what the format's rewrite did (pages rewritten or rasterised, glyphs removed, …); never content. */
  stats?: Record<string, number>;
}

/** One anonymized document from an adapter: new bytes of the same type, and the PII record's page entries. */
export interface AdapterOutput {
  bytes: Uint8Array;
  pageData: PiiPageEntry[];
  /** Present for formats with a verification step. */
  verification?: VerificationSummary;
}

/**
 * What a format's sniff rule read of a file it claims: at least the file extension of the file and of its result
 * (`document-7.jpg`, `…_anonymized.jpg`). A format adds what its pipeline needs (an image: which codec reads it).
 */
export interface SniffedType {
  extension: string;
}

/** An image of a document that a PII record's `imageUrl` names: its bytes and media type. */
export interface DocumentImage {
  bytes: Uint8Array;
  contentType: string;
}

/** The image a PII record entry names: its `xref`, the page of that entry, and the stored result. */
export interface ImageRef {
  xref: number;
  pageNum: number;
  /** The anonymized file as stored (an OCRed page's raster is no object of the original: it is served from here). */
  result(): Promise<Uint8Array | undefined>;
}

/**
 * One document format (images, PDF, DOCX, DOC): claims its files by their bytes, reads them, asks `job.text` about
 * their text, redacts and rewrites, and serves the images its PII records name. Platform pieces (codecs, pdf.js, OCR,
 * detectors) are given to the adapter's factory. `S` is what its sniff rule reads of a file, handed back to the
 * other members with the same file.
 */
export interface DocumentAdapter<S extends SniffedType = SniffedType> {
  /** The spec's document type of its files (PII records, document lists). */
  readonly type: DocumentType;
  /** The formats it reads as a person names them (`PDF`; `JPEG`, `PNG`, `BMP`): a file of none of them is told so. */
  readonly formats: readonly string[];
  /**
   * Its sniff rule: claims a file by its bytes (never its name or MIME type), or returns null for another format's;
   * throws 422 for a file of its container that it cannot read (a ZIP with no Word part). A file on disk is sniffed
   * by its first and last 64 KiB, joined (a ZIP names its parts at its end).
   */
  sniff(bytes: Uint8Array): S | null;
  anonymize(bytes: Uint8Array, sniffed: S, job: DocumentJob): Promise<AdapterOutput>;
  /** The image `ref` names, from the stored original; null when the file has none by that number that can be served. */
  image(original: Uint8Array, sniffed: S, ref: ImageRef): Promise<DocumentImage | null>;
}

/**
 * Runs a format's pipeline so that it fails closed: a problem or a cancellation passes through; anything else a parser
 * throws on a hostile file becomes 422 INVALID_FILE with `detail`. Never partial output.
 */
export async function failClosed<T>(run: () => Promise<T>, detail: string): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AnonymizerError || (err instanceof Error && err.name === 'AbortError')) throw err;
    throw invalidFile(detail);
  }
}

/** Whether `job` reads the text in pictures (OCR): its text is detected, or the `text` image label is asked for. */
export function readsTextInImages(job: Pick<DocumentJob, 'text' | 'imageLabels'>): boolean {
  return job.text !== null || job.imageLabels.has('text');
}
