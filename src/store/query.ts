import * as v from 'valibot';
import { parseOrThrow } from '../validation/schemas.js';
import { isTerminal } from '../spec/status.js';
import type { DocumentOverview, DocumentPage, ProcessingStatus, Tag } from '../spec/types.js';
import { PROCESSING_STATUSES } from '../spec/types.js';
import type { DocumentRecord } from './records.js';

export const SORT_FIELDS = ['name', 'processingStatus', 'lastModified', 'createdAt'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/** A validated list query (4.4); times in epoch milliseconds. */
export interface DocumentQuery {
  name?: string;
  status?: ProcessingStatus;
  from?: number;
  to?: number;
  page: number;
  size: number;
  sort: Array<{ field: SortField; direction: 'ASC' | 'DESC' }>;
  tags: Tag[];
}

/** The list parameters as a client sends them (HTTP query strings, or the TypeScript API's values). */
export interface RawDocumentQuery {
  name?: string;
  status?: string;
  from?: string;
  to?: string;
  page?: number | string;
  size?: number | string;
  sort?: string | readonly string[];
  tagKeyValues?: string | readonly string[];
}

/** Largest page a list call returns; bigger `size` values are a validation error, not a silent cap. */
export const MAX_PAGE_SIZE = 1000;

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

/** `YYYY-MM-DDTHH:MM:SS` (read as UTC) → epoch ms, or NaN. */
export function parseLocalDateTime(s: string): number {
  const m = LOCAL_DATE_TIME.exec(s);
  if (!m) return NaN;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const t = Date.UTC(y, mo - 1, d, h, mi, se);
  const back = new Date(t);
  // Rejects 2021-02-30 and 25:00:00, which Date.UTC would roll over.
  return back.getUTCMonth() === mo - 1 && back.getUTCDate() === d && back.getUTCHours() === h ? t : NaN;
}

const list = (x: string | readonly string[] | undefined): string[] => (x === undefined ? [] : typeof x === 'string' ? [x] : [...x]);
const intString = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^-?\d+$/, 'must be an integer'), v.transform(Number))], 'must be an integer'),
  v.integer('must be an integer'),
);
const dateTime = v.pipe(
  v.string(),
  v.check((s) => !Number.isNaN(parseLocalDateTime(s)), 'must be a date-time YYYY-MM-DDTHH:MM:SS'),
);

const QuerySchema = v.object({
  name: v.optional(v.string()),
  status: v.optional(v.picklist(PROCESSING_STATUSES, 'must be a processing status')),
  from: v.optional(dateTime),
  to: v.optional(dateTime),
  page: v.optional(v.pipe(intString, v.minValue(0)), 0),
  size: v.optional(v.pipe(intString, v.minValue(1), v.maxValue(MAX_PAGE_SIZE)), 20),
  sort: v.array(
    v.pipe(
      v.string(),
      v.regex(
        new RegExp(`^(${SORT_FIELDS.join('|')})=(ASC|DESC)$`, 'i'),
        `must be field=ASC or field=DESC with field one of ${SORT_FIELDS.join(', ')}`,
      ),
    ),
  ),
  tagKeyValues: v.array(v.pipe(v.string(), v.regex(/^[^=]+=.+$/s, 'must be key=value'))),
});

/** Validates list parameters (422 `VALIDATION_FAILED` with `errors[]` naming the parameter). */
export function parseDocumentQuery(raw: RawDocumentQuery = {}): DocumentQuery {
  const q = parseOrThrow(QuerySchema, { ...raw, sort: list(raw.sort), tagKeyValues: list(raw.tagKeyValues) });
  return {
    ...(q.name !== undefined && q.name !== '' ? { name: q.name } : {}),
    ...(q.status ? { status: q.status } : {}),
    ...(q.from ? { from: parseLocalDateTime(q.from) } : {}),
    ...(q.to ? { to: parseLocalDateTime(q.to) } : {}),
    page: q.page,
    size: q.size,
    sort: q.sort.map((s) => {
      const [field, direction] = s.split('=') as [string, string];
      const canonical = SORT_FIELDS.find((f) => f.toLowerCase() === field.toLowerCase())!;
      return { field: canonical, direction: direction.toUpperCase() as 'ASC' | 'DESC' };
    }),
    tags: q.tagKeyValues.map((kv) => {
      const i = kv.indexOf('=');
      return { key: kv.slice(0, i), value: kv.slice(i + 1) };
    }),
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The remaining time: `measured` (from the document's own throughput while it is processed) when there is one, else
 * a rough guess from the file size (about 2 s per MB plus start-up); null once terminal.
 */
function estimate(doc: DocumentRecord, measured: number | null | undefined): number | null {
  if (isTerminal(doc.status) || doc.status === 'PREVIEW_ERROR' || doc.status === 'FINALIZED' || doc.status === 'ARCHIVED') return null;
  if (typeof measured === 'number') return measured;
  return Math.round(1000 + (doc.fileSize / 1e6) * 2000);
}

/** A stored document as the spec's overview (2.2); `measured`: its measured remaining time, if any. */
export function toOverview(doc: DocumentRecord, measured?: number | null): DocumentOverview {
  return {
    id: doc.id,
    version: doc.version,
    projectId: doc.projectId,
    processingStatus: doc.status,
    documentType: doc.documentType,
    fileSize: doc.fileSize,
    original: doc.name,
    anonymized: doc.anonymizedName,
    tags: doc.tags.map((t) => ({ ...t })),
    lastModified: iso(doc.lastModified),
    createdAt: iso(doc.createdAt),
    estimatedDurationMs: estimate(doc, measured),
  };
}

function matches(doc: DocumentRecord, q: DocumentQuery): boolean {
  if (q.name !== undefined && !doc.name.toLowerCase().includes(q.name.toLowerCase())) return false;
  if (q.status !== undefined && doc.status !== q.status) return false;
  if (q.from !== undefined && doc.lastModified < q.from) return false;
  // `to` is a whole second: everything up to its last millisecond is "at or before".
  if (q.to !== undefined && doc.lastModified >= q.to + 1000) return false;
  return q.tags.every((t) => doc.tags.some((d) => d.key === t.key && d.value === t.value));
}

const collator = new Intl.Collator('und', { sensitivity: 'base', numeric: true });

function compareBy(field: SortField, a: DocumentRecord, b: DocumentRecord): number {
  switch (field) {
    case 'name':
      return collator.compare(a.name, b.name);
    case 'processingStatus':
      return a.status < b.status ? -1 : a.status > b.status ? 1 : 0;
    case 'lastModified':
      return a.lastModified - b.lastModified;
    case 'createdAt':
      return a.createdAt - b.createdAt;
  }
}

/**
 * Filters, sorts and pages documents into the spec's page shape (2.3). Without `sort`, newest first; ties are
 * broken by id in the direction of the last sort key, so pages never overlap.
 */
export function queryDocuments(
  docs: readonly DocumentRecord[],
  q: DocumentQuery,
  measured: (doc: DocumentRecord) => number | null | undefined = () => undefined,
): DocumentPage {
  const sort = q.sort.length > 0 ? q.sort : [{ field: 'createdAt' as const, direction: 'DESC' as const }];
  const tieSign = sort[sort.length - 1]!.direction === 'DESC' ? -1 : 1;
  const hits = docs
    .filter((d) => matches(d, q))
    .sort((a, b) => {
      for (const s of sort) {
        const c = compareBy(s.field, a, b);
        if (c !== 0) return s.direction === 'DESC' ? -c : c;
      }
      return tieSign * (a.id - b.id);
    });
  const totalPages = Math.ceil(hits.length / q.size);
  return {
    content: hits.slice(q.page * q.size, (q.page + 1) * q.size).map((d) => toOverview(d, measured(d))),
    pageable: { pageNumber: q.page, pageSize: q.size },
    totalElements: hits.length,
    totalPages,
    number: q.page,
    size: q.size,
    first: q.page === 0,
    last: q.page >= totalPages - 1,
  };
}
