import { AnonymizerError, textModelUnavailable } from '../../errors/problem.js';
import type { TextLabelName } from '../../spec/types.js';
import type { Span } from '../../text/span.js';
import type { DetectContext, Recognizer } from '../recognizer.js';
import { ensureLexicons } from '../lexicons/store.js';
import { textLanguage } from '../text-language.js';
import { caseView, mergeCaseView } from './case-view.js';
import type { NerBackend, NerModelInfo, NerRecognition } from './ner-backend.js';

/** Labels only a model serves well: a request for one of them fails (502) when the model cannot run. */
export const MODEL_ONLY_LABELS: readonly TextLabelName[] = ['PER', 'LOC', 'ORG'];

/**
 * Model spans rank below validated rule spans: a rule match scores 0.85–1, a model span at most 0.85, so where a
 * rule and the model disagree on an overlap (`Kessler Immobilien KG` vs. `Kessler` + `Immobilien KG`) the rule wins.
 */
export const MODEL_WEIGHT = 0.85;

/**
 * The mean tag probability a model span needs: one number, or one per language, read from the request's language or,
 * when that is `auto`, from the text's function words (`textLanguage`); the higher of the two when it cannot tell.
 */
export type ModelCutOff = number | Readonly<{ de: number; en: number }>;

/** The cut-off for one text. */
export function cutOffFor(cutOff: ModelCutOff, text: string, language: DetectContext['language']): number {
  if (typeof cutOff === 'number') return cutOff;
  const read = textLanguage(text, language);
  return read === 'auto' ? Math.max(cutOff.de, cutOff.en) : cutOff[read];
}

// Punctuation a model may tag as inside an entity but labels.md keeps outside (the dot of `e.V.` or `M.` stays).
const LEADING = /^[\s,;:!?()[\]{}"'„“”«»‚‘’-]+/u;
const TRAILING = /[\s,;:!?()[\]{}"'„“”«»‚‘’-]+$/u;

/** A closing bracket right after a span, at most two spaces away (`Narnia ( band` + ` )`). */
const CLOSING = /^[ \u00a0]{0,2}\)/u;

/**
 * Narrows a span so that it neither starts nor ends with punctuation or space, but keeps a bracket it opened closed:
 * `Narnia (band)`, `National Democratic Front (Iran)` are names with their bracket, and a replacement that leaves the
 * `)` behind reads broken.
 */
export function trimPunctuation(text: string, start: number, end: number): { start: number; end: number } {
  const body = text.slice(start, end);
  const lead = LEADING.exec(body)?.[0].length ?? 0;
  const trail = TRAILING.exec(body.slice(lead))?.[0].length ?? 0;
  const from = start + lead;
  const to = Math.max(from, end - trail);
  const kept = text.slice(from, to);
  if (kept.lastIndexOf('(') > kept.lastIndexOf(')')) {
    const closing = CLOSING.exec(text.slice(to, to + 3));
    if (closing) return { start: from, end: to + closing[0].length };
  }
  return { start: from, end: to };
}

/**
 * A model span cut at layout. At a line break it ends unless what follows the break passes `continues` (the model ran
 * on into the next line: `Morven Blackwood⏎Chief People`; a name broken over two lines, `Universitätsklinikum⏎
 * Wilhelmsburg`, stays whole). A wide gap inside a line separates columns, each piece a span of its own (`Farid
 * Benali      Samira Benali`). With `splitLines` (a person's span) the next line's words that go on are a piece of their own. A spaced dash ends a piece where what follows it does not pass `continues` (a role after
 * a name: `Bryan Hull - Analyst`; a firm of two partners, `Hegmann - Nienow`, passes). Pieces are trimmed of
 * punctuation; empty ones are left out.
 */
export function splitSpan(
  text: string,
  start: number,
  end: number,
  continues: (start: number, end: number) => boolean,
  splitLines = false,
): Array<{ start: number; end: number }> {
  // No name runs over a blank line, nor over more than one line break (a name wrapped once stays whole).
  const blank = BLANK_LINE.exec(text.slice(start, end));
  if (blank) end = start + blank.index;
  const line = LINE_BREAK.exec(text.slice(start, end));
  if (line) {
    const second = LINE_BREAK.exec(text.slice(start + line.index + line[0].length, end));
    if (second) end = start + line.index + line[0].length + second.index;
  }
  let stop = end;
  if (line) {
    const tail = trimPunctuation(text, start + line.index + line[0].length, end);
    // A tail followed by a colon is the next field's label (`Delta Dental of Arizona⏎Subscriber: …`); one after a blank
    // line starts another paragraph; one whose line goes on with a number starts an address line (`Kruno Horvat
    // Fabijan⏎Kardinala Alozija Stepinca 1`).
    const label = FIELD_COLON.test(text.slice(tail.end, tail.end + 4));
    const paragraph = BLANK_LINE.test(text.slice(start + line.index, tail.start));
    const numbered = NUMBER_ON_LINE.test(text.slice(tail.end, tail.end + 80));
    if (tail.end <= tail.start || label || paragraph || numbered || !continues(tail.start, tail.end)) stop = start + line.index;
    // A person's name is not run over a line break: the next line's words that go on are a piece of their own.
    else if (splitLines)
      return [
        ...splitSpan(text, start, start + line.index, continues),
        ...splitSpan(text, start + line.index + line[0].length, end, continues, true),
      ];
  }
  const pieces: Array<{ start: number; end: number }> = [];
  let from = start;
  for (const m of text.slice(start, stop).matchAll(COLUMN_GAP)) {
    pieces.push(trimPunctuation(text, from, start + m.index));
    from = start + m.index + m[0].length;
  }
  pieces.push(trimPunctuation(text, from, stop));
  return pieces
    .flatMap((p) => splitAtOpenBracket(text, p))
    .map((p) => cutAtDash(text, p, continues))
    .filter((p) => p.end > p.start);
}

/**
 * A piece split at a bracket it opens and never closes: `Laura ( Birthe` (of `Laura ( Birthe Wolter )`) is two names,
 * and a replacement across the bracket would read broken. A bracket closed right after the piece was taken in by
 * `trimPunctuation` (`Narnia ( band )`).
 */
function splitAtOpenBracket(text: string, piece: { start: number; end: number }): Array<{ start: number; end: number }> {
  const body = text.slice(piece.start, piece.end);
  const open = body.lastIndexOf('(');
  if (open < 0 || open < body.lastIndexOf(')')) return [piece];
  return [trimPunctuation(text, piece.start, piece.start + open), trimPunctuation(text, piece.start + open + 1, piece.end)];
}

/** A piece cut before the first spaced dash whose rest (up to the next one) does not pass `continues`. */
function cutAtDash(
  text: string,
  piece: { start: number; end: number },
  continues: (start: number, end: number) => boolean,
): { start: number; end: number } {
  const dashes = [...text.slice(piece.start, piece.end).matchAll(SPACED_DASH)].map((m) => [
    piece.start + m.index,
    piece.start + m.index + m[0].length,
  ]);
  for (const [i, [at, after]] of dashes.entries()) {
    const rest = trimPunctuation(text, after!, dashes[i + 1]?.[0] ?? piece.end);
    if (rest.end > rest.start && !continues(rest.start, rest.end)) return trimPunctuation(text, piece.start, at!);
  }
  return piece;
}

/**
 * A model span whose German compound is left open at its end (`Deutschen Patent- und`, `Wohnungs-`) is completed by
 * the capitalised word that follows (`… Markenamts`): the model often stops before it. A span that ends in a joining
 * word otherwise loses it.
 */
export function completeCompound(text: string, start: number, end: number): { start: number; end: number } {
  const after = OPEN_COMPOUND.test(text.slice(start, end)) ? COMPOUND_END.exec(text.slice(end, end + 60)) : null;
  if (after) return { start, end: end + after[0].length };
  // A hyphenated name goes on after the span: `Freiwillige Feuerwehr Oldenburg[-Ofenerdiek]`.
  const hyphened = HYPHEN_PART.exec(text.slice(end, end + 60));
  if (hyphened) return { start, end: end + hyphened[0].length };
  // Otherwise a joining word at the end is cut off: `Schreinerei Hoffmann and` names the firm without `and`.
  const joiner = TRAILING_JOINER.exec(text.slice(start, end));
  return joiner ? trimPunctuation(text, start, end - joiner[0].length) : { start, end };
}
const TRAILING_JOINER = /[ \t]+(?:und|and|oder|or|sowie|&|of|the|der|die|das|des|von|de|du)$/u;
const OPEN_COMPOUND = /\p{L}-(?:\s+(?:und|oder|bzw\.|sowie))?$/u;
const COMPOUND_END = /^\s+\p{Lu}[\p{L}\p{M}]*(?:-\p{L}[\p{L}\p{M}]*)*/u;
const HYPHEN_PART = /^(?:-\p{Lu}[\p{L}\p{M}]*)+(?![\p{L}\p{M}\p{N}-])/u;
const LINE_BREAK = /\r?\n/u;
const FIELD_COLON = /^[ \t]*:/u;
const BLANK_LINE = /\n[ \t]*\r?\n/u;
/** The rest of an address line: capitalised words, then a house number. */
const NUMBER_ON_LINE = /^(?:[ \t]+\p{Lu}[\p{L}\p{M}.'’-]*){0,4}[ \t]+\d/u;
const COLUMN_GAP = /\t|[ \u00a0]{3,}/gu;
const SPACED_DASH = /[ \u00a0]+[-–—][ \u00a0]+/gu;

/** Options of `nerRecognizer`. */
export interface NerRecognizerOptions {
  backend: NerBackend;
  id?: string;
  /** Default `MODEL_ONLY_LABELS`. */
  modelOnlyLabels?: readonly TextLabelName[];
  /** Spans scoring below this are dropped (default 0: only the engine's threshold applies). */
  minScore?: ModelCutOff;
  /**
   * Labels whose model spans are kept only where the text just before them matches (the regex must be anchored at
   * its end with `$`): a weak label of the model used only in a context that speaks for it.
   */
  contextGates?: Partial<Record<TextLabelName, RegExp>>;
  /** Cut model spans at line breaks and wide gaps (`splitSpan`): a name does not run on to the next line or column. */
  splitAtLayout?: boolean;
  /** Complete a German compound a span leaves open at its end (`completeCompound`). */
  completeCompounds?: boolean;
  /** A model span that is one word matching this (anchored) is dropped: common nouns the model takes for names. */
  dropWords?: RegExp;
  /**
   * Where the name of a model span (or of a piece of it) begins: words before it are cut off (`Call` of `Call Anna
   * Schmidt`); a piece left empty is dropped.
   */
  nameStart?: (text: string, start: number, end: number, label: TextLabelName) => number;
  /** A model span for which this holds is dropped: a test that needs the span's context or the text's language. */
  dropSpan?: (text: string, span: Span, language: DetectContext['language']) => boolean;
  /**
   * Also run the model on the text's case view (runs of words in capitals in Title Case, `case-view.ts`) and take its
   * spans over those words: for a model trained on mixed-case text. The filters then read the view.
   */
  caseView?: boolean;
}

/**
 * A Recognizer over a NER model. Its labels are the model's labels ∩ ours (before the model has loaded: the labels
 * its label map can produce). When the model cannot load or run, it answers 502 `TEXT_MODEL_UNAVAILABLE` only if
 * the request names a label that only the model serves (PER, LOC, ORG); otherwise it returns no spans, so that
 * labels the rules also serve (STR, DATE, MAIL …) keep working. With no model configured it returns no spans.
 */
export function nerRecognizer(options: NerRecognizerOptions): Recognizer {
  const { backend } = options;
  const id = options.id ?? 'ner';
  const modelOnly = new Set(options.modelOnlyLabels ?? MODEL_ONLY_LABELS);
  const minScore = options.minScore ?? 0;
  const gates = options.contextGates ?? {};
  const dropWords = options.dropWords;
  const splitAtLayout = options.splitAtLayout ?? false;
  const completeCompounds = options.completeCompounds ?? false;
  const dropSpan = options.dropSpan;
  const nameStart = options.nameStart;
  const withCaseView = options.caseView ?? false;
  let info: NerModelInfo | null | undefined;

  return {
    id,
    get labels(): readonly TextLabelName[] {
      return info ? info.labels : info === null ? [] : backend.declaredLabels;
    },
    startsEarly: true,
    detect(original: string, ctx: DetectContext): Promise<Span[]> {
      // Only a request for one of its labels runs the model (and fails without it); it then serves all it is asked.
      const wanted = (info?.labels ?? backend.declaredLabels).filter((l) => (ctx.requested ?? ctx.labels).has(l));
      if (wanted.length === 0 || original.length === 0) return Promise.resolve([]);
      // Same length as the original, unit for unit: the model's offsets and the filters' slices hold for both.
      const text = withCaseView ? caseView(original) : original;
      const cutOff = cutOffFor(minScore, original, ctx.language);
      const recognize = (): Promise<NerRecognition> =>
        text === original
          ? backend.recognize(text)
          : Promise.all([backend.recognize(original), backend.recognize(text)]).then(([plain, viewed]) => ({
              ...plain,
              entities: mergeCaseView(original, text, plain.entities, viewed.entities),
            }));
      // Once the model is loaded the request leaves before detect returns (no await first): a worker backend then
      // runs the model while the pipeline runs the rules.
      let recognition: Promise<NerRecognition | null>;
      try {
        recognition = info
          ? recognize()
          : backend.load().then((loaded) => {
              info = loaded;
              return loaded ? recognize() : null;
            });
      } catch (err) {
        // A backend that throws at once (no worker could start) fails like one that rejects.
        recognition = Promise.reject(err);
      }
      return recognition.then(
        async (result) => {
          // The filters read the word lists, which `analyze` may still be loading on its first call.
          await ensureLexicons();
          return (result?.entities ?? [])
            .filter((e) => ctx.labels.has(e.label) && e.score >= cutOff)
            .filter((e) => gates[e.label]?.test(text.slice(Math.max(0, e.start - 24), e.start)) ?? true)
            .flatMap((e) => {
              const kept = (start: number, end: number): boolean => {
                const span = { start, end, label: e.label, score: e.score * MODEL_WEIGHT, source: id };
                return !(dropWords && dropWords.test(text.slice(start, end))) && !dropSpan?.(text, span, ctx.language);
              };
              const pieces = (
                splitAtLayout ? splitSpan(text, e.start, e.end, kept, e.label === 'PER') : [trimPunctuation(text, e.start, e.end)]
              ).map((p) => (completeCompounds ? completeCompound(text, p.start, p.end) : p));
              return pieces
                .map((p) => (nameStart ? { start: nameStart(text, p.start, p.end, e.label), end: p.end } : p))
                .filter((p) => p.end > p.start && kept(p.start, p.end))
                .map((p) => ({ ...p, label: e.label, score: e.score * MODEL_WEIGHT, source: id }));
            });
        },
        (err: unknown) => {
          if (!wanted.some((l) => modelOnly.has(l))) return [];
          throw err instanceof AnonymizerError && err.status === 502 ? err : textModelUnavailable();
        },
      );
    },
  };
}
