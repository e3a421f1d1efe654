/**
 * Entity swapping: real training sentences with some PER/LOC/ORG mentions replaced by generated names, places and
 * organisations (the context stays real, the names become varied). Offsets of all entities and ignore ranges are
 * recomputed. Only training splits are passed in (the caller checks).
 */
import type { Entity, Rng } from './core.js';
import type { Lang, Lexicon } from './lexicon.js';

export interface SwapRecord {
  id: string;
  lang: Lang;
  text: string;
  entities: Entity[];
  source?: string;
  labels?: string[];
  ignore?: { start: number; end: number }[];
}

function replacement(lex: Lexicon, rng: Rng, lang: Lang, label: string, original: string): string | null {
  const words = original.split(/\s+/u).length;
  switch (label) {
    case 'PER': {
      const p = lex.person(lang);
      if (words === 1) return rng.chance(0.6) ? p.last : p.first;
      return rng.weighted<string>([
        [8, `${p.first} ${p.last}`],
        [1, `${p.first.charAt(0)}. ${p.last}`],
        [1, p.middle ? `${p.first} ${p.middle} ${p.last}` : `${p.first} ${p.last}`],
      ]);
    }
    case 'LOC':
      return rng.chance(0.85) ? lex.city(lang) : (lex.country(lang).find((x) => x.label)?.text ?? null);
    case 'ORG':
      return rng.chance(0.6) ? lex.company(lang) : lex.institution(lang).nom;
    default:
      return null;
  }
}

/** Returns a swapped copy, or null when nothing was swapped. `p` = probability per entity. */
export function swapRecord(rec: SwapRecord, lex: Lexicon, rng: Rng, p = 0.7): SwapRecord | null {
  const ents = [...rec.entities].sort((a, b) => a.start - b.start);
  // Shift table: [position in old text, cumulative delta after it].
  const edits: { start: number; end: number; text: string }[] = [];
  for (const e of ents) {
    if (!rng.chance(p)) continue;
    const r = replacement(lex, rng, rec.lang, e.label, rec.text.slice(e.start, e.end));
    if (r) edits.push({ start: e.start, end: e.end, text: r });
  }
  if (edits.length === 0) return null;
  let text = '';
  let last = 0;
  for (const ed of edits) {
    text += rec.text.slice(last, ed.start) + ed.text;
    last = ed.end;
  }
  text += rec.text.slice(last);
  /** Maps an old offset that is not strictly inside an edited span to the new text. */
  const map = (pos: number, isEnd: boolean): number => {
    let delta = 0;
    for (const ed of edits) {
      if (ed.end <= pos && !(isEnd && ed.end === pos && ed.start === pos)) delta += ed.text.length - (ed.end - ed.start);
      else if (ed.start < pos && pos < ed.end) return -1;
    }
    return pos + delta;
  };
  const entities: Entity[] = [];
  for (const e of ents) {
    const ed = edits.find((x) => x.start === e.start && x.end === e.end);
    const s = map(e.start, false);
    if (ed) {
      entities.push({ start: s, end: s + ed.text.length, label: e.label });
      continue;
    }
    const t = map(e.end, true);
    if (s < 0 || t < 0) continue;
    entities.push({ start: s, end: t, label: e.label });
  }
  const ignore: { start: number; end: number }[] = [];
  for (const r of rec.ignore ?? []) {
    const s = map(r.start, false);
    const t = map(r.end, true);
    if (s >= 0 && t > s) ignore.push({ start: s, end: t });
  }
  const out: SwapRecord = { ...rec, id: `${rec.id}:swap`, text, entities };
  if (ignore.length > 0) out.ignore = ignore;
  else delete out.ignore;
  return out;
}
