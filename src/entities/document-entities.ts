import type { TextLabelName } from '../spec/types.js';
import type { Span } from '../text/span.js';
import { indexByStart } from '../text/span.js';
import { needleOf, originalRange, searchTextOf, wordMatches } from '../text/word-search.js';
import type { Edit } from '../replacement/apply.js';
import { replacementOf } from '../replacement/apply.js';
import type { ReplacementPlan } from '../replacement/plan.js';
import type { Pseudonymizer } from '../replacement/pseudonyms.js';
import { createPseudonymizer, formatPseudonym } from '../replacement/pseudonyms.js';
import { withoutLegalForm } from '../detection/organisations/context-orgs.js';
import { propagatesAsIdentifier } from '../detection/propagate.js';
import { introducedAcronym, mentionParts, type NameLanguage } from './name-parts.js';
import { joinsParties, nameKey, splitMentions, type KnownName, type KnownNames } from './split-mentions.js';

/** One text of a document (a paragraph, a page's OCR text, a header) with its edits. */
export interface EntityUnit {
  text: string;
  edits: readonly Edit[];
}

/**
 * The entities of one request or one document (decisions.md, "One entity, one pseudonym"): mentions are grouped into
 * people, organisations and places, and every mention, found by a recognizer or as a further occurrence of any part
 * of a known name, carries its entity's label, `crId` and pseudonym. Stateful: a document's texts are given in reading
 * order, over as many calls as its format needs.
 */
export interface DocumentEntities extends Pseudonymizer {
  /**
   * Before replacement: name spans read against the names known so far and in these spans (`splitMentions`): a span
   * joining two known parties becomes two, words no name contains are cut off.
   */
  prepare(text: string, spans: readonly Span[]): Span[];
  /**
   * After replacement: every further occurrence of an entity's name or part in `units` becomes a mention of it (the
   * one matcher of redaction and verification, `text/word-search.ts`); a mention of a weaker entity that is a part of
   * a stronger one joins it (a lone surname the model called ORG joins the person); pseudonyms are numbered in reading
   * order. Returns each unit's edits, sorted. Settling a unit again changes nothing.
   */
  settle(units: readonly EntityUnit[]): Edit[][];
}

/**
 * Which mentions' texts are sought elsewhere. `every-string` (documents): every replaced string, as verification
 * searches every one of them and fails closed where one survives. `names` (a text request): names of people, firms and
 * places, and identifiers (`propagatesAsIdentifier`), whose text begins and ends with a letter or digit, never as a
 * part of a hyphenated compound, as detection's own propagation reads them; a date or a model's `Pat.` found once is
 * not copied. Parts of names are sought in both.
 */
export interface EntityOptions {
  further: 'every-string' | 'names';
}

/** Whether a mention's text is sought elsewhere under `further: 'names'`. */
function soughtAsName(label: TextLabelName, raw: string): boolean {
  if (!/^[\p{L}\p{N}]/u.test(raw) || !/[\p{L}\p{N}]$/u.test(raw)) return false;
  return NAME_LABELS.has(label) || (label === 'OTH' && propagatesAsIdentifier(raw));
}

/**
 * A hyphen joins the occurrence to a word (`HNO-Bereich`, `Schmidt-Meier`): a compound, not a mention, to detection's
 * propagation. (Verification reads the hyphen as a boundary, so in documents such occurrences are replaced too.)
 */
function hyphenJoined(text: string, start: number, end: number): boolean {
  return (
    (text[end] === '-' && /[\p{L}\p{N}]/u.test(text[end + 1] ?? '')) ||
    (text[start - 1] === '-' && /[\p{L}\p{N}]/u.test(text[start - 2] ?? ''))
  );
}

const LINE_BREAK = /[\n\r\u2028\u2029]/u;

/** Provisional crIds (before `settle`) are kept apart from final ones. */
const PROVISIONAL = 2 ** 30;
/** A further occurrence scores a little below the entity's best mention. */
const FURTHER_FACTOR = 0.95;
const NAME_LABELS: ReadonlySet<TextLabelName> = new Set(['PER', 'ORG', 'LOC']);
/**
 * Whether a mention may name two parties at once (`splitMentions` leaves it whole where they are not known yet): its
 * own parts are not trusted. Not a firm named with its legal form (`Bosshardt & Frey AG`).
 */
function mayJoin(label: TextLabelName, surface: string): boolean {
  return !(label === 'ORG' && withoutLegalForm(surface) !== null) && joinsParties(surface);
}

interface Group {
  parent: Group | null;
  label: TextLabelName;
  /** When it was last mentioned (a clock over all mentions): an ambiguous part with no mention nearby goes to the latest. */
  seen: number;
  /** Strength of its strongest mention (`Rank`); 3 for a blacklist entry. */
  rank: number;
  score: number;
  /** Its mentions' texts and the parts they name it by, by `nameKey`, as written. */
  forms: Map<string, string>;
  parts: Map<string, string>;
  final: { crId: number; number: number } | null;
}

function root(g: Group): Group {
  while (g.parent) g = g.parent;
  return g;
}

/** The spelling with the fewest capitals: the matcher lets a capital of the needle stand as a capital only. */
function looser(a: string | undefined, b: string): string {
  const caps = (s: string) => s.replace(/[^\p{Lu}]/gu, '').length;
  return a === undefined || caps(b) < caps(a) ? b : a;
}

/** Creates the entities of one request or one document; `plan` decides what a mention is replaced with. */
export function createDocumentEntities(
  plan: ReplacementPlan,
  language: NameLanguage = 'auto',
  options: EntityOptions = { further: 'every-string' },
): DocumentEntities {
  const provisional = createPseudonymizer();
  const groups: Group[] = [];
  const byProvisional = new Map<number, Group>();
  const byFinal = new Map<number, Group>();
  const settled = new WeakMap<Edit, Group>();
  const numbers = new Map<TextLabelName, number>();
  let nextCrId = 0;
  let clock = 0;

  function create(label: TextLabelName): Group {
    const g: Group = { parent: null, seen: 0, label, rank: 0, score: 0, forms: new Map(), parts: new Map(), final: null };
    groups.push(g);
    return g;
  }

  function groupOf(e: Edit): Group {
    const known = settled.get(e) ?? (e.crId >= PROVISIONAL ? byProvisional.get(e.crId) : byFinal.get(e.crId));
    if (known) return known;
    const g = create(e.label);
    if (e.crId >= PROVISIONAL) byProvisional.set(e.crId, g);
    return g;
  }

  /** What a mention adds to its group: its text, rank and parts, and an acronym introduced right after it. */
  function learn(g: Group, e: Edit, after: string): void {
    const key = nameKey(e.original);
    g.forms.set(key, looser(g.forms.get(key), e.original));
    g.score = Math.max(g.score, e.score);
    if (e.source === 'blacklist') g.rank = 3;
    if (!NAME_LABELS.has(e.label) || e.label !== g.label || mayJoin(e.label, e.original)) return;
    const { rank, parts } = mentionParts(e.label, e.original, language);
    g.rank = Math.max(g.rank, rank);
    for (const p of parts) g.parts.set(nameKey(p), looser(g.parts.get(nameKey(p)), p));
    const acronym = e.label === 'ORG' ? introducedAcronym(after) : null;
    if (acronym) {
      g.parts.set(nameKey(acronym), acronym);
      g.rank = Math.max(g.rank, 2);
    }
  }

  /** Names known so far and in `extra` (each from a span), strongest entity first: what `prepare` reads spans against. */
  function knownNames(extra: ReadonlyArray<{ key: string; name: KnownName; from: Span }>): KnownNames {
    const table = new Map<string, Array<{ name: KnownName; from: Span | null }>>();
    const put = (key: string, name: KnownName, from: Span | null) => {
      const list = table.get(key) ?? [];
      list.push({ name, from });
      table.set(key, list);
    };
    for (const g of groups) {
      if (g.parent || !NAME_LABELS.has(g.label)) continue;
      const name = { label: g.label, full: g.rank >= 2 };
      for (const key of [...g.forms.keys(), ...g.parts.keys()]) put(key, name, null);
    }
    for (const { key, name, from } of extra) put(key, name, from);
    return (key, self) => {
      let best: KnownName | undefined;
      for (const { name, from } of table.get(key) ?? []) if (from !== self && (!best || (name.full && !best.full))) best = name;
      return best;
    };
  }

  /** Weaker groups all of whose names are names or parts of exactly one stronger entity join it. */
  function unite(): void {
    const byName = new Map<string, Set<Group>>();
    for (const g of groups)
      for (const key of [...g.forms.keys(), ...g.parts.keys()]) {
        const set = byName.get(key) ?? new Set();
        set.add(root(g));
        byName.set(key, set);
      }
    for (const g of groups) {
      if (g.parent || g.rank >= 3 || g.forms.size === 0) continue;
      let shared: Group[] | null = null;
      for (const key of g.forms.keys()) {
        const holders = [...(byName.get(key) ?? [])].map(root);
        shared = shared === null ? holders : shared.filter((r) => holders.includes(r));
      }
      const stronger = [...new Set(shared ?? [])].filter((r) => r !== g && r.rank > g.rank);
      const top = Math.max(...stronger.map((r) => r.rank));
      const best = stronger.filter((r) => r.rank === top);
      if (best.length === 1) g.parent = best[0]!;
    }
  }

  /** When any group of a root's entity was last mentioned. */
  function latest(r: Group): number {
    let t = 0;
    for (const g of groups) if (root(g) === r) t = Math.max(t, g.seen);
    return t;
  }

  return {
    assign(text, spans) {
      return provisional.assign(text, spans).map((a) => ({ ...a, crId: a.crId + PROVISIONAL }));
    },

    prepare(text, spans) {
      const extra: Array<{ key: string; name: KnownName; from: Span }> = [];
      for (const s of spans) {
        const surface = text.slice(s.start, s.end);
        if (!NAME_LABELS.has(s.label) || mayJoin(s.label, surface)) continue;
        const { rank, parts } = mentionParts(s.label, surface, language);
        const acronym = s.label === 'ORG' ? introducedAcronym(text.slice(s.end, s.end + 60)) : null;
        const full = rank >= 2 || acronym !== null;
        extra.push({ key: nameKey(surface), name: { label: s.label, full }, from: s });
        for (const p of [...parts, ...(acronym ? [acronym] : [])]) extra.push({ key: nameKey(p), name: { label: s.label, full }, from: s });
      }
      return splitMentions(text, spans, knownNames(extra), language);
    },

    settle(units) {
      // 1. Every mention's group learns from it.
      const owner = new Map<Edit, Group>();
      units.forEach((u) =>
        u.edits.forEach((e) => {
          const g = groupOf(e);
          owner.set(e, g);
          g.seen = ++clock;
          if (!settled.has(e)) learn(g, e, u.text.slice(e.end, e.end + 60));
        }),
      );
      unite();

      // 2. Every name and part, each with the strongest entities that go by it.
      const names = new Map<string, { raw: string; owners: Group[] }>();
      for (const g of groups) {
        const r = root(g);
        const forms = options.further === 'names' ? [...g.forms].filter(([, raw]) => soughtAsName(g.label, raw)) : [...g.forms];
        for (const [key, raw] of [...forms, ...g.parts]) {
          const n = names.get(key) ?? { raw, owners: [] };
          n.raw = looser(n.raw, raw);
          if (n.owners.length === 0 || r.rank > n.owners[0]!.rank) n.owners = [r];
          else if (r.rank === n.owners[0]!.rank && !n.owners.includes(r)) n.owners.push(r);
          names.set(key, n);
        }
      }
      // Longest first; each needle prepared once for all units.
      const ordered = [...names.values()]
        .sort((a, b) => b.raw.length - a.raw.length)
        .flatMap(({ raw, owners }) => {
          const needle = needleOf(raw);
          return needle ? [{ needle, owners, lines: LINE_BREAK.test(raw) }] : [];
        });

      // Where each entity is mentioned in these units: an ambiguous part goes to the nearest entity before it.
      const at = (unit: number, offset: number) => unit * 2 ** 32 + offset;
      const mentions = new Map<Group, number[]>();
      units.forEach((u, i) =>
        u.edits.forEach((e) => {
          const r = root(owner.get(e)!);
          const list = mentions.get(r) ?? [];
          list.push(at(i, e.start));
          mentions.set(r, list);
        }),
      );
      const nearest = (candidates: readonly Group[], pos: number): Group => {
        let before: [Group, number] | null = null;
        let after: [Group, number] | null = null;
        for (const c of candidates)
          for (const p of mentions.get(c) ?? []) {
            if (p <= pos && (!before || p > before[1])) before = [c, p];
            if (p > pos && (!after || p < after[1])) after = [c, p];
          }
        return before?.[0] ?? after?.[0] ?? [...candidates].sort((a, b) => latest(b) - latest(a))[0]!;
      };

      // 3. Every further occurrence becomes a mention of its entity.
      const out = units.map((u, i) => {
        // Sorted and never overlapping: the edits an occurrence overlaps are one run, found by binary search.
        const edits = [...u.edits].sort((a, b) => a.start - b.start);
        const h = searchTextOf(u.text);
        for (const { needle, owners, lines } of ordered) {
          for (const m of wordMatches(h, needle)) {
            const { start, end } = originalRange(h, m.start, m.end);
            if (options.further === 'names' && hyphenJoined(u.text, start, end)) continue;
            // A name written on one line is not sought across a line break (`Anna⏎Schmidt Weg 4` is two lines' words).
            if (options.further === 'names' && !lines && LINE_BREAK.test(u.text.slice(start, end))) continue;
            let from = indexByStart(edits, start);
            while (from > 0 && edits[from - 1]!.end > start) from--;
            let to = from;
            while (to < edits.length && edits[to]!.start < end) to++;
            const inside = edits.slice(from, to);
            // A mention reaching beyond this occurrence already covers it; the user's list is never overruled.
            if (inside.some((e) => e.start < start || e.end > end || owner.get(e)!.rank >= 3)) continue;
            const present =
              inside.length === 1 && inside[0]!.start === start && inside[0]!.end === end ? root(owner.get(inside[0]!)!) : null;
            // A mention the text already gives to one of the entities that go by this name keeps its reading.
            if (present && owners.includes(present)) continue;
            const entity = owners.length === 1 ? owners[0]! : nearest(owners, at(i, start));
            const added: Edit = {
              start,
              end,
              label: entity.label,
              score: entity.score * FURTHER_FACTOR,
              original: u.text.slice(start, end),
              replacement: '',
              pseudonym: null,
              crId: -1,
              source: 'entity',
            };
            owner.set(added, entity);
            edits.splice(from, to - from, added);
          }
        }
        return edits;
      });

      // 4. Labels and pseudonyms from the entity; numbered in reading order, once.
      return out.map((edits) =>
        edits.map((e) => {
          const r = root(owner.get(e)!);
          if (!r.final) {
            const number = (numbers.get(r.label) ?? 0) + 1;
            numbers.set(r.label, number);
            r.final = { crId: nextCrId++, number };
            byFinal.set(r.final.crId, r);
          }
          const done: Edit = {
            ...e,
            label: r.label,
            crId: r.final.crId,
            ...replacementOf(r.label, e.original, formatPseudonym(r.label, r.final.number), plan),
          };
          settled.set(done, r);
          return done;
        }),
      );
    },
  };
}
