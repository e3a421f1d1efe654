import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { textLabels } from '../spec/labels.js';
import { VALIDATORS } from '../detection/ad-hoc.js';
import { availableParallelism } from 'node:os';
import { ocrWorkersFor } from '../engine/retiring-ocr.js';
import { MAX_JOBS, MAX_OCR_WORKERS } from './args.js';
import type { CommandName } from './args.js';
import { DEFAULT_JOBS } from './batch.js';
import { SERVE_HELP } from './serve.js';

/** The package's version: `version` of the nearest package.json named local-anonymizer above this file (source or dist). */
export function packageVersion(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (let i = 0; i < 8; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'local-anonymizer' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // no package.json here: look further up
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return 'unknown';
}

/** Words of `text` on lines of at most `width` characters, each line after the first indented by `indent` spaces. */
function wrap(text: string, width: number, indent: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

const LABELS = textLabels()
  .map((l) => `  ${l.name.padEnd(6)}${wrap(l.description, 100, 8)}`)
  .join('\n');

/** `local-anonymizer --help` (also printed, with the 422 problem on stderr, when there are no arguments). */
export const USAGE = `Usage: local-anonymizer <command> [options]

Anonymizes text and documents on this machine: nothing is sent anywhere.

Commands:
  text          anonymize the text on stdin; prints JSON, or with --format text something to read
  detect        find entities in JSON lines on stdin: {"id", "text"} in, {"id", "entities"} out
  anonymize     anonymize PDF, JPEG, PNG and BMP files: IN --out OUT, or IN... --out-dir DIR
  serve         answer the anonymization service's HTTP API on 127.0.0.1
  assets        copy the browser build's models and workers into a folder, for apps that host them
  pseudonymize  one turn of a conversation with a language model: stdin with placeholders, the same
                ones in every turn (--vault FILE keeps the mapping)
  restore       a language model's answer on stdin, streamed to stdout with the originals put back

  local-anonymizer <command> --help     the options of a command
  local-anonymizer --version            the version

Results go to stdout. Errors go to stderr as ProblemDetail JSON, one per line, and the exit code is 1.
`;

/** `pseudonymize --help`. */
export const PSEUDONYMIZE_HELP = `Usage: local-anonymizer pseudonymize --vault FILE [--labels PER,LOC,...] [--style labels|surrogates] [--format json|text] < prompt.txt

One turn of a conversation with a language model: replaces the personal data in the text on stdin (UTF-8) and
prints what may leave the device. The mapping goes to the vault FILE, created on the first turn and extended on
each later one: the same person keeps her placeholder in every turn, also when named by surname alone.

Options:
  --vault FILE      the conversation's vault (mode 0600; encrypted when LOCAL_ANONYMIZER_VAULT_KEY holds a
                    passphrase, which every later call then needs too). It holds the originals: keep it private.
  --labels L1,L2    labels to replace (default: all: PER, STR, MAIL, TEL, LOC, ORG, DATE, OTH)
  --style labels    PER-1, ORG-2 ... (the default); surrogates: realistic fake names, places, numbers and dates
                    shifted by one offset, consistent for the whole conversation (set on the first turn)
  --format json     the PseudonymizedText JSON (default); text: the pseudonymized text alone

Example:
  echo 'Frau Anna Schmidt aus Hamburg fragt nach ihrem Vertrag.' | local-anonymizer pseudonymize --vault chat.vault --format text
  Frau PER-1 aus LOC-1 fragt nach ihrem Vertrag.
`;

/** `restore --help`. */
export const RESTORE_HELP = `Usage: local-anonymizer restore --vault FILE [--report FILE] < answer.txt

Puts the originals of the vault back into a language model's answer on stdin, however the model wrote the
placeholders (per-1, PER 1, **PER-1**, PER-1's, inside JSON or HTML). Reads stdin as a stream and writes what each
chunk completes at once, so a streamed answer can be piped through. Placeholders the vault does not hold stay as
they are.

Options:
  --vault FILE      the vault that pseudonymize wrote
  --report FILE     the restore report as JSON: {"restored": [...], "unknown": [...], "unplaced": [...]}
`;

/** The checksums an ad-hoc recognizer may name, wrapped for the help text. */
const VALIDATOR_LIST = [0, 6]
  .map((from) =>
    Object.keys(VALIDATORS)
      .slice(from, from + 6)
      .join(', '),
  )
  .join(',\n                    ');

/** `text --help`. */
export const TEXT_HELP = `Usage: local-anonymizer text [--labels PER,LOC,...] [--pseudonyms] [--config FILE] [--recognizers FILE] [--format json|text] < in.txt

Anonymizes the text on stdin (UTF-8) and prints the result on stdout.

  --labels L1,L2    only these labels (default: every label below, or those in the config's labelsConfig)
  --pseudonyms      replace with LABEL-n, the same entity keeping its number (default: ***); labels with a
                    ReplacementConfig in the config use it either way
  --config FILE     an upload config (JSON); its textAnonymization applies: blacklist, whitelist, and
                    labelsConfig (the labels to find, each with its ReplacementConfig)
  --recognizers FILE
                    your own recognizers, run beside the built-in ones and the model: a JSON array of
                    {"id", "label", "pattern", "context"?, "validator"?, "ignoreCase"?, "score"}, e.g.
                    [{"id": "employee-id", "label": "OTH", "pattern": "EMP-\\\\d{6}", "context": ["Personalnummer"], "score": 0.4}]
                    A context word shortly before a match adds 0.3; a match under 0.5 is dropped.
                    Validators: ${VALIDATOR_LIST}
  --format json     the default: {"pseudonymizedText": ..., "detection": {"tokenCount": N, "detections": [...]}}
  --format text     to read: the anonymized text, then each replaced entity (label, original text,
                    replacement, how often). Colored on a terminal (not when piped or NO_COLOR is set).
                    The list shows the personal data it found: keep it on your own screen.

Labels:
${LABELS}

Example:
  echo 'Herr Meier (meier@example.de) ruft an.' | local-anonymizer text --pseudonyms --format text
`;

/** `detect --help`. */
export const DETECT_HELP = `Usage: local-anonymizer detect [--labels PER,LOC,...] [--config FILE] [--recognizers FILE] < in.jsonl > out.jsonl

Finds entities without replacing them. Reads one JSON object per line on stdin, {"id": ..., "text": "..."},
and prints one line per input line: {"id": ..., "entities": [{"start", "end", "label", "score"}]}, with
start and end as UTF-16 offsets (JavaScript string indices), end exclusive.

  --labels L1,L2    only these labels (default: all)
  --config FILE     an upload config (JSON); its blacklist and whitelist apply
  --recognizers FILE
                    your own recognizers beside the built-in ones, as for "text"

A bad line is reported on stderr as a ProblemDetail naming it (field "line[N]") and gets no output line;
the other lines go on, and the exit code is then 1. A blank text gives "entities": [].

Labels:
${LABELS}
`;

/** `anonymize --help`. */
export const ANONYMIZE_HELP = `Usage: local-anonymizer anonymize IN --out OUT [--piis FILE] [--config FILE] [--recognizers FILE] [--verification-fallback fail|rasterise] [--ocr-workers N] [--quiet] [--verbose]
       local-anonymizer anonymize IN... --out-dir DIR [--piis-dir DIR] [--jobs N] [--config FILE] [--recognizers FILE] [--verification-fallback ...] [--ocr-workers N] [--quiet] [--verbose]

Anonymizes PDF, DOCX, DOC, JPEG, PNG and BMP files (the type is read from the bytes, not the name). The result
has the same format and no metadata; PDF and Word files are checked again after they are written. Text (also text that OCR reads in
images and scanned pages) is replaced as for "text" with pseudonyms; faces (and, when the config asks, text
in images) are masked.

One file:
  IN --out OUT      writes OUT only when the document completed. On failure: the ProblemDetail on stderr,
                    exit 1, and no OUT (nor --piis) file, not even one from an earlier run.
  --piis FILE       also write the document's PII record (JSON): what was found, page by page.

Many files (the models load once per engine, not once per file):
  IN... --out-dir DIR
                    writes DIR/<file name of IN> for each input (DIR is created when missing; a file of that
                    name there is replaced). Prints one JSON line per completed document on stdout:
                    {"file": IN, "out": ..., "documentType": ..., "pages": N, "seconds": S}.
                    A document that fails gets one ProblemDetail line on stderr with "file": IN, and no
                    file in DIR (an old one is removed); the others go on. Exit 1 when any failed, else 0.
                    Two inputs with the same file name: the first is processed, each later one fails.
  --piis-dir DIR    also write DIR/<file name of IN>.json, each document's PII record.
  --jobs N          documents in flight at once, each on a thread with its own engine (about 0.5 GB each);
                    1: everything in this thread. Default: the cores, at most 4 (here ${DEFAULT_JOBS}); at most ${MAX_JOBS}.
                    In a container limited to fewer cores than the machine has, give the limit.

Both:
  --config FILE     an upload config (JSON): textAnonymization as for "text", imageAnonymization labels
                    (face, text) with MASK, BLUR or PIXELATE. Default: every text label, faces masked.
  --recognizers FILE
                    your own recognizers beside the built-in ones, as for "text"
  --verification-fallback fail|rasterise
                    a PDF page whose text still shows an original string when the result is checked:
                    fail the document (default; the problem lists pages, labels and boxes, never the text),
                    or redact that page as an image instead (its text is then no longer selectable).
  --ocr-workers N   pages of a scanned PDF recognised at once, each by its own OCR worker (about 200 MB each,
                    for the time a document needs OCR). Default: one per two cores, 1 to 4 (here ${ocrWorkersFor(availableParallelism())});
                    at most ${MAX_OCR_WORKERS}. In a container limited to fewer cores than the machine has, give the limit.
  --quiet, -q       no progress bar. The bar is drawn on stderr only when stderr is a terminal.
  --verbose         show what the PDF, OCR and model libraries print (on stderr); by default it is dropped,
                    so that stderr carries only ProblemDetail lines.

Examples:
  local-anonymizer anonymize letter.pdf --out letter-anon.pdf --piis letter-piis.json
  local-anonymizer anonymize scans/*.pdf --out-dir anon/ --piis-dir piis/ 2> failed.jsonl
`;

/** `assets --help`. */
export const ASSETS_HELP = `Usage: local-anonymizer assets DIR

Copies every file the browser build fetches at run time (the NER and face models, tesseract's worker and
language data, pdf.js's worker and data) into DIR, in the layout the browser engine's assetsBaseUrl option
expects, for apps that serve these files themselves. Needs the built package (npm run build).
Prints {"dir": ..., "files": N, "bytes": N} on stdout.
`;

/** The help of one command. */
export function commandHelp(command: CommandName): string {
  switch (command) {
    case 'text':
      return TEXT_HELP;
    case 'detect':
      return DETECT_HELP;
    case 'anonymize':
      return ANONYMIZE_HELP;
    case 'serve':
      return SERVE_HELP;
    case 'assets':
      return ASSETS_HELP;
    case 'pseudonymize':
      return PSEUDONYMIZE_HELP;
    case 'restore':
      return RESTORE_HELP;
  }
}
