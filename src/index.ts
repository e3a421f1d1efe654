/**
 * What every platform entry exports (`./node.ts`, `./browser.ts`): the spec's types, errors, and the pieces to extend
 * detection. Each entry adds its own `createAnonymizer`, bound to where that platform runs the model.
 */
export type { Anonymizer, DetectCallOptions, TextCallOptions } from './engine/text-engine.js';
export type { AnonymizerOptions } from './engine/options.js';
export { AnonymizerError } from './errors/problem.js';
export { createFetchHandler } from './http/fetch-handler.js';
export type { Recognizer, DetectContext } from './detection/recognizer.js';
export type { PatternRule } from './detection/rules/pattern-recognizer.js';
export { patternRecognizer } from './detection/rules/pattern-recognizer.js';
export { defaultRecognizers } from './detection/default-recognizers.js';
export { adHocRecognizer, parseAdHocRecognizers, VALIDATORS } from './detection/ad-hoc.js';
export type { AdHocRecognizerConfig, ValidatorName } from './spec/types.js';
export type { Span } from './text/span.js';
export * from './spec/types.js';
export { textLabels, imageLabels } from './spec/labels.js';
export type { NerModelOptions, NerModelFiles, LabelMap } from './inference/model-source.js';
export type { NerBackend } from './detection/ner/ner-backend.js';
export { nerRecognizer } from './detection/ner/ner-recognizer.js';
export type { LocalAnonymizer, LocalServiceOptions } from './service/local-service.js';
export type { KeyedApi, DefaultDocumentsApi, ProjectDocumentsApi, FileUploadOptions } from './service/document-service.js';
export type { DocumentsApi, DocumentFile } from './service/documents-api.js';
export type { DocumentStatus } from './service/document-status.js';
export type { WaitOptions } from './service/wait-for.js';
export type { OrganizationSetup, ProjectSetup, ApiKeySetup, KeyKind } from './service/setup.js';
export type { RawDocumentQuery } from './store/query.js';
export type { Clock } from './jobs/clock.js';
export type { DocumentPhase, DocumentProgress } from './documents/adapter.js';
export { fractionDone } from './jobs/progress.js';
export { createSession } from './sessions/session.js';
export type { RoundTripSession, SessionOptions, PseudonymizeOptions } from './sessions/session.js';
export { restoreText, RestoreStream } from './roundtrip/restore.js';
export type { RestoreResult } from './roundtrip/restore.js';
export type { RestoreReport } from './roundtrip/restorer.js';
export type { Vault, VaultEntity, VaultForm, VaultScope, PlaceholderStyle } from './roundtrip/vault.js';
export { emptyVault, isExpired } from './roundtrip/vault.js';
export { parseVault, sealVault, openVault, plainVaultText } from './roundtrip/vault-codec.js';
