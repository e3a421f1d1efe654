import { fcLcb } from './fib.js';
import { u16, u32 } from './le.js';
import type { WordFile } from './word-file.js';

/** FibRgFcLcb97 index of PlcBtePapx, the paragraph properties' FKP pages ([MS-DOC] 2.5.6). */
const PLC_BTE_PAPX = 13;
/** sprmPFTtp and sprmPFInnerTtp: the paragraph ends a table row (an outer or a nested table's). */
const ROW_END_SPRMS = new Set([0x2417, 0x244c]);
const sprmTDefTable = 0xd608;
const FKP = 512;

/**
 * The CPs of the marks that end a table row. In the text a row end and a cell end are the same character (0x07); only
 * the row end's paragraph properties say "table terminating paragraph" ([MS-DOC] 2.4.3). They are read from the
 * paragraph FKP pages (PlcBtePapx → PapxFkp → PapxInFkp): each run of file offsets whose property list sets
 * sprmPFTtp, its last character a 0x07, is a row end. A list that does not add up ends the reading of its run; the
 * result only lays a table's cells out in rows for detection, so a damaged file loses no text, only that layout.
 */
export function rowEnds(file: WordFile): Set<number> {
  const out = new Set<number>();
  const plc = fcLcb(file.fib, file.wordDocument, PLC_BTE_PAPX);
  if (!plc || plc.lcb < 12 || (plc.lcb - 4) % 8 !== 0 || plc.fc + plc.lcb > file.table.length) return out;
  const n = (plc.lcb - 4) / 8;
  const doc = file.wordDocument;
  for (let i = 0; i < n; i++) {
    const page = (u32(file.table, plc.fc + 4 * (n + 1) + 4 * i) & 0x3fffff) * FKP;
    if (page + FKP > doc.length) continue;
    const crun = doc[page + FKP - 1]!;
    if (4 * (crun + 1) + 13 * crun > FKP - 1) continue;
    for (let r = 0; r < crun; r++) {
      const bOffset = doc[page + 4 * (crun + 1) + 13 * r]!;
      if (bOffset !== 0 && endsRow(doc, page, 2 * bOffset)) {
        const mark = cpOfLastChar(file, u32(doc, page + 4 * (r + 1)));
        if (mark !== null && file.text.charCodeAt(mark) === 0x07) out.add(mark);
      }
    }
  }
  return out;
}

/** Whether the PapxInFkp at `at` of the page sets sprmPFTtp or sprmPFInnerTtp. */
function endsRow(doc: Uint8Array, page: number, at: number): boolean {
  if (at >= FKP - 1) return false;
  const cb = doc[page + at]!;
  const size = cb === 0 ? 2 * doc[page + at + 1]! : 2 * cb - 1;
  const start = page + at + (cb === 0 ? 2 : 1);
  const end = Math.min(start + size, page + FKP - 1);
  // The paragraph's style (istd, 2 bytes), then its property list.
  for (let p = start + 2; p + 2 <= end;) {
    const sprm = u16(doc, p);
    p += 2;
    if (ROW_END_SPRMS.has(sprm)) return p < end && doc[p] === 1;
    const spra = sprm >> 13;
    if (spra === 6) {
      if (p >= end) return false;
      p += sprm === sprmTDefTable ? (p + 2 <= end ? 1 + u16(doc, p) : end) : 1 + doc[p]!;
    } else p += [1, 1, 2, 4, 2, 2, 0, 3][spra]!;
  }
  return false;
}

/** The CP of the character that ends at file offset `fc` (the run's end), or null when no piece holds it. */
function cpOfLastChar(file: WordFile, fc: number): number | null {
  for (const p of file.pieces) {
    const width = p.compressed ? 1 : 2;
    const bytes = (p.cpEnd - p.cpStart) * width;
    if (fc > p.at && fc <= p.at + bytes) return p.cpStart + (fc - p.at) / width - 1;
  }
  return null;
}
