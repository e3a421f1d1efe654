import type { ReplacementConfig } from '../../spec/types.js';
import { replaceDate } from './date.js';
import { fullPseudonym } from './full.js';
import { partialPseudonym } from './partial.js';
import { suppress } from './suppression.js';

export { replaceDate } from './date.js';
export { fullPseudonym } from './full.js';
export { partialPseudonym, resolvePartialRange, type PartialRange } from './partial.js';
export { suppress } from './suppression.js';

/** Replacement text of one match under a spec ReplacementConfig (2.5). */
export function applyOperator(match: string, config: ReplacementConfig): string {
  switch (config.type) {
    case 'FULL_PSEUDONYMIZATION':
      return fullPseudonym(match, config);
    case 'PARTIAL_PSEUDONYMIZATION':
      return partialPseudonym(match, config);
    case 'DATE_PSEUDONYMIZATION':
      return replaceDate(match, config);
    case 'SUPPRESSION':
      return suppress(match, config);
    default:
      return unreachable(config);
  }
}

/** Compile-time exhaustiveness; at run time a config that slipped past validation is a programming error. */
function unreachable(config: never): never {
  throw new TypeError(`Unknown replacement type: ${String((config as { type?: unknown }).type)}`);
}

/** Whether a config's replacement counts as a pseudonym (Detection.pseudonym non-null) rather than a mask. */
export function isPseudonymConfig(config: ReplacementConfig): boolean {
  return config.type !== 'SUPPRESSION';
}
