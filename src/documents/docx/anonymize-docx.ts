import { verificationFailed } from '../../errors/problem.js';
import type { Edit } from '../../replacement/apply.js';
import type { PiiPageEntry } from '../../spec/types.js';
import type { AdapterOutput, DocumentJob, DocumentPhase } from '../adapter.js';
import { reportProgress } from '../adapter.js';
import { buildPageEntry, imageUrlOf } from '../pii-record.js';
import { imageFindingsEntry } from '../image/findings-entry.js';
import { readZip } from '../zip/read-zip.js';
import { writeZip } from '../zip/write-zip.js';
import { applySegmentEdits } from './apply-edits.js';
import { removeHistory, scrubSettings } from './history.js';
import type { ImagePipelineDeps } from '../image/anonymize-image.js';
import { anonymizeMedia } from './media.js';
import { CONTENT_TYPES, WordPackage } from './package.js';
import type { PartRole } from './part-roles.js';
import { roleOf } from './part-roles.js';
import { pruneRelationships } from './prune.js';
import type { Segment } from './segments.js';
import { collectSegments, linkSegment } from './segments.js';
import { verifyDocx } from './verify-docx.js';

const HYPERLINK = /\/hyperlink$/;
const IMAGE = /\/image$/;
const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** A segment with its story ("page" of the PII record) and what detection and propagation did to it. */
interface Detected {
  segment: Segment;
  pageNum: number;
  edits: Edit[];
}

/**
 * What detection reads as one text: the paragraphs of a part together, in document order (a table's rows as lines of
 * columns); a field instruction, an attribute or a link target alone; identifiers in a group of their own, not read.
 */
function readingGroups(detected: readonly Detected[]): Detected[][] {
  const paragraphs = new Map<string, Detected[]>();
  const others: Detected[][] = [];
  const identifiers: Detected[] = [];
  for (const d of detected) {
    if (d.segment.kind === 'paragraph') {
      const list = paragraphs.get(d.segment.part);
      if (list) list.push(d);
      else paragraphs.set(d.segment.part, [d]);
    } else if (d.segment.kind === 'identifier') identifiers.push(d);
    else others.push([d]);
  }
  return [...paragraphs.values(), ...others, ...(identifiers.length > 0 ? [identifiers] : [])];
}

/**
 * Anonymizes a DOCX: unzip under limits, keep only allow-listed parts, remove history and personal settings, detect
 * on every text segment (paragraphs joined across runs, field instructions, alt texts, hyperlink targets), send the
 * images through the image pipeline, replace every occurrence of every detected string in every part (both copies of
 * a text box), write a deterministic ZIP and verify it by re-reading (fail closed).
 *
 * In the PII record a "page" is a story: the main document is page 1, then each further text part (headers, footers,
 * footnotes, endnotes, glossary, charts, SmartArt) in part-name order gets the next page.
 */
export async function anonymizeDocx(bytes: Uint8Array, job: DocumentJob, deps: ImagePipelineDeps): Promise<AdapterOutput> {
  const pkg = new WordPackage(readZip(bytes));
  const main = pkg.mainPart();
  // An image's `xref` in the PII record is its entry's position in the original ZIP (the service serves it from there).
  const entryIndex = new Map(pkg.partNames().map((n, i) => [n, i]));
  // A picture is an image by the relationship that uses it, whatever its content type says (or fails to say).
  const pictures = new Set(
    pkg
      .partNames()
      .flatMap((source) =>
        pkg.relationships(source).flatMap((r) => (IMAGE.test(r.type) && r.targetPart !== null ? [pkg.find(r.targetPart) ?? ''] : [])),
      ),
  );
  const roles = new Map<string, PartRole>();
  for (const name of pkg.partNames()) {
    if (name === CONTENT_TYPES) continue;
    const role = name === main ? 'main' : pictures.has(name) ? 'image' : roleOf(pkg.contentType(name));
    // Only the package's main part is the document; another main-document part is dropped.
    roles.set(name, role === 'main' && name !== main ? 'drop' : role);
  }
  for (const [name, role] of roles) if (role === 'drop') pkg.drop(name);
  // Only what the document reaches stays: a thumbnail (a picture of page one) hangs off the package, not the document.
  const reached = reachableFrom(pkg, main);
  for (const name of roles.keys()) if (pkg.has(name) && !name.endsWith('.rels') && !reached.has(name)) pkg.drop(name);
  const kept = [...roles].filter(([name]) => pkg.has(name));
  const stats = { droppedParts: roles.size - kept.length, acceptedRevisions: 0, segments: 0, replacedImages: 0, placeholderImages: 0 };
  stats.droppedParts += pruneRelationships(pkg);

  for (const [name, role] of kept) {
    if (role === 'image' || !isXmlPart(name) || name.endsWith('.rels')) continue;
    const doc = pkg.xml(name);
    stats.acceptedRevisions += removeHistory(doc);
    if (role === 'settings') scrubSettings(doc);
  }

  const stories = [
    main,
    ...kept
      .filter(([n, r]) => r === 'story' && n !== main)
      .map(([n]) => n)
      .sort(byName),
  ];
  const copies = kept.filter(([, r]) => r === 'copy').map(([n]) => n);
  const pageOf = new Map(stories.map((n, i) => [n, i + 1]));
  const segments: Array<{ segment: Segment; pageNum: number }> = [];
  for (const part of [...stories, ...copies]) {
    const pageNum = pageOf.get(part) ?? 0;
    for (const segment of collectSegments(pkg.xml(part), part, !pageOf.has(part))) segments.push({ segment, pageNum });
    for (const rel of pkg.relationships(part))
      if (rel.external && HYPERLINK.test(rel.type)) {
        const segment = linkSegment(rel.el, part);
        if (segment) segments.push({ segment, pageNum });
      }
  }
  stats.segments = segments.length;

  const total = segments.length;
  const progress = (phase: DocumentPhase, done: number) => reportProgress(job, phase, done, total);
  progress('detecting', 0);
  const detected: Detected[] = segments.map(({ segment, pageNum }) => ({ segment, pageNum, edits: [] }));
  let done = 0;
  for (const group of readingGroups(detected)) {
    job.signal?.throwIfAborted();
    const pieces = group.map((d) => ({ text: d.segment.text, ...(d.segment.joiner ? { joiner: d.segment.joiner } : {}) }));
    const applied =
      group[0]!.segment.kind === 'identifier' || !job.texts ? [] : await job.texts(pieces, (n) => progress('detecting', done + n));
    applied.forEach((a, i) => (group[i]!.edits = a.edits));
    done += group.length;
    progress('detecting', done);
  }

  const images = kept.filter(([, r]) => r === 'image').map(([n]) => n);
  reportProgress(job, 'ocr', 0, images.length);
  const media = await anonymizeMedia(pkg, images, job, deps, (done) => reportProgress(job, 'ocr', done, images.length));
  for (const m of media) stats[m.findings ? 'replacedImages' : 'placeholderImages']++;

  // One finding counts for the whole document: a name found once, or any part of it, is replaced in every part and
  // every copy, as a mention of its entity (the pictures' texts were read through the same entities).
  const imageEdits = media.flatMap((m) => m.findings?.ocrText?.applied?.edits ?? []);
  progress('redacting', 0);
  const settled = job.propagate(detected.map((d) => ({ text: d.segment.text, edits: d.edits })));
  detected.forEach((d, i) => {
    d.edits = settled[i]!;
    applySegmentEdits(d.segment, d.edits, d.segment.kind === 'link' ? encodeURI : undefined);
  });
  const out = writeZip(pkg.serialize());
  progress('redacting', total);

  progress('verifying', 0);
  const needles = [...detected.flatMap((d) => d.edits), ...imageEdits].map((e) => ({ label: e.label, text: e.original }));
  const verification = verifyDocx(out, needles);
  progress('verifying', total);
  if (!verification.passed) throw verificationFailed(verification.leaks);

  const pageData: PiiPageEntry[] = [];
  let paragraphId = 0;
  for (const d of detected) {
    // A copy is counted where it was first seen; identifiers never; alt texts and links only when something was found.
    if (
      d.segment.copy ||
      d.segment.kind === 'identifier' ||
      ((d.segment.kind === 'attribute' || d.segment.kind === 'link') && d.edits.length === 0)
    )
      continue;
    pageData.push(
      buildPageEntry({ pageNum: d.pageNum, paragraphId: paragraphId++, text: d.segment.text, edits: d.edits, locateOriginal: () => null }),
    );
  }
  media.forEach((m) => {
    if (!m.findings) return;
    const xref = entryIndex.get(m.part)!;
    const pageNum = pageOf.get(stories.find((s) => pkg.relationships(s).some((r) => r.targetPart === m.part)) ?? main) ?? 1;
    pageData.push(
      imageFindingsEntry(m.findings, {
        pageNum,
        paragraphId: paragraphId++,
        imageUrl: imageUrlOf(job.imageBaseUrl, job.documentId, xref),
        xref,
      }),
    );
  });
  return { bytes: out, pageData, verification: { ...verification, stats } };
}

function isXmlPart(name: string): boolean {
  return /\.(?:xml|rels)$/i.test(name);
}

/** Parts reached from the main part through internal relationships. */
function reachableFrom(pkg: WordPackage, main: string): Set<string> {
  const reached = new Set([main]);
  const queue = [main];
  while (queue.length > 0)
    for (const rel of pkg.relationships(queue.pop()!)) {
      const target = rel.targetPart === null ? null : pkg.find(rel.targetPart);
      if (target !== null && !reached.has(target)) {
        reached.add(target);
        queue.push(target);
      }
    }
  return reached;
}
