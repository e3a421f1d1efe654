import type { NerBackend } from '../detection/ner/ner-backend.js';
import { NOT_A_NAME } from '../detection/gazetteer/lexicon.js';
import { nerRecognizer } from '../detection/ner/ner-recognizer.js';
import { defaultRecognizers } from '../detection/patterns/index.js';
import type { Recognizer } from '../detection/recognizer.js';
import { defaultNerBackend } from '../runtime/ner-default.js';
import type { NerModelOptions } from '../inference/model-source.js';
import type { AnonymizerOptions } from './options.js';

/** The recognizers of an engine: the rules (or the given ones) plus the NER model the options ask for. */
export function engineRecognizers(options: Pick<AnonymizerOptions, 'recognizers' | 'ner' | 'nerBackend'>): Recognizer[] {
  const ner = nerBackendOf(options);
  return [
    ...(options.recognizers ?? defaultRecognizers()),
    ...(ner ? [nerRecognizer({ backend: ner, minScore: nerMinScore(options), contextGates: nerContextGates(options), ...(options.ner || options.nerBackend ? {} : { dropWords: SHIPPED_MODEL.dropWords }) })] : []),
  ];
}

/**
 * How the engine uses its shipped model, tuned on the dev sets (docs/measurements.md): DATE comes from the rules;
 * STR from the rules, and from the model only right after a place preposition ("in der Kortwiese", "on Haag Gate"),
 * since its STR spans elsewhere are noise on real text (GraSCCo STR precision 96.8 → 74.4 ungated; gated: unchanged);
 * model spans need a mean tag probability of 0.8 (micro F1 on de-dev 41.2 → 47.6 against 0 as the cut-off); a model
 * span that is one noun by its ending (Eignung, Gesellschaft) is dropped (de-dev 54.8 → 55.3, recall unchanged).
 */
export const SHIPPED_MODEL = {
  labelMap: { DATE: null },
  minScore: 0.8,
  dropWords: NOT_A_NAME,
  contextGates: { STR: /(?:^|[^\p{L}])(?:in|auf|an|aus|bei|nach|über|unter|hinter|vor|neben|In|Auf|An|Aus|Bei|Nach)(?:\s+(?:der|die|dem|den|das))?\s+$|(?:^|[^\p{L}])(?:on|at|in|along|near|off|On|At|In|Along|Near)\s+$/u },
} as const;

function nerContextGates(options: Pick<AnonymizerOptions, 'ner' | 'nerBackend'>): NerModelOptions['contextGates'] {
  if (options.ner) return options.ner.contextGates ?? {};
  return options.nerBackend ? {} : SHIPPED_MODEL.contextGates;
}

function nerMinScore(options: Pick<AnonymizerOptions, 'ner' | 'nerBackend'>): number {
  if (options.ner) return options.ner.minScore ?? 0;
  return options.nerBackend ? 0 : SHIPPED_MODEL.minScore;
}

/** The NER backend the options ask for, or null for rules only. Creating it does no I/O. */
function nerBackendOf(options: Pick<AnonymizerOptions, 'recognizers' | 'ner' | 'nerBackend'>): NerBackend | null {
  if (options.ner === false) return null;
  if (options.nerBackend) return options.nerBackend;
  if (options.ner === undefined && options.recognizers !== undefined) return null;
  return defaultNerBackend(options.ner ?? { labelMap: { ...SHIPPED_MODEL.labelMap } });
}
