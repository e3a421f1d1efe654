import type { Edit } from '../../replacement/apply.js';
import type { PiiPageEntry } from '../../spec/types.js';
import { verificationFailed } from '../../errors/problem.js';
import type { DocumentJob, DocumentPhase, VerificationSummary } from '../adapter.js';
import { reportProgress } from '../adapter.js';
import type { ImagePipelineDeps } from '../image/anonymize-image.js';
import { buildPageEntry, imageUrlOf } from '../pii-record.js';
import { imageFindingsEntry } from '../image/findings-entry.js';
import { knownStrings } from '../propagate.js';
import { readContainer, streamOf, writeContainer } from './container.js';
import type { DrawingText } from './drawing-texts.js';
import { drawingTexts, redactDrawingText } from './drawing-texts.js';
import type { DocStreams } from './drawings.js';
import { drawingRoots } from './drawings.js';
import { scrubMetadata } from './metadata.js';
import { findPictures } from './pictures.js';
import { redactUnit } from './redact-text.js';
import { anonymizePictures } from './rewrite-pictures.js';
import { maskInStream } from './stream-search.js';
import type { TextUnit } from './units.js';
import { rowEnds } from './row-ends.js';
import { storyTexts } from './units.js';
import { verifyDoc } from './verify.js';
import { readWordFile } from './word-file.js';

/**
 * Streams copied into the new file besides WordDocument, the table stream and `Data` (pictures, hyperlink and form
 * field data the text points at): `\u0001CompObj` (the class name Word and OLE read). Everything else is left out:
 * the summary property streams (author, company, dates), `ObjectPool` (embedded objects, which carry their own text
 * and properties), macros (`Macros`, `_VBA_PROJECT_CUR`), `MsoDataStore` (custom XML), signatures, the unused table
 * stream, and anything unknown.
 */
const KEPT = ['\u0001CompObj'];

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

interface DetectedDrawingText {
  text: DrawingText;
  edits: Edit[];
}

/**
 * Word 97–2003: read the text through the piece table and the shapes' texts from the drawings, detect per paragraph,
 * field instruction, alt text and WordArt, send every picture through the image pipeline (rewritten in place, the
 * same length), replace text in place with same-length text, mask the metadata, write a new Compound File of the
 * needed streams only, and verify it from its bytes (fail closed). A string detected once (in text, a shape or a
 * picture) is replaced everywhere: in every story and shape, and as bytes in every stream.
 */
export async function anonymizeDoc(bytes: Uint8Array, job: DocumentJob, deps: ImagePipelineDeps): Promise<AnonymizedDoc> {
  reportProgress(job, 'reading', 0, 1);
  const container = readContainer(bytes);
  const file = readWordFile(container);
  const streams: DocStreams = {
    WordDocument: file.wordDocument.slice(),
    table: file.table.slice(),
    Data: streamOf(container, 'Data')?.slice(),
  };
  const roots = drawingRoots(file.fib, streams);
  const pictures = findPictures(streams, roots, file.fib.size);
  const shapes = drawingTexts(streams, roots);
  const stories = storyTexts(file.text, file.stories, rowEnds(file));
  const pagesTotal = stories.length;
  const progress = (phase: DocumentPhase, done: number) => reportProgress(job, phase, done, pagesTotal);
  const detect = async (text: string) => (job.text && text.trim() !== '' ? (await job.text(text)).edits : []);

  // A story's paragraphs are read together (each with its neighbours, a table's cells as rows of columns); a field
  // instruction alone.
  const detected: DetectedUnit[] = [];
  for (const [i, { page, units }] of stories.entries()) {
    progress('detecting', i);
    job.signal?.throwIfAborted();
    const paragraphs = units.filter((u) => u.kind === 'paragraph');
    const applied = job.texts ? await job.texts(paragraphs.map((u) => ({ text: u.text, ...(u.joiner ? { joiner: u.joiner } : {}) }))) : [];
    const edits = new Map(paragraphs.map((u, j) => [u, applied[j]?.edits ?? []]));
    for (const unit of units) detected.push({ page, unit, edits: edits.get(unit) ?? (await detect(unit.text)) });
  }
  // A shape's name ("Picture 3", or what its author typed) is an identifier: replaced where found elsewhere, never read.
  const drawn: DetectedDrawingText[] = [];
  for (const text of shapes.texts) {
    job.signal?.throwIfAborted();
    drawn.push({ text, edits: text.kind === 'text' ? await detect(text.text) : [] });
  }

  // One step per picture, as in DOCX (a picture's faces and OCR are the slow part).
  if (pictures.length > 0) reportProgress(job, 'ocr', 0, pictures.length);
  const images = await anonymizePictures(streams, pictures, job, deps, (done) => reportProgress(job, 'ocr', done, pictures.length));
  const imageEdits = images.flatMap((m) => m.findings?.ocrText?.applied?.edits ?? []);

  // One finding counts for the whole document: a name found in a comment, a shape or a picture is replaced everywhere.
  const settled = job.propagate([
    ...detected.map((d) => ({ text: d.unit.text, edits: d.edits })),
    ...drawn.map((d) => ({ text: d.text.text, edits: d.edits })),
  ]);
  detected.forEach((d, i) => (d.edits = settled[i]!));
  drawn.forEach((d, i) => (d.edits = settled[detected.length + i]!));

  progress('redacting', 0);
  const written = detected.map((d) => redactUnit(streams.WordDocument, file.pieces, file.text, d.unit, d.edits));
  const drawnWritten = drawn.map((d) => redactDrawingText(streams[d.text.stream]!, d.text, d.edits));
  const metadata = scrubMetadata(file.fib, streams.WordDocument, streams.table);
  const kept: Array<[string, Uint8Array]> = [
    ['WordDocument', streams.WordDocument],
    [file.fib.tableStream, streams.table],
    ...(streams.Data ? [['Data', streams.Data] as [string, Uint8Array]] : []),
    ...KEPT.flatMap((name): Array<[string, Uint8Array]> => {
      const s = streamOf(container, name);
      return s ? [[name, s.slice()]] : [];
    }),
  ];
  const allEdits = [...detected.flatMap((d) => d.edits), ...drawn.flatMap((d) => d.edits), ...imageEdits];
  const needles = knownStrings(allEdits).map(({ edit, needle }) => ({ label: edit.label, needle }));
  const search = needles.map((n) => n.needle);
  let maskedInStreams = 0;
  for (const [, s] of kept) maskedInStreams += maskInStream(s, search);
  const out = writeContainer(kept);

  progress('verifying', 0);
  const verification = verifyDoc(
    out,
    needles,
    kept.map(([name]) => name),
  );
  if (!verification.passed) throw verificationFailed(verification.leaks);
  progress('verifying', pagesTotal);

  // A Word file has no page geometry: entries carry no boxes. Blank units have no entry; ids count the entries.
  // Shapes and pictures are counted with the main text (page 1): where a shape is anchored is not read.
  let paragraphId = 0;
  const entry = (pageNum: number, text: string, edits: Edit[]) =>
    buildPageEntry({ pageNum, paragraphId: paragraphId++, text, edits, locateOriginal: () => null });
  const pageData = [
    ...detected.flatMap((d, i) => (d.unit.text.trim() === '' && d.edits.length === 0 ? [] : [entry(d.page, d.unit.text, written[i]!)])),
    // Shape texts only when something was found in them, as DOCX alt texts; names (identifiers) never.
    ...drawn.flatMap((d, i) => (d.text.kind === 'name' || d.edits.length === 0 ? [] : [entry(1, d.text.text, drawnWritten[i]!)])),
  ];
  // A picture's xref is its number in reading order (`findPictures`), from 1; the service serves the original from it.
  images.forEach((m, i) => {
    if (!m.findings) return;
    const xref = i + 1;
    pageData.push(
      imageFindingsEntry(m.findings, {
        pageNum: 1,
        paragraphId: paragraphId++,
        imageUrl: imageUrlOf(job.imageBaseUrl, job.documentId, xref),
        xref,
      }),
    );
  });
  const count = (w: string) => images.filter((m) => m.written === w).length;
  const stats = {
    stories: stories.length,
    paragraphs: detected.length,
    replacedSpans: written.reduce((n, w) => n + w.length, 0),
    shapeTexts: drawn.length,
    shapeTextSpans: drawnWritten.reduce((n, w) => n + w.length, 0),
    unreadShapeTables: shapes.unreadTables,
    pictures: images.length,
    redactedPictures: count('redacted'),
    scaledPictures: count('scaled'),
    greyPictures: count('grey'),
    clearedPictures: count('cleared'),
    maskedInStreams,
    droppedEntries: container.streams.size + container.storages.length - kept.length,
    ...metadata,
  };
  return { bytes: out, pageData, verification: { ...verification, stats } };
}
