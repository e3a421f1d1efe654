import type { Suppression } from '../../spec/types.js';
import { MAX_SUPPRESSION_LENGTH } from '../../spec/types.js';

/**
 * SUPPRESSION: `suppressionLength` times `*` (3 → `***`), whatever the match was. A length of 0 or below gives the
 * empty string (the entity is removed); fractions are truncated; lengths above `MAX_SUPPRESSION_LENGTH` are clamped.
 */
export function suppress(match: string, cfg: Suppression): string {
  // The match is irrelevant by design: suppression must not leak the original length.
  void match;
  const n = Number.isFinite(cfg.suppressionLength) ? Math.trunc(cfg.suppressionLength) : 0;
  return '*'.repeat(Math.min(Math.max(n, 0), MAX_SUPPRESSION_LENGTH));
}
