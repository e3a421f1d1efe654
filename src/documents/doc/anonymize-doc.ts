import type { Edit } from '../../replacement/apply.js';
import type { PiiPageEntry } from '../../spec/types.js';
import { verificationFailed } from '../../errors/problem.js';
import type { DocumentJob, DocumentPhase, VerificationSummary } from '../adapter.js';
import { reportProgress } from '../adapter.js';
import { buildPageEntry } from '../pii-record.js';
import { knownStrings, propagateEdits } from '../propagate.js';
import { readContainer, streamOf, writeContainer } from './container.js';
import { scrubMetadata } from './metadata.js';
import { redactUnit } from './redact-text.js';
import { maskInStream } from './stream-search.js';
import type { TextUnit } from './units.js';
import { storyTexts } from './units.js';
import { verifyDoc } from './verify.js';
import { readWordFile } from './word-file.js';

/**
 * Streams copied into the new file besides WordDocument and the table stream: `Data` (pictures, hyperlink and form
 * field data the text points at) and `\u0001CompObj` (the class name Word and OLE read). Everything else is left
 * out: the summary property streams (author, company, dates), `ObjectPool` (embedded objects, which carry their own
 * text and properties), macros (`Macros`, `_VBA_PROJECT_CUR`), `MsoDataStore` (custom XML), signatures, the unused
 * table stream, and anything unknown.
 */
const KEPT = ['Data', '\u0001CompObj'];

export interface AnonymizedDoc {
  bytes: Uint8Array;
  pageData: PiiPageEntry[];
  verification: VerificationSummary;
}

interface DetectedUnit {
  page: number;
  unit: TextUnit;
  edits: Edit[];
}

/**
 * Word 97–2003: read the text through the piece table, detect per paragraph and field instruction, replace in place
 * with same-length text, mask the metadata, write a new Compound File of the needed streams only, and verify it from
 * its bytes (fail closed). A string detected once is replaced everywhere: in every story, and as bytes in every stream.
 */
export async function anonymizeDoc(bytes: Uint8Array, job: DocumentJob): Promise<AnonymizedDoc> {
  reportProgress(job, 'reading', 0, 1);
  const container = readContainer(bytes);
  const file = readWordFile(container);
  const stories = storyTexts(file.text, file.stories);
  const pagesTotal = stories.length;
  const progress = (phase: DocumentPhase, done: number) => reportProgress(job, phase, done, pagesTotal);

  const detected: DetectedUnit[] = [];
  for (const [i, { page, units }] of stories.entries()) {
    progress('detecting', i);
    for (const unit of units) {
      job.signal?.throwIfAborted();
      const edits = job.text && unit.text.trim() !== '' ? (await job.text(unit.text)).edits : [];
      detected.push({ page, unit, edits });
    }
  }
  // One finding counts for the whole document: a name found in a comment is replaced in the main text too.
  const known = knownStrings(detected.flatMap((d) => d.edits));
  for (const d of detected) d.edits = propagateEdits(d.unit.text, d.edits, known);

  progress('redacting', 0);
  const wordDocument = file.wordDocument.slice();
  const table = file.table.slice();
  const written = detected.map((d) => redactUnit(wordDocument, file.pieces, file.text, d.unit, d.edits));
  const metadata = scrubMetadata(file.fib, wordDocument, table);
  const streams: Array<[string, Uint8Array]> = [
    ['WordDocument', wordDocument],
    [file.fib.tableStream, table],
    ...KEPT.flatMap((name): Array<[string, Uint8Array]> => {
      const s = streamOf(container, name);
      return s ? [[name, s.slice()]] : [];
    }),
  ];
  const needles = knownStrings(detected.flatMap((d) => d.edits)).map(({ edit, needle }) => ({ label: edit.label, needle }));
  const search = needles.map((n) => n.needle);
  let maskedInStreams = 0;
  for (const [, s] of streams) maskedInStreams += maskInStream(s, search);
  const out = writeContainer(streams);

  progress('verifying', 0);
  const names = streams.map(([name]) => name);
  const verification = verifyDoc(out, needles, names);
  if (!verification.passed) throw verificationFailed(verification.leaks);
  progress('verifying', pagesTotal);

  // A Word file has no page geometry: entries carry no boxes. Blank units have no entry; ids count the entries.
  let paragraphId = 0;
  const pageData = detected.flatMap((d, i) =>
    d.unit.text.trim() === '' && d.edits.length === 0
      ? []
      : [
          buildPageEntry({
            pageNum: d.page,
            paragraphId: paragraphId++,
            text: d.unit.text,
            edits: written[i]!,
            locateOriginal: () => null,
          }),
        ],
  );
  const stats = {
    stories: stories.length,
    paragraphs: detected.length,
    replacedSpans: written.reduce((n, w) => n + w.length, 0),
    maskedInStreams,
    droppedEntries: container.streams.size + container.storages.length - streams.length,
    ...metadata,
  };
  return { bytes: out, pageData, verification: { ...verification, stats } };
}
