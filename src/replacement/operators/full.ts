import type { FullPseudonymization } from '../../spec/types.js';

/** FULL_PSEUDONYMIZATION: the whole match becomes `pseudonym`, literally (no `LABEL-n` numbering, no templating). */
export function fullPseudonym(match: string, cfg: FullPseudonymization): string {
  void match;
  return cfg.pseudonym;
}
