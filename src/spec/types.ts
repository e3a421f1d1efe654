/**
 * Every shape of the service spec (`service-spec.md`), declared once. Field names keep the spec's spelling.
 * Nothing else in the project redeclares these.
 */

/** Text labels of the spec (section 1, 2.6). */
export const TEXT_LABELS = ['PER', 'STR', 'MAIL', 'TEL', 'LOC', 'ORG', 'DATE', 'OTH'] as const;
export type TextLabelName = (typeof TEXT_LABELS)[number];

/** Image labels of the spec. */
export const IMAGE_LABELS = ['face', 'text'] as const;
export type ImageLabelName = (typeof IMAGE_LABELS)[number];

/** Text label record (2.6). */
export interface TextLabel {
  name: TextLabelName;
  description: string;
}

/** Image label record (2.6: fields not shown; we give name and description like text labels). */
export interface ImageLabel {
  name: ImageLabelName;
  description: string;
}

/** Request of `POST /external/v1/text` — the spec's `Text` (2.8). */
export interface TextRequest {
  text: string;
  usePseudonyms?: boolean;
  textLabels: string[];
}

/** One detection of the text result (2.8). Offsets are UTF-16 code units, half-open. */
export interface Detection {
  startChar: number;
  stopChar: number;
  label: TextLabelName;
  text: string;
  pseudonym: string | null;
}

/** Result of `POST /external/v1/text` (2.8). */
export interface PseudonymizedText {
  pseudonymizedText: string;
  detection: { tokenCount: number; detections: Detection[] };
}

/** Black- or whitelist entry (2.5). */
export interface ListEntry {
  value: string;
  labelName: TextLabelName;
}

export interface FullPseudonymization {
  type: 'FULL_PSEUDONYMIZATION';
  pseudonym: string;
}

export interface PartialPseudonymization {
  type: 'PARTIAL_PSEUDONYMIZATION';
  pseudonym: string;
  partialPseudonymizationStart: number;
  partialPseudonymizationStop: number;
  useNumericPartialPseudonymization: boolean;
}

export const DATE_LOCALES = ['AUTO', 'DE', 'EN', 'ISO'] as const;
export type DateLocale = (typeof DATE_LOCALES)[number];

export interface DatePseudonymization {
  type: 'DATE_PSEUDONYMIZATION';
  pseudonym: string;
  replaceDay: boolean;
  replaceMonth: boolean;
  replaceYear: boolean;
  dateLocale: DateLocale;
  showWeekday: boolean;
}

/**
 * Upper bound on a suppression mask. The spec types `suppressionLength` as int32; `'*'.repeat(2 ** 31 - 1)` would throw
 * in the middle of a document, so requests above it fail validation and the operator clamps.
 */
export const MAX_SUPPRESSION_LENGTH = 10_000;

export interface Suppression {
  type: 'SUPPRESSION';
  suppressionLength: number;
}

/** The spec's ReplacementConfig, discriminated by `type` (2.5). */
export type ReplacementConfig = FullPseudonymization | PartialPseudonymization | DatePseudonymization | Suppression;
export type ReplacementType = ReplacementConfig['type'];

/** Per-label settings (2.5). `config` null or absent: the default replacement. */
export interface TextLabelConfig {
  name: TextLabelName;
  config?: ReplacementConfig | null;
}

/** The checksums an ad-hoc recognizer may name (each implemented in `detection/ad-hoc.ts`). */
export const RECOGNIZER_VALIDATORS = [
  'luhn',
  'iban',
  'de-tax-id',
  'de-social-insurance',
  'de-health-insurance',
  'de-vat-id',
  'es-dni-nie',
  'it-codice-fiscale',
  'uk-nhs',
  'container-number',
  'ipv4',
  'ipv6',
] as const;
export type ValidatorName = (typeof RECOGNIZER_VALIDATORS)[number];

/**
 * A recognizer written as data (Presidio's ad-hoc recognizers): a label, a regular expression, words before a match
 * that make it surer, a checksum by name, a score. From the TypeScript API (`addRecognizers`), the command line
 * (`--recognizers FILE`, a JSON array of these) and a project's configuration (`DocumentTextAnonymization.recognizers`).
 * @example
 * { "id": "employee-id", "label": "OTH", "pattern": "\\bEMP-\\d{6}\\b", "context": ["Personalnummer", "employee"], "score": 0.6 }
 */
export interface AdHocRecognizerConfig {
  /** Names the recognizer: the `source` of its spans, and what `removeRecognizers` takes. */
  id: string;
  label: TextLabelName;
  /** A JavaScript regular expression (Unicode mode), the whole match is the entity. At most 500 characters. */
  pattern: string;
  /** Match case-insensitively. */
  ignoreCase?: boolean;
  /** Words shortly before a match (whole words, any case) that add 0.3 to its score. */
  context?: readonly string[];
  /** A checksum the matched text must pass (`RECOGNIZER_VALIDATORS`). */
  validator?: ValidatorName;
  /** Base score in (0, 1]: with the engine's threshold of 0.5, a score below it needs a context word. */
  score: number;
}

/** `DocumentTextAnonymization` (2.5); every member optional and nullable. */
export interface DocumentTextAnonymization {
  blacklist?: ListEntry[] | null;
  whitelist?: ListEntry[] | null;
  labelsConfig?: TextLabelConfig[] | null;
  /**
   * Our extension (docs/decisions.md, "Recognizers in a project's configuration"): ad-hoc recognizers that run beside
   * the engine's for this configuration's documents and, stored in a project, for its text requests.
   */
  recognizers?: AdHocRecognizerConfig[] | null;
  /**
   * Our extension (docs/decisions.md, "LLM round-trip sessions over HTTP"): the widest scope a round-trip session of
   * this project may take. `project` lets its sessions share one vault; absent, null or `conversation`: each session
   * keeps its own.
   */
  sessionScope?: SessionScopeSetting | null;
}

/** What a project allows its round-trip sessions (our extension). */
export const SESSION_SCOPES = ['conversation', 'project'] as const;
export type SessionScopeSetting = (typeof SESSION_SCOPES)[number];

export const IMAGE_ANONYMIZATION_TYPES = ['MASK', 'BLUR', 'PIXELATE'] as const;
export type ImageAnonymizationType = (typeof IMAGE_ANONYMIZATION_TYPES)[number];

export interface ImageLabelConfig {
  name: ImageLabelName;
  anonymizationType: ImageAnonymizationType;
}

/** `DocumentImageAnonymization` (2.5). */
export interface DocumentImageAnonymization {
  labelsConfig?: ImageLabelConfig[] | null;
}

/** `ExternalUploadConfig` (2.5). */
export interface ExternalUploadConfig {
  textAnonymization?: DocumentTextAnonymization | null;
  imageAnonymization?: DocumentImageAnonymization | null;
}

/** Processing statuses (section 3), exact values. */
export const PROCESSING_STATUSES = [
  'COMPUTING_QUOTA',
  'QUOTA_EXCEEDED',
  'QUOTA_ERROR',
  'UNPROCESSED',
  'PROCESSING',
  'COMPILING',
  'ERROR',
  'PREVIEW_ERROR',
  'COMPLETED',
  'FINALIZED',
  'ARCHIVED',
] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

export const DOCUMENT_TYPES = ['PDF', 'DOCX', 'DOC', 'IMAGE', 'DOCUMENT'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** `ExternalDocumentTaskStatus` (2.1). */
export interface ExternalDocumentTaskStatus {
  documentId: number;
  status: ProcessingStatus;
}

export interface Tag {
  key: string;
  value: string;
}

/** Document overview, a list item (2.2). */
export interface DocumentOverview {
  id: number;
  version?: number;
  projectId: number;
  processingStatus: ProcessingStatus;
  documentType?: DocumentType;
  fileSize?: number;
  original?: string;
  anonymized?: string | null;
  tags?: Tag[];
  lastModified?: string;
  createdAt?: string;
  estimatedDurationMs?: number | null;
}

/** Document page, the list response (2.3). */
export interface DocumentPage {
  content: DocumentOverview[];
  pageable: { pageNumber: number; pageSize: number };
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
  first: boolean;
  last: boolean;
}

/** Project overview (2.4). */
export interface ProjectOverview {
  id: number;
  name: string;
  description: string;
  documentCount: number;
  lastUpdatedDocumentDate: string | null;
  isTemporary: boolean;
  deleteCompletedDocumentsAfterHours: number | null;
  deleteNonCompletedDocumentsAfterHours: number | null;
  isStoringPII: boolean;
  orgId: number;
}

/** Box on a page: origin top left; PDF points for PDFs, pixels for images. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Token of the PII record (2.7). */
export interface PiiToken {
  startChar: number;
  endChar: number;
  text: string;
  hasWs: boolean;
}

/** Entity of the PII record (2.7); `startTok`/`endTok` are token indices. */
export interface PiiEntity {
  startChar: number;
  endChar: number;
  tag: TextLabelName;
  text: string;
  score: number;
  startTok: number;
  endTok: number;
}

export interface PiiTextDetections {
  tokens: PiiToken[];
  ents: PiiEntity[];
  sentenceStarts: number[];
  pseudonyms: string[];
  crIds: number[];
  locationsInAnonymizedDocument: Box[];
  locationsInOriginalDocument: Box[];
}

export interface PiiTextData {
  paragraphId: number;
  detections: PiiTextDetections;
}

export interface PiiImageDetection {
  label: string;
  bboxs: Array<Array<[number, number]>>;
  scores: number[];
}

export interface PiiImageData {
  imageUrl: string;
  xref: number;
  detections: PiiImageDetection[];
}

export interface PiiPageEntry {
  pageNum: number;
  textData: PiiTextData;
  imagesData: PiiImageData[];
}

/** Document PII record (2.7). */
export interface DocumentPiiRecord {
  documentId: number;
  version: number;
  documentName: string;
  processingStatus: ProcessingStatus;
  documentType: DocumentType;
  lastFileModified: string;
  lastModified: string;
  pageData: PiiPageEntry[];
}

/** `problemCode` values (section 7), exact. */
export const PROBLEM_CODES = [
  'DOCUMENT_TOO_BIG',
  'INVALID_PATH_PARAM',
  'INVALID_FILE',
  'RATE_LIMIT_EXCEEDED',
  'CREDIT_LIMIT_EXCEEDED',
  'STORAGE_LIMIT_EXCEEDED',
  'NO_PII_STORED',
  'INVALID_LICENSE',
  'NO_ACTIVE_LICENSE',
  'TEXT_MODEL_UNAVAILABLE',
  'VALIDATION_FAILED',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

/** Entry of `errors[]` in a `VALIDATION_FAILED` problem. */
export interface FieldError {
  field: string;
  code: string;
  message: string;
}

/** RFC 7807 problem body (section 7). */
export interface ProblemDetail {
  type?: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  problemCode?: ProblemCode;
  errors?: FieldError[];
  /**
   * Our extension, on a failed verification (type `…:verification-failed`): where original PII survived — label,
   * place, page and boxes (top-left page coordinates, points), never the text.
   */
  leaks?: Array<{ label: string; where: string; page?: number; boxes?: Box[] }>;
}
