import type { TextLabelName } from '../../../src/spec/types.js';
import type { EvalRecord, GoldEntity, IgnoreRange, MappedLabel } from '../types.js';

/**
 * MobIE and SmartData (DFKI mobility and industry-event corpora, one type inventory) → ours. Persons, places and
 * organisations map as NEW-2026-11-28.md suggests; `location-street` is split by its surface (see `mapStreet`);
 * every other type (location-route such as S4/RE7, time, duration, set, number, distance, money, percent,
 * org-position, trigger, event-cause, disaster-type) is not an entity for us.
 */
export const MOBILITY_MAPPING: Readonly<Record<string, MappedLabel>> = {
  person: 'PER',
  location: 'LOC',
  'location-city': 'LOC',
  'location-stop': 'LOC',
  organization: 'ORG',
  'organization-company': 'ORG',
  date: 'DATE',
};

/** STR is scored: the sets mark streets (without house numbers, as `location-street`), so a street left O is a miss. */
export const MOBILITY_LABELS: TextLabelName[] = ['PER', 'STR', 'LOC', 'ORG', 'DATE'];

/**
 * Road ids: `A44`, `B 3`, `K4552`, `L560`, `BAB 60`, `Autobahn 44`, `Bundesstraße 83`, and the generic word
 * `Bundesstraße`/`Kreisstraße` alone. 924 of MobIE's and 424 of SmartData's street spans are such ids.
 */
const ROAD_ID =
  /^(?:(?:[ABKLSN]|BAB|St|Autobahn|(?:Bundes|Landes|Kreis|Staats)stra(?:ß|ss)e)\s?\d+[a-z]?|(?:Bundes|Landes|Kreis|Staats)stra(?:ß|ss)e|Autobahn)$/i;
/** A named street: a word ending in a German street word, or the word standing alone (`Berliner Straße`, `SCHLESISCHE STR`). */
const STREET =
  /(?:stra(?:ß|ss)e|str\.?|weg|allee|platz|gasse|ring|damm|ufer|chaussee|promenade|steig|pfad|markt|kai|zeile|landstra(?:ß|ss)e)s?(?:\s+\d+\s?[a-z]?(?:\s?[-–]\s?\d+)?)?$/i;

/** Streets named with a preposition and article: `Am Fährhaus`, `An der Alster`, `Zum Sportplatz`. */
const STREET_PREFIX = /^(?:Am|An der|An den|Auf dem|Auf der|Im|In der|In den|Zum|Zur|Hinter der|Unter den)\s+\p{Lu}/u;

/**
 * `location-street` by its surface: a road id (motorway, federal, state or district road) is **not an entity**: it is
 * public infrastructure, not an address line, and locates no person (decision recorded in docs/eval-datasets.md); a
 * named street (`Holstenstraße`, `Theodor-Heuss-Allee 25`, `Messeschnellweg`) is STR; anything else (`Stachus`,
 * `Westumfahrung`, `Tunnel Wambel`, `Abzweig nach Dennach`) is an ignore range, neither right nor wrong.
 */
export function mapStreet(surface: string): MappedLabel {
  const s = surface
    .replace(/^#/, '')
    .replace(/\s*-\s*/g, '-')
    .replace(/\s+\./g, '.')
    .trim();
  if (ROAD_ID.test(s)) return null;
  if (STREET.test(s) || STREET_PREFIX.test(s)) return 'STR';
  return 'IGNORE';
}

/** The mapper for both sets: type and surface (tokens joined with spaces). */
export function mapMobility(type: string, surface: string): MappedLabel {
  if (type === 'location-street') return mapStreet(surface);
  return Object.hasOwn(MOBILITY_MAPPING, type) ? (MOBILITY_MAPPING[type] ?? null) : null;
}

/** One SmartData v1 document: its plain text and its concept mentions (character offsets into the text). */
export interface SmartDataDoc {
  id: string;
  text: string;
  source: string;
  mentions: Array<{ start: number; end: number; type: string; surface: string }>;
}

type Json = Record<string, unknown>;

/** Avro's JSON encoding wraps nullable values in a one-key object naming the type (`{"string": …}`). */
function unwrap(v: unknown): unknown {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    const keys = Object.keys(v);
    if (keys.length === 1 && ['string', 'array', 'map', 'float', 'int', 'long'].includes(keys[0] as string))
      return (v as Json)[keys[0] as string];
  }
  return v;
}

/**
 * Parses a SmartData v1 file: a sequence of concatenated pretty-printed JSON objects (not an array, not JSON lines),
 * one per document, in Avro's JSON encoding.
 */
export function parseSmartData(content: string): SmartDataDoc[] {
  const docs: SmartDataDoc[] = [];
  let depth = 0;
  let inString = false;
  let escaped = false;
  let begin = -1;
  for (let i = 0; i < content.length; i++) {
    const c = content[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{') {
      if (depth === 0) begin = i;
      depth++;
    } else if (c === '}') {
      depth--;
      if (depth === 0) docs.push(smartDataDoc(JSON.parse(content.slice(begin, i + 1)) as Json));
    }
  }
  return docs;
}

function smartDataDoc(o: Json): SmartDataDoc {
  const text = String(unwrap(o['text']) ?? '');
  const refids = (unwrap(o['refids']) ?? {}) as Json;
  const mentions = ((unwrap(o['conceptMentions']) ?? []) as Json[]).map((m) => {
    const span = m['span'] as { start: number; end: number };
    return { start: span.start, end: span.end, type: String(m['type']), surface: String(unwrap(m['normalizedValue']) ?? '') };
  });
  return { id: String(o['id']), text, source: String(unwrap(refids['source']) ?? ''), mentions };
}

/**
 * A SmartData document as one record (original text and offsets). Offsets that disagree with the mention's surface
 * (34 mentions, shifted by one or two characters) are re-anchored on the surface within 3 characters, else dropped;
 * spans are trimmed. Nested or overlapping mentions (59 pairs, "Schweizer Fleischkonzern" ORG holding a location):
 * the longer span is kept. Types that are not entities for us are dropped before overlaps are resolved.
 */
export function smartDataToRecord(doc: SmartDataDoc, id: string): { record: EvalRecord; dropped: number } {
  const { text } = doc;
  let dropped = 0;
  const spans: Array<{ start: number; end: number; label: MappedLabel }> = [];
  for (const m of doc.mentions) {
    let { start, end } = m;
    const squeeze = (v: string) => v.replace(/\s+/g, ' ').trim();
    const want = squeeze(m.surface);
    if (squeeze(text.slice(start, end)) !== want) {
      const found = want === '' ? undefined : [-1, 1, -2, 2, -3, 3].map((d) => start + d).find((s) => s >= 0 && text.startsWith(want, s));
      if (found === undefined) {
        dropped++;
        continue;
      }
      start = found;
      end = found + want.length;
    }
    while (start < end && /\s/.test(text[start] as string)) start++;
    while (end > start && /\s/.test(text[end - 1] as string)) end--;
    if (end <= start) continue;
    const label = mapMobility(m.type, text.slice(start, end));
    if (label === null) continue;
    spans.push({ start, end, label });
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: typeof spans = [];
  for (const s of [...spans].sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start)) {
    if (kept.some((k) => k.start < s.end && s.start < k.end)) {
      dropped++;
      continue;
    }
    kept.push(s);
  }
  kept.sort((a, b) => a.start - b.start);
  const entities: GoldEntity[] = [];
  const ignore: IgnoreRange[] = [];
  for (const s of kept) {
    if (s.label === 'IGNORE') ignore.push({ start: s.start, end: s.end });
    else if (s.label !== null) entities.push({ start: s.start, end: s.end, label: s.label });
  }
  const record: EvalRecord = { id, lang: 'de', text, entities, source: 'smartdata-de', labels: MOBILITY_LABELS };
  if (ignore.length > 0) record.ignore = ignore;
  return { record, dropped };
}
