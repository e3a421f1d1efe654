import type { TextLabelName } from '../spec/types.js';
import { TEXT_LABELS } from '../spec/types.js';
import { dateRespellings } from './date-spellings.js';
import type { Vault, VaultEntity } from './vault.js';

/*
 * What restore looks for, built once from a vault: the `LABEL-n` placeholders by label and number, and the
 * surrogates' texts (every form's replacement, and the single words of a person's, firm's or place's surrogate, so
 * that `Becker` alone, or `Beckers`, comes back as `Schmidt`/`Schmidts` even when the prompt never named her so).
 */

/** One text restore puts back, and the entity it belongs to (for the report). */
export interface RestoreTarget {
  original: string;
  entity: VaultEntity;
}

/** A surrogate text restore looks for. `target` null: two entities go by it, so it is never restored (`unplaced`). */
export interface SurrogateKey {
  /** As written in the vault. */
  text: string;
  target: RestoreTarget | null;
}

export interface RestoreTable {
  /** `PER-1` → its entity, by `LABEL-n` in capitals. */
  placeholders: ReadonlyMap<string, RestoreTarget>;
  /** Surrogate texts by their key (`surrogateKey`), longest first when iterated. */
  surrogates: ReadonlyMap<string, SurrogateKey>;
  /** Labels whose `LABEL-n` shape is read as a placeholder (all labels: an unknown `PER-9` is reported). */
  labels: readonly TextLabelName[];
}

/** `PER-1`: the spec's placeholder shape, as the session writes it. */
export const LABEL_PLACEHOLDER = new RegExp(`^(${TEXT_LABELS.join('|')})-([1-9]\\d*)$`);

/** How surrogate texts are compared: case-folded, runs of white space as one space. */
export function surrogateKey(s: string): string {
  return s.toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** Words of a surrogate that stand for a word of the original alone: letters, at least three of them. */
const PART_WORD = /^[\p{L}][\p{L}'-]{2,}$/u;
const PART_LABELS: ReadonlySet<TextLabelName> = new Set(['PER', 'ORG', 'LOC', 'STR']);

/** Builds the table of `vault`. */
export function restoreTable(vault: Vault): RestoreTable {
  const placeholders = new Map<string, RestoreTarget>();
  const found = new Map<string, { text: string; targets: RestoreTarget[]; exact: boolean }>();
  const add = (text: string, target: RestoreTarget, exact: boolean) => {
    const key = surrogateKey(text);
    if (key === '' || key === surrogateKey(target.original)) return;
    const entry = found.get(key);
    if (!entry) {
      found.set(key, { text, targets: [target], exact });
      return;
    }
    // A form written in the text that left the device outranks a word derived from a whole surrogate.
    if (exact && !entry.exact) found.set(key, { text, targets: [target], exact });
    // The same original from two entities (one date in two spellings) is no ambiguity.
    else if (exact === entry.exact && !entry.targets.some((t) => t.original === target.original)) entry.targets.push(target);
  };

  for (const entity of vault.entities) {
    if (LABEL_PLACEHOLDER.test(entity.placeholder)) {
      placeholders.set(entity.placeholder, { original: entity.original, entity });
      continue;
    }
    add(entity.placeholder, { original: entity.original, entity }, true);
    for (const form of entity.forms)
      if (!LABEL_PLACEHOLDER.test(form.replacement)) add(form.replacement, { original: form.original, entity }, true);
  }
  // A surrogate date in the other spellings a model may rewrite it in (an answer in the other language).
  for (const entity of vault.entities) {
    if (entity.label !== 'DATE' || LABEL_PLACEHOLDER.test(entity.placeholder)) continue;
    for (const form of entity.forms)
      for (const [fake, real] of dateRespellings(form.replacement, form.original)) add(fake, { original: real, entity }, false);
  }
  // Single words of a surrogate, aligned with the original's (the generator keeps the word count and roles).
  for (const entity of vault.entities) {
    if (!PART_LABELS.has(entity.label) || LABEL_PLACEHOLDER.test(entity.placeholder)) continue;
    for (const form of [{ original: entity.original, replacement: entity.placeholder }, ...entity.forms]) {
      const fake = form.replacement.split(/\s+/u);
      const real = form.original.split(/\s+/u);
      if (fake.length !== real.length || fake.length < 2) continue;
      fake.forEach((word, i) => {
        const w = word.replace(/,$/u, '');
        const r = real[i]!.replace(/,$/u, '');
        // Both words of a name: `und` written for `&` is no name, and would put `&` into every `und` of the answer.
        if (PART_WORD.test(w) && PART_WORD.test(r) && w.toLowerCase() !== r.toLowerCase()) add(w, { original: r, entity }, false);
      });
    }
  }

  const surrogates = new Map<string, SurrogateKey>();
  for (const [key, { text, targets }] of [...found].sort((a, b) => b[0].length - a[0].length)) {
    surrogates.set(key, { text, target: targets.length === 1 ? targets[0]! : null });
  }
  return { placeholders, surrogates, labels: TEXT_LABELS };
}
