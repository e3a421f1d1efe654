import type { Fib } from './fib.js';
import { clearLcb, fcLcb } from './fib.js';
import { u16 } from './le.js';

/**
 * Indices into FibRgFcLcb ([MS-DOC] 2.5.6–2.5.9) of the table-stream structures that name people or their files.
 * String tables keep their shape (Word and LibreOffice still read them) with every character masked:
 * SttbfAssoc (template path, title, subject, keywords, author, last author…), SttbfRMark (revision authors),
 * SttbSavedBy (authors and paths of the last saves), SttbFnm (paths of linked files), SttbProtUser (users allowed to
 * edit a protected range).
 */
const MASKED_STTBS = [32, 51, 71, 72, 144];
/** GrpXstAtnOwners: the authors of comments. */
const ATN_OWNERS = 36;
/** PlcfandRef: comment anchors, each with its author's initials (ATRDPre10.xstUsrInitl). */
const ATN_REFS = 4;
/**
 * Structures that are dropped (size 0 in the FIB, bytes zeroed): printer driver and settings (PrDrvr, PrEnvPort,
 * PrEnvLand: printer and server names), AutosaveSource (path of the autosaved original), mail merge state (Pms,
 * PmsNew, ODSO: data source paths), RouteSlip (recipients), the undo data of old versions (DocUndoWord9, RgbUse, Usp,
 * Uskf, PlcupcRgbUse, PlcupcUsp, DocUndo), RmdThreading and MsoEnvelope (e-mail subject, sender and recipients).
 * None is needed to open the document.
 */
const DROPPED = [27, 28, 29, 35, 44, 126, 127, 70, 77, 78, 79, 80, 81, 82, 119, 94, 97];

/**
 * Dop ([MS-DOC] 2.7.2 DopBase): dttmCreated, dttmRevised and dttmLastPrint at 0x14–0x1F are zeroed (no date), as the
 * dropped summary properties would have told them too. Dates of revisions and comments (in formatting and AtrdExtra)
 * stay: they say when, not who.
 */
const DOP = 31;
const DOP_DATES = { from: 0x14, to: 0x20 };

const MASK = 0x2a;

/** What the metadata scrub did, for the verification summary's counts. */
export interface MetadataCounts {
  maskedMetadataStrings: number;
  droppedStructures: number;
}

/** Masks `cch` UTF-16 characters at `at`; throws when they run past `end` (a damaged structure: fail closed). */
function maskUtf16(table: Uint8Array, at: number, cch: number, end: number): void {
  if (at + 2 * cch > end) throw new Error('string runs past its structure');
  for (let i = 0; i < cch; i++) {
    table[at + 2 * i] = MASK;
    table[at + 2 * i + 1] = 0;
  }
}

/** Masks every string of an STTB ([MS-DOC] 2.2.4): UTF-16 when extended (fExtend 0xFFFF), 8-bit otherwise. */
function maskSttb(table: Uint8Array, fc: number, end: number): number {
  let at = fc;
  if (at + 2 > end) throw new Error('STTB truncated');
  const extended = u16(table, at) === 0xffff;
  if (extended) at += 2;
  if (at + 4 > end) throw new Error('STTB truncated');
  const cData = u16(table, at);
  const cbExtra = u16(table, at + 2);
  at += 4;
  let masked = 0;
  for (let i = 0; i < cData; i++) {
    if (at + (extended ? 2 : 1) > end) throw new Error('STTB truncated');
    const cch = extended ? u16(table, at) : table[at]!;
    at += extended ? 2 : 1;
    if (extended) maskUtf16(table, at, cch, end);
    else if (at + cch > end) throw new Error('STTB truncated');
    else table.fill(MASK, at, at + cch);
    at += (extended ? 2 : 1) * cch + cbExtra;
    if (cch > 0) masked++;
  }
  return masked;
}

/** Masks each Xst (count, then UTF-16 characters) of GrpXstAtnOwners. */
function maskXsts(table: Uint8Array, fc: number, end: number): number {
  let n = 0;
  for (let at = fc; at < end;) {
    if (at + 2 > end) throw new Error('Xst truncated');
    const cch = u16(table, at);
    maskUtf16(table, at + 2, cch, end);
    at += 2 + 2 * cch;
    if (cch > 0) n++;
  }
  return n;
}

/** Masks the initials of each comment's ATRDPre10 (30 bytes: a count and up to 9 UTF-16 characters first). */
function maskInitials(table: Uint8Array, fc: number, end: number): number {
  const n = (end - fc - 4) / 34;
  if (!Number.isInteger(n) || n < 0) throw new Error('PlcfandRef size');
  let masked = 0;
  for (let i = 0; i < n; i++) {
    const at = fc + 4 * (n + 1) + 30 * i;
    const cch = Math.min(u16(table, at), 9);
    maskUtf16(table, at + 2, cch, at + 20);
    if (cch > 0) masked++;
  }
  return masked;
}

/**
 * Masks or drops the metadata of the table stream in place (`wordDocument`'s FIB gets the dropped sizes). A dropped
 * structure's bytes are zeroed except where another structure the FIB names overlaps them (a damaged file must not
 * lose its piece table this way). Throws when a structure to mask does not fit the stream.
 */
export function scrubMetadata(fib: Fib, wordDocument: Uint8Array, table: Uint8Array): MetadataCounts {
  const counts: MetadataCounts = { maskedMetadataStrings: 0, droppedStructures: 0 };
  const range = (index: number) => {
    const r = fcLcb(fib, wordDocument, index);
    if (!r || r.lcb === 0) return null;
    if (r.fc + r.lcb > table.length) throw new Error('structure outside the table stream');
    return { fc: r.fc, end: r.fc + r.lcb };
  };
  for (const index of MASKED_STTBS) {
    const r = range(index);
    if (r) counts.maskedMetadataStrings += maskSttb(table, r.fc, r.end);
  }
  const owners = range(ATN_OWNERS);
  if (owners) counts.maskedMetadataStrings += maskXsts(table, owners.fc, owners.end);
  const refs = range(ATN_REFS);
  if (refs) counts.maskedMetadataStrings += maskInitials(table, refs.fc, refs.end);

  const dop = range(DOP);
  if (dop && dop.end - dop.fc >= DOP_DATES.to) table.fill(0, dop.fc + DOP_DATES.from, dop.fc + DOP_DATES.to);

  const dropped = new Set(DROPPED);
  const kept = new Uint8Array(table.length);
  for (let i = 0; i < fib.fcLcbCount; i++) {
    const r = dropped.has(i) ? null : fcLcb(fib, wordDocument, i);
    if (r && r.lcb > 0) kept.fill(1, Math.min(r.fc, table.length), Math.min(r.fc + r.lcb, table.length));
  }
  for (const index of DROPPED) {
    const r = fcLcb(fib, wordDocument, index);
    if (!r || r.lcb === 0) continue;
    for (let at = r.fc; at < Math.min(r.fc + r.lcb, table.length); at++) if (!kept[at]) table[at] = 0;
    clearLcb(fib, wordDocument, index);
    counts.droppedStructures++;
  }
  return counts;
}
