import type { TextLabelName } from '../../../src/spec/types.js';
import type { EvalRecord, GoldEntity, IgnoreRange, MappedLabel } from '../types.js';

/** A PHI annotation as exported by INCEpTION: UTF-16 offsets (UIMA uses Java string indices) and its `kind`. */
export interface PhiSpan {
  start: number;
  end: number;
  kind: string;
}

export interface GrasccoDocument {
  title: string | null;
  text: string;
  spans: PhiSpan[];
}

/**
 * GraSCCo_PHI kinds → ours. Names of patients, doctors, relatives → PER; NAME_TITLE (Dr., Prof.) is not part of PER
 * in our spec, so it is not an entity; LOCATION_HOSPITAL/ORGANIZATION → ORG; ZIP and CITY → LOC (and merged into
 * one span when adjacent, as our spec wants "10115 Berlin" as one LOC); STREET → STR; PHONE and FAX → TEL; EMAIL →
 * MAIL; AGE → OTH (ages are OTH in our spec); ID → OTH, see `mapGrasccoSpan` for the exceptions; DATE → DATE except
 * years alone. PROFESSION is not PII for us. Kinds we have not seen become ignore ranges.
 */
export const GRASCCO_MAPPING: Readonly<Record<string, MappedLabel>> = {
  NAME_PATIENT: 'PER',
  NAME_DOCTOR: 'PER',
  NAME_RELATIVE: 'PER',
  NAME_EXT: 'PER',
  NAME_USERNAME: 'OTH',
  NAME_TITLE: null,
  PROFESSION: null,
  LOCATION_CITY: 'LOC',
  LOCATION_ZIP: 'LOC',
  LOCATION_COUNTRY: 'LOC',
  LOCATION_STREET: 'STR',
  LOCATION_HOSPITAL: 'ORG',
  LOCATION_ORGANIZATION: 'ORG',
  CONTACT_PHONE: 'TEL',
  CONTACT_FAX: 'TEL',
  CONTACT_EMAIL: 'MAIL',
  AGE: 'OTH',
  ID: 'OTH',
  DATE: 'DATE',
};

export const GRASCCO_LABELS: TextLabelName[] = ['PER', 'STR', 'MAIL', 'TEL', 'LOC', 'ORG', 'DATE', 'OTH'];

const PHI_TYPE = 'webanno.custom.PHI';
const SOFA_TYPE = 'uima.cas.Sofa';
const META_TYPE = 'de.tudarmstadt.ukp.dkpro.core.api.metadata.type.DocumentMetaData';

type Fs = Record<string, unknown>;

/**
 * Reads an INCEpTION UIMA CAS JSON export: the Sofa string is the document text, `webanno.custom.PHI` structures
 * the annotations. UIMA JSON omits features that hold their default, so a missing `begin` means 0.
 */
export function parseGrascco(json: unknown): GrasccoDocument {
  const root = json as { '%FEATURE_STRUCTURES'?: unknown };
  const fss = root['%FEATURE_STRUCTURES'];
  if (!Array.isArray(fss)) throw new Error('not a UIMA CAS JSON export (no %FEATURE_STRUCTURES)');
  const all = fss as Fs[];
  const sofa = all.find((fs) => fs['%TYPE'] === SOFA_TYPE && typeof fs['sofaString'] === 'string');
  if (!sofa) throw new Error('no Sofa with text');
  const text = sofa['sofaString'] as string;
  const meta = all.find((fs) => fs['%TYPE'] === META_TYPE);
  const title = typeof meta?.['documentTitle'] === 'string' ? (meta['documentTitle'] as string) : null;
  const spans: PhiSpan[] = [];
  for (const fs of all) {
    if (fs['%TYPE'] !== PHI_TYPE || typeof fs['kind'] !== 'string') continue;
    const start = typeof fs['begin'] === 'number' ? fs['begin'] : 0;
    const end = typeof fs['end'] === 'number' ? fs['end'] : 0;
    if (end > start && end <= text.length) spans.push({ start, end, kind: fs['kind'] });
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  return { title, text, spans };
}

/** Shrinks a range past whitespace and the BOM, which some exported spans include at their edges. */
function trimRange(text: string, start: number, end: number): [number, number] {
  let s = start;
  let e = end;
  while (s < e && /[\s\uFEFF]/.test(text.charAt(s))) s++;
  while (e > s && /[\s\uFEFF]/.test(text.charAt(e - 1))) e--;
  return [s, e];
}

/** Minimum digits for an ID to be a case/insurance number; shorter ones here are wards, rooms and stations ("A31", "4A", "II"), which our spec leaves unlabeled. */
const MIN_ID_DIGITS = 5;

/** Maps one PHI span, applying the exceptions the kind table cannot express. */
export function mapGrasccoSpan(kind: string, value: string): MappedLabel {
  if (!Object.hasOwn(GRASCCO_MAPPING, kind)) return 'IGNORE';
  const mapped = GRASCCO_MAPPING[kind] ?? null;
  // A year alone is not DATE in our spec (only birth/death years are); GraSCCo's bare years are history dates ("Z.n. Apoplex 2002").
  if (kind === 'DATE' && /^\d{4}$/.test(value)) return null;
  if (kind === 'ID' && (value.match(/\d/g) ?? []).length < MIN_ID_DIGITS) return null;
  return mapped;
}

/** Converts a parsed document into a record: original text and offsets, spans trimmed, ZIP+CITY and initial+surname merged, overlaps dropped. */
export function grasccoToRecord(doc: GrasccoDocument, id: string): { record: EvalRecord; dropped: number } {
  const entities: GoldEntity[] = [];
  const ignore: IgnoreRange[] = [];
  let dropped = 0;
  let pendingZip: GoldEntity | null = null;
  for (const span of doc.spans) {
    const [start, end] = trimRange(doc.text, span.start, span.end);
    if (end <= start) continue;
    const mapped = mapGrasccoSpan(span.kind, doc.text.slice(start, end));
    if (mapped === null) continue;
    if (mapped === 'IGNORE') {
      ignore.push({ start, end });
      continue;
    }
    const last = entities[entities.length - 1];
    // "A-3336 St. Johann": ZIP and CITY annotated apart; our spec makes them one LOC when only spaces separate them.
    if (span.kind === 'LOCATION_CITY' && pendingZip !== null && pendingZip === last && /^[ \t]*$/.test(doc.text.slice(last.end, start))) {
      last.end = end;
      pendingZip = null;
      continue;
    }
    // "B." and "Supanic" annotated apart: one name in our spec. Only initials followed by one space merge, so
    // two doctors in a signature line ("V. Ceusters<TAB>J. Thiel") stay apart.
    if (
      mapped === 'PER' &&
      last?.label === 'PER' &&
      doc.text.slice(last.end, start) === ' ' &&
      /^(\p{Lu}\.[ -]?)+$/u.test(doc.text.slice(last.start, last.end))
    ) {
      last.end = end;
      continue;
    }
    if (last && start < last.end) {
      dropped++;
      continue;
    }
    const entity: GoldEntity = { start, end, label: mapped };
    entities.push(entity);
    pendingZip = span.kind === 'LOCATION_ZIP' ? entity : null;
  }
  const record: EvalRecord = { id, lang: 'de', text: doc.text, entities, source: 'grascco-phi', labels: [...GRASCCO_LABELS] };
  if (ignore.length > 0) record.ignore = ignore;
  return { record, dropped };
}
