/**
 * Consistency of pseudonyms over a record (issue 35): the gold mentions are grouped into entities, and a mention is
 * consistent when the detection over it carries its entity's pseudonym (the one most of its mentions got). Entities of
 * one mention count for nothing; a mention no detection covers counts as inconsistent (its text is left in clear).
 *
 * Gold entities: the eval sets mark mentions, not coreference. Mentions of one label join when their texts, compared
 * word by word in lower case (a genitive `s` and edge punctuation aside), are equal, or, for people, organisations and
 * places, one's words are all words of the other (`Krämer` of `Sabine Krämer`, `Hartmann Logistik` of `Hartmann
 * Logistik GmbH`); a short mention that two longer ones share (`Koch` of `Anna Koch` and `Peter Koch`) joins neither.
 */
import type { GoldEntity } from './types.js';

/** A detection mapped back onto the record, with the pseudonym (or replacement) it got. */
export interface PseudonymSpan {
  start: number;
  end: number;
  pseudonym: string | null;
}

export interface Consistency {
  /** Mentions of entities with more than one mention. */
  mentions: number;
  /** Of those, the mentions whose detection carries their entity's pseudonym. */
  consistent: number;
  /** The others, each with what it got and what its entity got. */
  misses: Array<{ mention: GoldEntity; got: string | null; entity: string | undefined }>;
}

const wordsOf = (s: string) =>
  s
    .toLowerCase()
    .split(/\s+/u)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').replace(/['’]s?$/u, ''))
    .filter((w) => w.length > 0);

/** Labels whose mentions name an entity by a part of its name; others (a date, a number) are one entity when equal. */
const NAME_LABELS: ReadonlySet<string> = new Set(['PER', 'ORG', 'LOC']);

const same = (a: readonly string[], b: readonly string[]) => a.join(' ') === b.join(' ');

function contains(long: readonly string[], short: readonly string[]): boolean {
  return short.every((w) => long.some((l) => l === w || l === `${w}s` || w === `${l}s`));
}

/** Gold mentions grouped into entities (indices into `gold`). */
export function goldEntities(text: string, gold: readonly GoldEntity[]): number[][] {
  const parent = gold.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const words = gold.map((g) => wordsOf(text.slice(g.start, g.end)));
  gold.forEach((a, i) => {
    // The longer mentions that hold all of this one's words: exactly one entity among them, or none joins.
    const names = NAME_LABELS.has(a.label);
    const holders = gold
      .map((b, j) => ({ b, j }))
      .filter(({ b, j }) => j !== i && b.label === a.label && words[i]!.length > 0 && (names ? contains : same)(words[j]!, words[i]!));
    const exact = holders.filter(({ j }) => contains(words[i]!, words[j]!));
    for (const { j } of exact) parent[find(j)] = find(i);
    const longer = [...new Set(holders.filter(({ j }) => !exact.some((e) => e.j === j)).map(({ j }) => find(j)))];
    const distinct = new Set(longer.map((j) => words[j]!.join(' ')));
    if (distinct.size === 1) for (const j of longer) parent[find(j)] = find(i);
  });
  const groups = new Map<number, number[]>();
  gold.forEach((_, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), i]));
  return [...groups.values()];
}

/** How consistently the detections over the record's gold mentions name their entities. */
export function consistencyOf(text: string, gold: readonly GoldEntity[], pred: readonly PseudonymSpan[]): Consistency {
  const pseudonymAt = (g: GoldEntity) => {
    const over = pred.filter((p) => p.start < g.end && g.start < p.end);
    return over.length === 1 ? over[0]!.pseudonym : null;
  };
  let mentions = 0;
  let consistent = 0;
  const misses: Consistency['misses'] = [];
  for (const entity of goldEntities(text, gold)) {
    if (entity.length < 2) continue;
    const got = entity.map((i) => pseudonymAt(gold[i]!));
    const counts = new Map<string, number>();
    for (const p of got) if (p !== null) counts.set(p, (counts.get(p) ?? 0) + 1);
    const major = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
    mentions += entity.length;
    consistent += got.filter((p) => p !== null && p === major).length;
    entity.forEach((i, k) =>
      got[k] === null || got[k] !== major ? misses.push({ mention: gold[i]!, got: got[k]!, entity: major }) : undefined,
    );
  }
  return { mentions, consistent, misses };
}
