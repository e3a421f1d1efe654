import type { DatePseudonymization } from '../../spec/types.js';

/**
 * DATE_PSEUDONYMIZATION: masks the chosen components of a date, keeping their place and length.
 * PLACEHOLDER SIGNATURE — implemented by the dates work (see decisions.md).
 */
export function replaceDate(match: string, cfg: DatePseudonymization): string {
  void match;
  return cfg.pseudonym;
}
