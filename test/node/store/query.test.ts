import { describe, expect, it } from 'vitest';
import { parseDocumentQuery, parseLocalDateTime, queryDocuments } from '../../../src/store/query.js';
import type { DocumentRecord } from '../../../src/store/records.js';
import { expectProblem } from '../helpers/expect-problem.js';

const T0 = Date.UTC(2026, 0, 10, 8, 0, 0);
function doc(id: number, over: Partial<DocumentRecord> = {}): DocumentRecord {
  return {
    id,
    projectId: 1,
    version: 1,
    name: `doc-${id}.pdf`,
    documentType: 'PDF',
    fileSize: 1000,
    status: 'COMPLETED',
    anonymizedName: `doc-${id}_anonymized.pdf`,
    tags: [],
    createdAt: T0 + id * 60_000,
    lastModified: T0 + id * 60_000,
    config: null,
    problem: null,
    lease: null,
    attempts: 1,
    pages: 1,
    ...over,
  };
}
const docs = [
  doc(1, { name: 'Brief Müller.pdf', tags: [{ key: 'case', value: '7' }] }),
  doc(2, { name: 'brief meier.docx', status: 'ERROR', tags: [{ key: 'case', value: '8' }] }),
  doc(3, {
    name: 'Scan.png',
    status: 'PROCESSING',
    tags: [
      { key: 'case', value: '7' },
      { key: 'team', value: 'hr' },
    ],
  }),
  doc(4, { name: 'Vertrag.pdf' }),
  doc(5, { name: 'anlage.pdf', lastModified: T0 + 100 * 60_000 }),
];
const ids = (q: Parameters<typeof parseDocumentQuery>[0]) => queryDocuments(docs, parseDocumentQuery(q)).content.map((d) => d.id);

describe('list query (4.4)', () => {
  it('defaults: page 0, size 20, newest first, the page shape of 2.3', () => {
    const page = queryDocuments(docs, parseDocumentQuery());
    expect(page.content.map((d) => d.id)).toEqual([5, 4, 3, 2, 1]);
    expect(page).toMatchObject({
      pageable: { pageNumber: 0, pageSize: 20 },
      totalElements: 5,
      totalPages: 1,
      number: 0,
      size: 20,
      first: true,
      last: true,
    });
  });

  it('name is a case-insensitive substring; status is exact; tags must all match', () => {
    expect(ids({ name: 'BRIEF' })).toEqual([2, 1]);
    expect(ids({ status: 'ERROR' })).toEqual([2]);
    expect(ids({ tagKeyValues: 'case=7' })).toEqual([3, 1]);
    expect(ids({ tagKeyValues: ['case=7', 'team=hr'] })).toEqual([3]);
    expect(ids({ tagKeyValues: ['case=9'] })).toEqual([]);
  });

  it('from/to filter lastModified inclusively, to the second', () => {
    expect(ids({ from: '2026-01-10T08:03:00' })).toEqual([5, 4, 3]);
    expect(ids({ to: '2026-01-10T08:02:00' })).toEqual([2, 1]);
    expect(ids({ from: '2026-01-10T08:02:00', to: '2026-01-10T08:04:00' })).toEqual([4, 3, 2]);
  });

  it('repeated sort keys, ASC and DESC, on every sortable field', () => {
    expect(ids({ sort: 'name=ASC' })).toEqual([5, 2, 1, 3, 4]);
    expect(ids({ sort: ['processingStatus=DESC', 'createdAt=ASC'] })).toEqual([3, 2, 1, 4, 5]);
    expect(ids({ sort: 'lastModified=ASC' })).toEqual([1, 2, 3, 4, 5]);
    expect(ids({ sort: 'createdAt=asc' })).toEqual([1, 2, 3, 4, 5]);
  });

  it('pages do not overlap and report first/last/totalPages', () => {
    const p0 = queryDocuments(docs, parseDocumentQuery({ size: 2, page: 0, sort: 'createdAt=ASC' }));
    const p2 = queryDocuments(docs, parseDocumentQuery({ size: '2', page: '2', sort: 'createdAt=ASC' }));
    expect(p0.content.map((d) => d.id)).toEqual([1, 2]);
    expect(p0).toMatchObject({ first: true, last: false, totalPages: 3, totalElements: 5 });
    expect(p2.content.map((d) => d.id)).toEqual([5]);
    expect(p2).toMatchObject({ first: false, last: true, number: 2, size: 2 });
    const beyond = queryDocuments(docs, parseDocumentQuery({ page: 9 }));
    expect(beyond.content).toEqual([]);
    expect(beyond.last).toBe(true);
  });

  it.each([
    [{ page: -1 }, 'page', 'Min'],
    [{ size: 0 }, 'size', 'Min'],
    [{ size: 5000 }, 'size', 'Max'],
    [{ page: 'x' }, 'page', 'InvalidType'],
    [{ status: 'DONE' }, 'status', 'InvalidValue'],
    [{ sort: 'fileSize=ASC' }, 'sort[0]', 'InvalidValue'],
    [{ sort: ['name=ASC', 'name'] }, 'sort[1]', 'InvalidValue'],
    [{ from: '2026-02-30T00:00:00' }, 'from', 'InvalidValue'],
    [{ to: '2026-01-01' }, 'to', 'InvalidValue'],
    [{ tagKeyValues: 'novalue' }, 'tagKeyValues[0]', 'InvalidValue'],
  ])('%o → 422 naming %s (%s)', async (raw, field, code) => {
    const p = await expectProblem(() => parseDocumentQuery(raw as never), { status: 422, problemCode: 'VALIDATION_FAILED' });
    expect(p.errors!.map((e) => [e.field, e.code])).toEqual([[field, code]]);
  });

  it('parses YYYY-MM-DDTHH:MM:SS as UTC and rejects impossible dates', () => {
    expect(parseLocalDateTime('2026-01-10T08:00:00')).toBe(T0);
    expect(parseLocalDateTime('2026-13-01T00:00:00')).toBeNaN();
    expect(parseLocalDateTime('2026-01-10 08:00:00')).toBeNaN();
  });
});
