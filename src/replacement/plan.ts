import type { ReplacementConfig, TextLabelConfig, TextLabelName } from '../spec/types.js';

/**
 * How each label is replaced, resolved once at the API edge from the request (`usePseudonyms`) or an upload
 * config (`labelsConfig`). Inner modules never read raw configuration.
 */
export interface ReplacementPlan {
  /** Labels with an explicit ReplacementConfig. */
  configs: Partial<Record<TextLabelName, ReplacementConfig>>;
  /** Labels without a config: `***` (mask) or a stable `LABEL-n` (pseudonym). */
  defaultMode: 'mask' | 'pseudonym';
}

/** Plan of the text endpoint, optionally refined by an upload config's `labelsConfig`. */
export function createPlan(usePseudonyms: boolean, labelsConfig?: readonly TextLabelConfig[] | null): ReplacementPlan {
  const configs: Partial<Record<TextLabelName, ReplacementConfig>> = {};
  for (const entry of labelsConfig ?? []) if (entry.config) configs[entry.name] = entry.config;
  return { configs, defaultMode: usePseudonyms ? 'pseudonym' : 'mask' };
}
