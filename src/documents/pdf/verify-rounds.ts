import type { Edit } from '../../replacement/apply.js';
import type { Box } from '../../spec/types.js';
import { verificationFailed } from '../../errors/problem.js';
import type { VerificationLeak, VerificationSummary } from '../adapter.js';
import { knownStrings } from '../propagate.js';
import type { PageRedaction } from './page-redaction.js';
import { editBoxes, redactLate, rewritePage } from './page-redaction.js';
import type { PdfjsSource } from './pdfjs.js';
import type { DocumentRasteriser } from './rasterise.js';
import type { Needle } from './verify.js';
import { verifyPdf } from './verify.js';
import { writeFresh } from './write.js';

/**
 * How far (in heights of the box) a leak's box is widened along its line in each repair round: the verifier's boxes
 * assume equally wide characters, so a second round reaches the glyphs a proportional font put a little further.
 * Vertical lines are not widened: a leak there that the first round misses goes to the fallback.
 */
const REPAIR_ROUNDS = [0, 0.5];

/** The written file and what verifying it found. */
export interface Verified {
  bytes: Uint8Array;
  verification: VerificationSummary;
}

/** A leak's box widened by `heights` of its height at both ends of its line (lines run across the page). */
function widen(box: Box, heights: number): Box {
  const d = heights * (box.y1 - box.y0);
  return { ...box, x0: box.x0 - d, x1: box.x1 + d };
}

/**
 * The pages (0-based, in the order the leaks name them) whose text still shows an original string, when mending
 * them can help: null when a leak is elsewhere than in the text of a page, or on a page already rasterised.
 */
export function pagesToMend(leaks: readonly VerificationLeak[], rasterised: ReadonlyMap<number, unknown>): number[] | null {
  const pages = new Set(leaks.map((l) => (l.where.startsWith('text of page') && l.boxes ? (l.page ?? 0) - 1 : -1)));
  if (pages.has(-1) || [...pages].some((i) => rasterised.has(i))) return null;
  return [...pages];
}

/** The boxes to clear on page `i` (0-based) in a repair round: its leaks' boxes widened by `heights`. */
export function repairBoxes(leaks: readonly VerificationLeak[], i: number, heights: number): Box[] {
  return leaks
    .filter((l) => l.page === i + 1)
    .flatMap((l) => l.boxes ?? [])
    .map((b) => widen(b, heights));
}

/**
 * The verifier reads pdf.js's text, which may order or join a page's glyphs otherwise than the redaction read them
 * (a figure's letters our reading leaves out, `CFI-⏎style` it joined to one word): where it still finds an original
 * string in the text of a rewritten page, the glyphs in the boxes it names are removed too (first as found, then a
 * little wider), and all is verified again.
 */
async function repairLeaks(r: PageRedaction, state: Verified, reverify: () => Promise<void>): Promise<void> {
  for (let round = 0; round < REPAIR_ROUNDS.length && !state.verification.passed; round++) {
    const leaking = pagesToMend(state.verification.leaks, r.rasterised);
    if (!leaking) break;
    let repaired = 0;
    for (const i of leaking) {
      const boxes = repairBoxes(state.verification.leaks, i, REPAIR_ROUNDS[round]!);
      if (rewritePage(r, i, [], false, boxes) === null) repaired += boxes.length;
    }
    if (repaired === 0) break;
    r.stats['repairedLeaks'] = (r.stats['repairedLeaks'] ?? 0) + repaired;
    await reverify();
  }
}

/**
 * The stricter fallback: pages whose text still shows an original string are redacted as images; what their OCR
 * finds is redacted on the other text pages too (a page's late strings are every page's), and all is verified
 * again, until no text page leaks. Only where every leak is in the text of a page: elsewhere rasterising cannot help.
 */
async function rasteriseLeaking(
  r: PageRedaction,
  again: DocumentRasteriser,
  knownEdits: readonly Edit[],
  state: Verified,
  reverify: () => Promise<void>,
): Promise<void> {
  for (let round = 0; !state.verification.passed && round < r.pages.length; round++) {
    const leaking = pagesToMend(state.verification.leaks, r.rasterised);
    if (!leaking) break;
    const fresh: Edit[] = [];
    for (const i of leaking) {
      const { text, paragraphs } = r.pages[i]!;
      const page = await again.rasterise(i + 1, text, editBoxes(paragraphs), r.job, r.firstFreeXref + i);
      page.addKnown(knownStrings([...knownEdits, ...page.edits]));
      await page.apply(r.doc, r.srcPages[i]!);
      r.rasterised.set(i, page);
      fresh.push(...page.edits);
      r.stats.rasterisedPages++;
      r.stats.rewrittenPages--;
    }
    // A page whose rewrite fails now leaks at the next verification and is rasterised in the next round.
    redactLate(r, knownStrings(fresh));
    await reverify();
  }
}

/**
 * Writes the redacted document fresh and verifies it against `needles` (every original string known by then):
 * leaks in the text of rewritten pages are repaired, then, with `openFallback`, their pages rasterised. Fails closed:
 * throws when an original string survives.
 */
export async function verifyRedaction(
  r: PageRedaction,
  pdfjs: PdfjsSource,
  needles: () => Needle[],
  knownEdits: readonly Edit[],
  openFallback: (() => DocumentRasteriser) | null,
): Promise<Verified> {
  const bytes = await writeFresh(r.doc);
  r.progress('verifying', 0);
  const verify = (b: Uint8Array) => verifyPdf(pdfjs, b, needles(), (done) => r.progress('verifying', done));
  const state: Verified = { bytes, verification: await verify(bytes) };
  const reverify = async () => {
    state.bytes = await writeFresh(r.doc);
    state.verification = await verify(state.bytes);
  };
  await repairLeaks(r, state, reverify);
  const again = openFallback?.() ?? null;
  try {
    if (again) await rasteriseLeaking(r, again, knownEdits, state, reverify);
  } finally {
    await again?.close();
  }
  if (!state.verification.passed) throw verificationFailed(state.verification.leaks);
  return state;
}
