import type { Detection, ExternalUploadConfig, PseudonymizedText, TextLabelName } from '../spec/types.js';
import { TEXT_LABELS } from '../spec/types.js';
import type { Anonymizer } from '../engine/text-engine.js';
import { ensureLexicons } from '../detection/lexicons/store.js';
import { readLanguage } from '../detection/text-language.js';
import { propagatesAsIdentifier } from '../detection/propagate.js';
import { mentionParts } from '../entities/name-parts.js';
import { nameKey } from '../entities/split-mentions.js';
import { needleOf, originalRange, searchTextOf, wordMatches } from '../text/word-search.js';
import type { RestoreResult } from '../roundtrip/restore.js';
import { RestoreStream, restoreText } from '../roundtrip/restore.js';
import { surrogateFor, type SurrogateLocale } from '../roundtrip/surrogates/index.js';
import type { PlaceholderStyle, Vault, VaultEntity, VaultScope } from '../roundtrip/vault.js';
import { emptyVault } from '../roundtrip/vault.js';
import { surrogateForm } from './forms.js';

/** How a session starts. */
export interface SessionOptions {
  /** `labels` (default): `PER-1`; `surrogates`: realistic fake values. An existing `vault` keeps its own style. */
  style?: PlaceholderStyle;
  /** `conversation` (default); `none`: every turn gets a fresh mapping (turns cannot be linked). */
  scope?: VaultScope;
  /** The mapping of earlier turns (a vault file, an IndexedDB record): the conversation goes on where it stood. */
  vault?: Vault;
  /** Labels each turn detects (default: all). */
  labels?: readonly TextLabelName[];
  /** Lists and recognizers of an upload configuration (its per-label replacements do not apply: the session replaces). */
  config?: ExternalUploadConfig | null;
  /** Surrogates: days every date moves (default: a random shift of 30 to 400 days either way, once per vault). */
  dateShiftDays?: number;
  /** A vault's lifetime from its creation (default: none). */
  ttlMs?: number | null;
  /** Uniform in [0, 1) (default: the platform's crypto). */
  random?: () => number;
}

/** One turn's call. */
export interface PseudonymizeOptions {
  labels?: readonly TextLabelName[];
  signal?: AbortSignal;
}

/**
 * One conversation with a remote language model: each turn is pseudonymized with one mapping (the same person is
 * `PER-1`, or `Julia Becker`, in every turn, a later mention by surname alone too), and the model's answers are
 * restored on the device. Turns are taken one at a time, in the order they are given.
 */
export interface RoundTripSession {
  readonly style: PlaceholderStyle;
  readonly scope: VaultScope;
  /** The spec's `PseudonymizedText`: what may leave the device, and each detection with its placeholder. */
  pseudonymize(text: string, options?: PseudonymizeOptions): Promise<PseudonymizedText>;
  /** The answer with every placeholder of the vault put back, and a report. */
  restore(text: string): RestoreResult;
  /** Restores a streamed answer chunk by chunk (`report` settles at its end). */
  restoreStream(): RestoreStream;
  /** A copy of the vault, to keep (it is personal data: see `Vault`). */
  vault(): Vault;
  /** Forgets the mapping: later turns start afresh, earlier answers can no longer be restored. */
  clear(): void;
}

const NAME_LABELS: ReadonlySet<TextLabelName> = new Set(['PER', 'ORG', 'LOC']);
const defaultRandom = (): number => globalThis.crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;

interface Mention {
  start: number;
  end: number;
  label: TextLabelName;
  text: string;
}

/** Starts a session over a text engine (`createAnonymizer()` of either platform, or the local service's). */
export function createSession(anonymizer: Pick<Anonymizer, 'text'>, options: SessionOptions = {}): RoundTripSession {
  const random = options.random ?? defaultRandom;
  const style = options.vault?.style ?? options.style ?? 'labels';
  const scope = options.vault?.scope ?? options.scope ?? 'conversation';
  const fresh = (): Vault => {
    const shift = options.dateShiftDays ?? (random() < 0.5 ? -1 : 1) * (30 + Math.floor(random() * 371));
    return emptyVault(style, { scope, dateShiftDays: style === 'surrogates' ? shift : 0, ttlMs: options.ttlMs ?? null });
  };
  let vault: Vault = options.vault ? structuredClone(options.vault) : fresh();
  let queue: Promise<unknown> = Promise.resolve();

  async function turn(text: string, call: PseudonymizeOptions): Promise<PseudonymizedText> {
    if (scope === 'none') vault = fresh();
    const labels = call.labels ?? options.labels ?? TEXT_LABELS;
    const result = await anonymizer.text(
      { text, textLabels: [...labels], usePseudonyms: true },
      { config: sessionConfig(options.config), ...(call.signal ? { signal: call.signal } : {}) },
    );
    if (style === 'surrogates') await ensureLexicons();
    const locale: SurrogateLocale = readLanguage(text) === 'de' ? 'de' : 'en';

    // The turn's entities as the engine grouped them (one pseudonym each), then each linked to the vault's.
    const groups = new Map<string, Mention[]>();
    for (const d of result.detection.detections) {
      const key = d.pseudonym ?? `${d.label}@${d.startChar}`;
      groups.set(key, [...(groups.get(key) ?? []), mentionOf(d)]);
    }
    const owner = new Map<Mention, VaultEntity>();
    for (const mentions of groups.values()) {
      const entity = linked(vault, mentions) ?? created(mentions, locale);
      for (const m of mentions) owner.set(m, entity);
    }
    // Forms of the vault's names the detection did not find in this turn (`Schmidt` alone, two turns later).
    for (const m of furtherMentions(vault, text, [...owner.keys()])) owner.set(m.mention, m.entity);

    const mentions = [...owner.keys()].sort((a, b) => a.start - b.start);
    const replaced = mentions.map((m) => replacementOf(owner.get(m)!, m, locale));
    vault.updatedAt = new Date().toISOString();
    const parts: string[] = [];
    let cursor = 0;
    mentions.forEach((m, i) => {
      parts.push(text.slice(cursor, m.start), replaced[i]!);
      cursor = m.end;
    });
    parts.push(text.slice(cursor));
    const detections: Detection[] = mentions.map((m, i) => ({
      startChar: m.start,
      stopChar: m.end,
      label: owner.get(m)!.label,
      text: m.text,
      pseudonym: replaced[i]!,
    }));
    return { pseudonymizedText: parts.join(''), detection: { tokenCount: result.detection.tokenCount, detections } };
  }

  /** A new entity of the vault for a turn's group, numbered after the label's last. */
  function created(mentions: readonly Mention[], locale: SurrogateLocale): VaultEntity {
    const label = mentions[0]!.label;
    const fullest = fullestOf(mentions.map((m) => m.text));
    const number = Math.max(0, ...vault.entities.filter((e) => e.label === label).map((e) => e.number)) + 1;
    const labelPlaceholder = `${label}-${number}`;
    const placeholder =
      style === 'surrogates' ? (surrogateFor(label, fullest, surrogateContext(locale)) ?? labelPlaceholder) : labelPlaceholder;
    const entity: VaultEntity = { label, number, placeholder, original: fullest, forms: [{ original: fullest, replacement: placeholder }] };
    vault.entities.push(entity);
    return entity;
  }

  function surrogateContext(locale: SurrogateLocale) {
    return { random, locale, taken: takenWords(vault), dateShiftDays: vault.dateShiftDays };
  }

  /** What one mention becomes, recorded as a form of its entity. */
  function replacementOf(entity: VaultEntity, m: Mention, locale: SurrogateLocale): string {
    const known = entity.forms.find((f) => f.original === m.text);
    if (known) return known.replacement;
    if (m.text.length > entity.original.length && m.text.includes(entity.original.split(/\s+/u).at(-1)!)) widen(entity, m.text, locale);
    let replacement = entity.placeholder;
    if (style === 'surrogates' && entity.placeholder !== `${entity.label}-${entity.number}`) {
      replacement =
        surrogateForm(m.text, entity.original, entity.placeholder) ??
        surrogateFor(entity.label, m.text, surrogateContext(locale)) ??
        `${entity.label}-${entity.number}`;
    }
    entity.forms.push({ original: m.text, replacement });
    entity.forms.sort((a, b) => b.original.length - a.original.length);
    return replacement;
  }

  /**
   * A fuller form of a known entity (`Anna Schmidt` after `Schmidt`): it becomes the entity's original, and in the
   * surrogates style its surrogate keeps the words already given out (`Becker` → `Julia Becker`).
   */
  function widen(entity: VaultEntity, form: string, locale: SurrogateLocale): void {
    if (style === 'surrogates' && entity.placeholder !== `${entity.label}-${entity.number}`) {
      const drawn = surrogateFor(entity.label, form, surrogateContext(locale));
      const fresh = drawn?.split(/\s+/u);
      const words = form.split(/\s+/u);
      const known = entity.original.split(/\s+/u);
      const fake = entity.placeholder.split(/\s+/u);
      const at = words.findIndex((_, i) => known.every((w, j) => words[i + j]?.toLowerCase() === w.toLowerCase()));
      if (!fresh || fresh.length !== words.length || at < 0 || fake.length !== known.length) return;
      fake.forEach((w, j) => (fresh[at + j] = w));
      entity.placeholder = fresh.join(' ');
      entity.forms.push({ original: form, replacement: entity.placeholder });
    }
    entity.original = form;
  }

  return {
    style,
    scope,
    pseudonymize(text, call = {}) {
      const next = queue.then(() => turn(text, call));
      queue = next.catch(() => undefined);
      return next;
    },
    restore: (text) => restoreText(vault, text),
    restoreStream: () => new RestoreStream(vault),
    vault: () => structuredClone(vault),
    clear() {
      vault = fresh();
    },
  };
}

/** The upload configuration a session runs with: lists and recognizers, without per-label replacements. */
function sessionConfig(config: ExternalUploadConfig | null | undefined): ExternalUploadConfig | null {
  const text = config?.textAnonymization;
  if (!text) return null;
  return { ...config, textAnonymization: { ...text, labelsConfig: text.labelsConfig?.map(({ name }) => ({ name })) ?? null } };
}

function mentionOf(d: Detection): Mention {
  return { start: d.startChar, end: d.stopChar, label: d.label, text: d.text };
}

/** The fullest of some forms: most words, then longest. */
function fullestOf(forms: readonly string[]): string {
  const words = (s: string) => s.trim().split(/\s+/u).length;
  return [...forms].sort((a, b) => words(b) - words(a) || b.length - a.length)[0]!;
}

/** Surrogates and their words already given out (lower case): a new one must differ from all. */
function takenWords(vault: Vault): Set<string> {
  const taken = new Set<string>();
  for (const e of vault.entities)
    for (const f of [{ replacement: e.placeholder }, ...e.forms]) {
      taken.add(f.replacement.toLowerCase());
      for (const w of f.replacement.split(/\s+/u)) taken.add(w.toLowerCase());
    }
  return taken;
}

/** The names by which a vault entity is known: its forms, and for names their parts (surname, given name …). */
function namesOf(e: VaultEntity): string[] {
  const out = e.forms.map((f) => f.original);
  if (NAME_LABELS.has(e.label)) for (const f of e.forms) out.push(...mentionParts(e.label, f.original, 'auto').parts);
  return out;
}

/**
 * The vault entity a turn's group is: one with a form of the same label equal to one of its mentions, else (names)
 * the one, of any name label, whose names hold a mention or a part of one. Ambiguous parts go to the latest entity.
 */
function linked(vault: Vault, mentions: readonly Mention[]): VaultEntity | null {
  const label = mentions[0]!.label;
  // A German genitive written onto the name (`Schmidts`) is the name.
  const keys = new Set(mentions.flatMap((m) => [nameKey(m.text), ...(label === 'PER' ? [nameKey(m.text).replace(/s$/u, '')] : [])]));
  for (let i = vault.entities.length - 1; i >= 0; i--) {
    const e = vault.entities[i]!;
    if (e.label === label && e.forms.some((f) => keys.has(nameKey(f.original)))) return e;
  }
  if (!NAME_LABELS.has(label)) return null;
  for (const m of mentions) for (const p of mentionParts(label, m.text, 'auto').parts) keys.add(nameKey(p));
  for (let i = vault.entities.length - 1; i >= 0; i--) {
    const e = vault.entities[i]!;
    if (!NAME_LABELS.has(e.label)) continue;
    const names = new Set(namesOf(e).map(nameKey));
    if ([...keys].some((k) => names.has(k)) && (e.label === label || mentions.every((m) => names.has(nameKey(m.text))))) return e;
  }
  return null;
}

/** Occurrences of the vault's names and identifiers in `text` that no mention covers. */
function furtherMentions(vault: Vault, text: string, known: readonly Mention[]): Array<{ mention: Mention; entity: VaultEntity }> {
  const byName = new Map<string, VaultEntity | null>();
  for (const e of vault.entities) {
    if (!NAME_LABELS.has(e.label) && !(e.label === 'OTH' && e.forms.some((f) => propagatesAsIdentifier(f.original)))) continue;
    for (const name of namesOf(e)) {
      const prior = byName.get(name);
      byName.set(name, prior === undefined || prior === e ? e : null);
    }
  }
  const taken = [...known];
  const out: Array<{ mention: Mention; entity: VaultEntity }> = [];
  const h = searchTextOf(text);
  for (const [name, entity] of [...byName].sort((a, b) => b[0].length - a[0].length)) {
    const needle = entity ? needleOf(name) : null;
    if (!entity || !needle) continue;
    for (const found of wordMatches(h, needle)) {
      const { start, end } = originalRange(h, found.start, found.end);
      if (taken.some((m) => m.start < end && start < m.end)) continue;
      const mention: Mention = { start, end, label: entity.label, text: text.slice(start, end) };
      taken.push(mention);
      out.push({ mention, entity });
    }
  }
  return out;
}
