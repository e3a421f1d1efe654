import { analyze } from '../detection/analyze.js';
import { renderEdits, replacementEdits, toDetections } from '../replacement/apply.js';
import type { ReplacementPlan } from '../replacement/plan.js';
import { createPlan } from '../replacement/plan.js';
import { createDocumentEntities } from '../entities/document-entities.js';
import { forgetting } from '../util/forget-input.js';
import { imageLabels, textLabels } from '../spec/labels.js';
import { parseOrThrow, parseTextRequest, parseUploadConfig, TextRequestSchema } from '../validation/schemas.js';
import type {
  DocumentTextAnonymization,
  ExternalUploadConfig,
  ImageLabel,
  PseudonymizedText,
  TextLabel,
  TextLabelName,
  TextRequest,
} from '../spec/types.js';
import { TEXT_LABELS } from '../spec/types.js';
import type { Span } from '../text/span.js';
import { countTokens } from '../text/tokens.js';
import type { NerBackendFactory } from '../inference/ner-backends.js';
import type { AnonymizerOptions } from './options.js';
import { configRecognizers, engineRecognizers } from './recognizers.js';
import { DEFAULT_THRESHOLD } from './options.js';

/** Extra inputs of a text call that the spec's `Text` body does not carry. */
export interface TextCallOptions {
  /** An upload configuration whose `textAnonymization` (lists, per-label replacement, recognizers) applies to the text. */
  config?: ExternalUploadConfig | null;
  signal?: AbortSignal;
}

/** Inputs of a bare detection call. */
export interface DetectCallOptions extends TextCallOptions {
  /** Labels to detect; all text labels when absent. */
  labels?: readonly string[];
}

/** The engine's TypeScript face. */
export interface Anonymizer {
  /** `POST /external/v1/text`: validates, detects, replaces. Throws `AnonymizerError` (422, 502 …). */
  text(request: TextRequest, options?: TextCallOptions): Promise<PseudonymizedText>;
  /** Detection only: non-overlapping spans in text order (UTF-16 half-open offsets). */
  detect(text: string, options?: DetectCallOptions): Promise<Span[]>;
  /** `GET /external/v1/text-labels`. */
  getTextLabels(): TextLabel[];
  /** `GET /external/v1/image-labels`. */
  getImageLabels(): ImageLabel[];
}

/**
 * Creates the text engine; the platform's `nerBackends` runs the model (each platform's `createAnonymizer` passes its
 * own). Cheap and side-effect free: recognizers that need models load them lazily.
 * @example
 * const anonymizer = createTextEngine({}, nodeNer);   // what `createAnonymizer()` of local-anonymizer/node does
 * const result = await anonymizer.text({ text: 'Herr Müller, Tel. 030 1234567', textLabels: ['PER', 'TEL'], usePseudonyms: true });
 * // result.pseudonymizedText === 'Herr PER-1, Tel. TEL-1'
 */
export function createTextEngine(options: AnonymizerOptions, nerBackends: NerBackendFactory | null): Anonymizer {
  const recognizers = engineRecognizers(options, nerBackends);
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const language = options.language ?? 'auto';

  function textConfig(config: ExternalUploadConfig | null | undefined): DocumentTextAnonymization {
    if (config === undefined || config === null) return {};
    return parseUploadConfig(config, 'config').textAnonymization ?? {};
  }

  async function run(text: string, labels: readonly TextLabelName[], cfg: DocumentTextAnonymization, signal?: AbortSignal) {
    return analyze(text, [...recognizers, ...configRecognizers(cfg, 'config')], {
      labels: new Set(labels),
      blacklist: cfg.blacklist ?? [],
      whitelist: cfg.whitelist ?? [],
      threshold,
      language,
      ...(signal ? { signal } : {}),
    });
  }

  /** One text's entities: spans read against each other, every further mention of a name found, pseudonyms numbered. */
  function settleText(text: string, spans: readonly Span[], plan: ReplacementPlan) {
    const entities = createDocumentEntities(plan, language, { further: 'names' });
    const prepared = entities.prepare(text, spans);
    return entities.settle([{ text, edits: replacementEdits(text, prepared, plan, entities) }])[0]!;
  }

  return {
    text: (request, callOptions = {}) =>
      forgetting(async () => {
        const req = parseTextRequest(request);
        const cfg = textConfig(callOptions.config);
        const spans = await run(req.text, req.textLabels as TextLabelName[], cfg, callOptions.signal);
        const edits = settleText(req.text, spans, createPlan(req.usePseudonyms, cfg.labelsConfig));
        return {
          pseudonymizedText: renderEdits(req.text, edits),
          detection: { tokenCount: countTokens(req.text), detections: toDetections(edits) },
        };
      }),

    detect: (text, callOptions = {}) =>
      forgetting(async () => {
        const labels = callOptions.labels ?? TEXT_LABELS;
        const req = parseOrThrow(TextRequestSchema, { text, textLabels: [...labels] });
        const spans = await run(req.text, req.textLabels, textConfig(callOptions.config), callOptions.signal);
        // What `text` replaces: the mentions of the text's entities.
        return settleText(req.text, spans, createPlan(false)).map(({ start, end, label, score, source }) => ({
          start,
          end,
          label,
          score,
          source,
        }));
      }),

    getTextLabels: textLabels,
    getImageLabels: imageLabels,
  };
}
