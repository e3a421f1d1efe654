import { isCommonWordSpan, isFieldLabel, isWeakGermanWord } from '../detection/words/common-words.js';
import { NO_CAPITAL, NOT_A_NAME, POST_NOMINALS } from '../detection/words/lexicon.js';
import { KNOWN_ORG_NAMES } from '../detection/organisations/known-orgs.js';
import { isNoName, nameStart } from '../detection/words/non-names.js';
import type { NerBackend } from '../detection/ner/ner-backend.js';
import type { NerRecognizerOptions } from '../detection/ner/ner-recognizer.js';
import { MODEL_WEIGHT, nerRecognizer } from '../detection/ner/ner-recognizer.js';
import { defaultRecognizers } from '../detection/default-recognizers.js';
import { addedRecognizers, adHocRecognizer, parseAdHocRecognizers } from '../detection/ad-hoc.js';
import type { DetectContext, Recognizer } from '../detection/recognizer.js';
import type { Span } from '../text/span.js';
import type { DocumentTextAnonymization, TextLabelName } from '../spec/types.js';
import tuning from '../../models/ner/tuning.json' with { type: 'json' };
import type { NerBackendFactory } from '../inference/ner-backends.js';
import type { AnonymizerOptions } from './options.js';

/**
 * The recognizers of an engine: the rules (or the given ones) plus the NER model the options ask for, run where the
 * platform's `nerBackends` puts it, plus `addRecognizers`, less those `removeRecognizers` names. Without a platform
 * (null), a model needs an injected `nerBackend`.
 */
export function engineRecognizers(
  options: Pick<AnonymizerOptions, 'recognizers' | 'addRecognizers' | 'removeRecognizers' | 'ner' | 'nerBackend'>,
  nerBackends: NerBackendFactory | null,
): Recognizer[] {
  const ner = nerBackendOf(options, nerBackends);
  const added = addedRecognizers(options.addRecognizers ?? [], 'addRecognizers');
  const removed = new Set(options.removeRecognizers ?? []);
  return [
    ...(options.recognizers ?? defaultRecognizers()),
    ...(ner ? [nerRecognizer({ backend: ner, ...nerFilters(options) })] : []),
    ...added,
  ].filter((r) => !removed.has(r.id));
}

/**
 * The ad-hoc recognizers a configuration carries (our extension `textAnonymization.recognizers`), checked and compiled:
 * 422 VALIDATION_FAILED naming `<where>.textAnonymization.recognizers[i].<field>` (`where` empty: the config is the body). What the service runs on every write
 * of a configuration (an upload's, a project's) and the engines on every use.
 */
export function configRecognizers(text: DocumentTextAnonymization | null | undefined, where: string): Recognizer[] {
  const raw = text?.recognizers;
  if (raw === undefined || raw === null) return [];
  return parseAdHocRecognizers(raw, `${where ? `${where}.` : ''}textAnonymization.recognizers`).map(adHocRecognizer);
}

/** Scores that one unknown capitalised word of German text needs as a person, place or organisation (the tuning's). */
const WEAK_WORD_SCORES = Object.fromEntries(
  Object.entries(tuning.weakGermanWordScores).map(([label, score]) => [label, score * MODEL_WEIGHT]),
) as Partial<Record<Span['label'], number>>;

/**
 * How the engine uses its shipped model: the values are data beside the model (`models/ner/tuning.json`, tuned on the
 * dev sets; the numbers: `docs/decisions.md` "NER runtime" and `docs/measurements.md`). DATE comes from the rules; STR
 * from the rules, and from the model only right after a place preposition ("in der Kortwiese", "on Haag Gate"); model
 * spans need the cut-off of their language (the one with the best recall-weighted F2: an anonymizer is judged by what it
 * masks), German's when the language cannot be told; a one-word span that is no name (`NOT_A_NAME`: Eignung, Kollegin,
 * LSG), a span of common words (`isCommonWordSpan`: Please, Praxis, Staff Engineer) and, in German text, one unknown
 * capitalised word below a higher score (`isWeakGermanWord`) are dropped; runs of words in capitals are also read in
 * Title Case (`caseView`); spans are cut at layout (`splitAtLayout`: a line break the next line's words do not continue
 * as a name, a wide gap between columns).
 */
export const SHIPPED_MODEL = {
  labelMap: tuning.labelMap,
  minScore: tuning.minScore,
  dropWords: new RegExp(`(?:${NOT_A_NAME.source})|(?:${NO_CAPITAL.source})`, 'u'),
  dropSpan: (text: string, span: Span, language: DetectContext['language']): boolean =>
    isCommonWordSpan(text, span, language) ||
    isFieldLabel(text, span) ||
    isNoName(text, span, language) ||
    isWeakGermanWord(text, span, language, WEAK_WORD_SCORES) ||
    // A degree after a name is no person (`O'Brien, MD`), though it may be a place (`Baltimore, MD`); nor is a known
    // organisation, which its rule labels where it names one (not `LinkedIn:`, a profile field).
    (span.label === 'PER' &&
      (POST_NOMINALS.has(text.slice(span.start, span.end)) || KNOWN_ORG_NAMES.has(text.slice(span.start, span.end)))),
  // An opener, family word or abbreviation before a person's or place's name is cut off (`Call`, `Mein Mann`, `z. Hd.`);
  // an organisation's name may begin so (`Best Western`).
  nameStart: (text: string, start: number, end: number, label: TextLabelName): number =>
    label === 'ORG' ? start : nameStart(text, start, end),
  splitAtLayout: tuning.splitAtLayout,
  completeCompounds: tuning.completeCompounds,
  caseView: tuning.caseView,
  contextGates: Object.fromEntries(
    Object.entries(tuning.contextGates).map(([label, source]) => [label, new RegExp(source, 'u')]),
  ) as Partial<Record<TextLabelName, RegExp>>,
};

/**
 * Whether the `ner` option names a model of the user's own, run with its own options only (else the shipped model,
 * or one of its recipe with `tuning: 'shipped'`, run with the shipped filters the option may tune).
 */
function userModel(options: Pick<AnonymizerOptions, 'ner'>): boolean {
  const { ner } = options;
  return typeof ner === 'object' && (ner.url !== undefined || ner.files !== undefined) && ner.tuning !== 'shipped';
}

/**
 * How the recognizer filters model spans: the shipped model as above, with its case view (a `ner` option without
 * `url`/`files` may override each filter); a user's model by its own `minScore`, `contextGates` and `dropWords` only;
 * an injected backend (tests) not at all.
 */
function nerFilters(
  options: Pick<AnonymizerOptions, 'ner' | 'nerBackend'>,
): Pick<
  NerRecognizerOptions,
  'minScore' | 'contextGates' | 'dropWords' | 'splitAtLayout' | 'completeCompounds' | 'dropSpan' | 'caseView' | 'nameStart'
> {
  if (options.nerBackend && !options.ner) return { minScore: 0 };
  const given = options.ner || {};
  const shipped = !options.nerBackend && !userModel(options);
  const minScore = given.minScore ?? (shipped ? SHIPPED_MODEL.minScore : 0);
  const contextGates = given.contextGates ?? (shipped ? SHIPPED_MODEL.contextGates : {});
  const dropWords = given.dropWords ?? (shipped ? SHIPPED_MODEL.dropWords : undefined);
  const filters = dropWords ? { minScore, contextGates, dropWords } : { minScore, contextGates };
  return shipped
    ? {
        ...filters,
        splitAtLayout: SHIPPED_MODEL.splitAtLayout,
        completeCompounds: SHIPPED_MODEL.completeCompounds,
        dropSpan: SHIPPED_MODEL.dropSpan,
        nameStart: SHIPPED_MODEL.nameStart,
        caseView: SHIPPED_MODEL.caseView,
      }
    : filters;
}

/** The NER backend the options ask for, or null for rules only. Creating it does no I/O. */
function nerBackendOf(
  options: Pick<AnonymizerOptions, 'recognizers' | 'ner' | 'nerBackend'>,
  nerBackends: NerBackendFactory | null,
): NerBackend | null {
  if (options.ner === false) return null;
  if (options.nerBackend) return options.nerBackend;
  if ((options.ner === undefined && options.recognizers !== undefined) || !nerBackends) return null;
  const given = options.ner || {};
  return nerBackends(userModel(options) ? given : { ...given, labelMap: { ...SHIPPED_MODEL.labelMap, ...given.labelMap } });
}
