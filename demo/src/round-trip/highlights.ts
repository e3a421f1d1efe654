// The round trip's highlights, drawn by the playground's own code (text-playground/entities.ts): the prompt's originals
// and their placeholders in the text that leaves the device, and the originals restore put back into an answer.
import type { PseudonymizedText } from '../../../src/browser.ts';
import type { Vault, VaultEntity } from '../../../src/roundtrip/vault.ts';
import type { Entity } from '../text-playground/entities.ts';
import { highlighted, outputRanges, tipOf } from '../text-playground/entities.ts';

/** A turn's detections as the playground's entities: each replaced by its placeholder. */
function turnEntities(result: PseudonymizedText): Entity[] {
  return result.detection.detections.map((d, index) => ({ ...d, index, replacement: d.pseudonym ?? '' }));
}

/** The prompt with its originals marked, and what leaves the device with their placeholders marked (same `data-k`). */
export function turnViews(prompt: string, result: PseudonymizedText): { original: DocumentFragment; outgoing: DocumentFragment | string } {
  const entities = turnEntities(result);
  const tips = entities.map((e) => tipOf(e, false));
  const original = highlighted(
    prompt,
    entities.map((e) => [e.startChar, e.stopChar] as const),
    entities,
    tips,
  );
  const ranges = outputRanges(prompt, result.pseudonymizedText, entities);
  return { original, outgoing: ranges ? highlighted(result.pseudonymizedText, ranges, entities, tips) : result.pseudonymizedText };
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&');
const WORD_LABELS = new Set(['PER', 'ORG', 'LOC', 'STR']);
/** An ending restore keeps after an original (`Max Mustermanns`, `Max Mustermann's`): not marked. */
const ENDING = String.raw`(?:['\u2019]s|['\u2019]|es|s)?`;

/**
 * The restored answer with the vault's originals marked, each with the placeholder it came back from. An answer made
 * from the pseudonymized prompt holds an original only where restore put it (as written, in capitals, or a part of a
 * name that came back from a surrogate's part).
 */
export function restoredView(text: string, vault: Vault): DocumentFragment | string {
  const owners = new Map<string, VaultEntity>();
  for (const e of vault.entities) {
    const names = [e.original, ...e.forms.map((f) => f.original)];
    if (vault.style === 'surrogates' && WORD_LABELS.has(e.label)) names.push(...e.original.split(/\s+/u).filter((w) => w.length >= 3));
    for (const n of names) if (!owners.has(n.toLowerCase())) owners.set(n.toLowerCase(), e);
  }
  if (owners.size === 0 || text === '') return text;
  const alternatives = [...owners.keys()]
    .sort((a, b) => b.length - a.length)
    .map((n) =>
      n
        .split(/\s+/u)
        .map(escapeRegex)
        .join(String.raw`\s+`),
    );
  const pattern = new RegExp(String.raw`(?<![\p{L}\p{N}_])(?:${alternatives.join('|')})(?=${ENDING}(?![\p{L}\p{N}_]))`, 'giu');
  const entities: Entity[] = [];
  const ranges: Array<[number, number]> = [];
  for (const m of text.matchAll(pattern)) {
    const owner = owners.get(m[0].toLowerCase().replace(/\s+/gu, ' ')) ?? owners.get(m[0].toLowerCase());
    if (!owner) continue;
    const start = m.index;
    const stop = start + m[0].length;
    ranges.push([start, stop]);
    entities.push({
      startChar: start,
      stopChar: stop,
      label: owner.label,
      text: owner.placeholder,
      pseudonym: owner.placeholder,
      index: entities.length,
      replacement: m[0],
    });
  }
  const tips = entities.map((e) => `${tipOf(e, false)}\nrestored on this device`);
  return entities.length === 0 ? text : highlighted(text, ranges, entities, tips);
}
