import { readFile, rm } from 'node:fs/promises';
import { basename } from 'node:path';
import type { DocumentProgress } from '../documents/adapter.js';
import type { AnonymizedDocument, ClosableDocumentAnonymizer } from '../engine/document-engine.js';
import { invalidFile, validationFailed } from '../errors/problem.js';
import { writeFileAtomically } from '../platform/node/atomic-file.js';
import type { DocumentPiiRecord, ExternalUploadConfig } from '../spec/types.js';
import type { CliArgs } from './args.js';
import type { ProgressLine, TextSink } from './progress.js';
import { startProgressLine } from './progress.js';

/** The bytes of an input document; 422 naming `field` when it cannot be read, INVALID_FILE when empty. */
export async function readDocument(path: string, field = 'IN'): Promise<Uint8Array> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(path));
  } catch {
    throw validationFailed([{ field, code: 'InvalidValue', message: 'must name a readable file' }]);
  }
  if (bytes.length === 0) throw invalidFile('The file is empty.');
  return bytes;
}

/** The PII record of a document the CLI anonymized (document id 1, named after its input file). */
export function piiRecordOf(inputPath: string, result: AnonymizedDocument, now = new Date()): DocumentPiiRecord {
  const at = now.toISOString();
  return {
    documentId: 1,
    version: 1,
    documentName: basename(inputPath),
    processingStatus: 'COMPLETED',
    documentType: result.documentType,
    lastFileModified: at,
    lastModified: at,
    pageData: result.pageData,
  };
}

/** The pages of a completed document: what its pipeline counted, else the pages its PII record names (at least 1). */
export function pagesOf(result: AnonymizedDocument, last?: DocumentProgress): number {
  const counted = result.verification?.stats?.pages;
  if (typeof counted === 'number' && counted > 0) return counted;
  if (last && last.pagesTotal > 0) return last.pagesTotal;
  return Math.max(1, new Set(result.pageData.map((p) => p.pageNum)).size);
}

/** Writes the document, then its PII record when asked; when the record fails, the document goes too. */
export async function writeResult(
  result: AnonymizedDocument,
  record: DocumentPiiRecord,
  out: string,
  piis: string | undefined,
): Promise<void> {
  await writeFileAtomically(out, result.bytes);
  if (!piis) return;
  try {
    await writeFileAtomically(piis, JSON.stringify(record, null, 2) + '\n');
  } catch (err) {
    await rm(out, { force: true });
    throw err;
  }
}

/** The progress of one document, as a line on a terminal. */
export interface DocumentReporter {
  onProgress(progress: DocumentProgress): void;
  /** The document completed with this many pages: the line shows `done` and ends. */
  done(pages: number): void;
  /** The document failed: the line goes (the problem follows on stderr). */
  failed(): void;
  readonly line: ProgressLine;
}

/** A progress line for one document on `stderr` (call only when it is a terminal and not `--quiet`). */
export function documentReporter(stderr: TextSink, name: string, options?: Parameters<typeof startProgressLine>[2]): DocumentReporter {
  let progress: DocumentProgress = { phase: 'reading', pagesDone: 0, pagesTotal: 0 };
  let phase: string = progress.phase;
  const line = startProgressLine(
    stderr,
    (elapsedMs) => ({ name, done: progress.pagesDone, total: progress.pagesTotal, unit: 'pages', phase, elapsedMs }),
    options,
  );
  return {
    onProgress(p) {
      progress = p;
      phase = p.phase;
      line.update();
    },
    done(pages) {
      progress = { ...progress, pagesDone: pages, pagesTotal: pages };
      phase = 'done';
      line.finish();
    },
    failed() {
      line.clear();
    },
    line,
  };
}

/**
 * `anonymize IN --out OUT [--config FILE] [--piis FILE]`: OUT (and the PII record) are written only when the
 * document completed; on any failure neither exists afterwards and the caller prints the problem.
 */
export async function runAnonymize(
  engine: ClosableDocumentAnonymizer,
  args: CliArgs,
  config: ExternalUploadConfig | undefined,
  reporter?: DocumentReporter,
): Promise<void> {
  try {
    const bytes = await readDocument(args.inputPath!);
    let last: DocumentProgress | undefined;
    const onProgress = (p: DocumentProgress) => {
      last = p;
      reporter?.onProgress(p);
    };
    const result = await engine.anonymize(bytes, config ?? null, reporter ? { onProgress } : {});
    await writeResult(result, piiRecordOf(args.inputPath!, result), args.outPath!, args.piisPath);
    reporter?.done(pagesOf(result, last));
  } catch (err) {
    reporter?.failed();
    throw err;
  }
}
