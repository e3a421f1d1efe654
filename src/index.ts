/** Public entry point of local-anonymizer. */
export { createAnonymizer } from './api/anonymizer.js';
export type { Anonymizer, DetectCallOptions, TextCallOptions } from './api/anonymizer.js';
export type { AnonymizerOptions } from './api/options.js';
export { AnonymizerError } from './errors/problem.js';
export type { Recognizer, DetectContext } from './detection/recognizer.js';
export type { PatternRule } from './detection/patterns/pattern-recognizer.js';
export { patternRecognizer } from './detection/patterns/pattern-recognizer.js';
export type { Span } from './text/span.js';
export * from './spec/types.js';
export { textLabels, imageLabels } from './spec/labels.js';
export type { NerModelOptions, NerModelFiles, LabelMap } from './inference/model-source.js';
export type { NerBackend } from './detection/ner/ner-backend.js';
export { nerRecognizer } from './detection/ner/ner-recognizer.js';
export type { LocalAnonymizer, LocalServiceOptions } from './api/local-anonymizer.js';
export type {
  KeyedApi,
  DocumentsApi,
  DefaultDocumentsApi,
  ProjectDocumentsApi,
  DocumentStatus,
  DocumentFile,
  WaitOptions,
  FileUploadOptions,
} from './service/document-service.js';
export type { OrganizationSetup, ProjectSetup, ApiKeySetup, KeyKind } from './service/setup.js';
export type { RawDocumentQuery } from './store/query.js';
export type { Clock } from './service/clock.js';
