import { readFile, rm } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ClosableDocumentAnonymizer } from '../engine/document-engine.js';
import { invalidFile, validationFailed } from '../errors/problem.js';
import { writeFileAtomically } from '../platform/node/atomic-file.js';
import type { DocumentPiiRecord, ExternalUploadConfig } from '../spec/types.js';
import type { CliArgs } from './args.js';

/**
 * `anonymize IN --out OUT [--config FILE] [--piis FILE]`: OUT (and the PII record) are written only when the
 * document completed; on any failure neither exists afterwards and the caller prints the problem.
 */
export async function runAnonymize(
  engine: ClosableDocumentAnonymizer,
  args: CliArgs,
  config: ExternalUploadConfig | undefined,
): Promise<void> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(args.inputPath!));
  } catch {
    throw validationFailed([{ field: 'IN', code: 'InvalidValue', message: 'must name a readable file' }]);
  }
  if (bytes.length === 0) throw invalidFile('The file is empty.');
  const result = await engine.anonymize(bytes, config ?? null);
  const now = new Date().toISOString();
  const record: DocumentPiiRecord = {
    documentId: 1,
    version: 1,
    documentName: basename(args.inputPath!),
    processingStatus: 'COMPLETED',
    documentType: result.documentType,
    lastFileModified: now,
    lastModified: now,
    pageData: result.pageData,
  };
  const out = args.outPath!;
  await writeFileAtomically(out, result.bytes);
  if (args.piisPath) {
    try {
      await writeFileAtomically(args.piisPath, JSON.stringify(record, null, 2) + '\n');
    } catch (err) {
      await rm(out, { force: true });
      throw err;
    }
  }
}
