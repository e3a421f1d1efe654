// Round trip of real Word files (DOCX and DOC): each is anonymized with no label asked for (nothing to replace), and LibreOffice's
// text export of the output is compared with the input's. What differs is what the rewrite changed beyond its job
// (besides accepted tracked changes in a DOCX, which it is meant to change). Files it refuses are counted. Each file is
// also anonymized with the default labels (rules only) and LibreOffice must open that output. Prints one line per file and the counts.
// Usage: node --import tsx tools/documents/word-roundtrip.ts [dirs…] (default: the shared poi-document and mat2 corpora)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createNodeDocumentAnonymizer } from '../../src/platform/node/platform.js';
import { sofficeText } from '../office/soffice.js';

const root = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus');
const dirs = process.argv.length > 2 ? process.argv.slice(2) : ['poi-document', 'mat2'].map((d) => join(root, d));
const files = dirs.flatMap((d) =>
  readdirSync(d)
    .filter((f) => /\.(docx|dotx|doc)$/i.test(f))
    .map((f) => join(d, f)),
);
const engine = createNodeDocumentAnonymizer({ ner: false });
const nothing = { textAnonymization: { labelsConfig: [] }, imageAnonymization: { labelsConfig: [] } };
const counts = { same: 0, differs: 0, refused: 0, unreadableInput: 0, anonymizedOpens: 0, anonymizedDoesNotOpen: 0 };
for (const file of files) {
  const name = file.split('/').pop()!;
  const input = new Uint8Array(readFileSync(file));
  let out: Uint8Array;
  let anonymized: Uint8Array;
  try {
    out = (await engine.anonymize(input, nothing)).bytes;
    // And with the default labels (rules only here): that output must open too.
    anonymized = (await engine.anonymize(input, null)).bytes;
  } catch {
    counts.refused++;
    continue;
  }
  const texts = await sofficeText({ [`in-${name}`]: input, [`out-${name}`]: out, [`anon-${name}`]: anonymized });
  counts[texts[`anon-${name}`] === undefined ? 'anonymizedDoesNotOpen' : 'anonymizedOpens']++;
  if (texts[`anon-${name}`] === undefined) console.log(`does not open anonymized: ${name}`);
  // Line ends as LibreOffice picks them (it guesses from the writing application, whose name the output drops).
  const a = texts[`in-${name}`]?.replaceAll('\r', '');
  const b = texts[`out-${name}`]?.replaceAll('\r', '');
  if (a === undefined) {
    counts.unreadableInput++;
    continue;
  }
  if (a === b) {
    counts.same++;
    continue;
  }
  counts.differs++;
  const at = [...a].findIndex((c, i) => c !== b?.[i]);
  console.log(
    `differs: ${name} at ${at}: in ${JSON.stringify(a.slice(Math.max(0, at - 30), at + 40))} out ${JSON.stringify((b ?? '<no output>').slice(Math.max(0, at - 30), at + 40))}`,
  );
}
console.log(JSON.stringify(counts));
await engine.close();
