/**
 * What a document-kind generator (cv.ts, hr.ts, …) needs from the shared generator in synth.ts: the language, the
 * split-filtered sentence bank and the common letter parts. Kinds get it as an interface so they do not import synth.ts.
 */
import type { Rng } from './core.js';
import type { Lang } from './lexicon.js';
import type { Ctx, Out } from './render.js';

export const DOMAINS = [
  'general',
  'tenancy',
  'employment',
  'insurance',
  'medical',
  'court',
  'invoice',
  'school',
  'police',
  'bank',
] as const;
export type Domain = (typeof DOMAINS)[number];

export interface Frame {
  readonly lang: Lang;
  /** `n` sentences from the bank of `domain` (with some general, negative and jargon sentences mixed in). */
  sentences(ctx: Ctx, domain: Domain, n: number): Out;
  /** Sign-off name of person A or B with optional role, phone and mail. */
  signature(ctx: Ctx, key: 'A' | 'B'): Out;
  /** "Köln, 12.03.2024" / "Date: 4 May 2023". */
  dateLine(ctx: Ctx): Out;
  /** One of a kind's own sentence patterns, from the part of the list that belongs to this split. */
  pattern(rng: Rng, list: readonly string[]): string;
}
