import type { PatternRule } from '../rules/pattern-recognizer.js';
import { SP } from '../rules/fragments.js';
import { LEFT_ID, RIGHT_ID } from './boundaries.js';
import { isValidContainerNumber } from './validators/container.js';

/*
 * Freight container numbers (OTH, ISO 6346): the check digit, or a container word before them.
 */

/** Freight container numbers (ISO 6346, `MSKU 907032 3`): the check digit, or a container word before them. */
const CONTAINER = `${LEFT_ID}[A-Z]{3}[UJZ]${SP}?\\d{6}${SP}?\\d${RIGHT_ID}`;
const CONTAINER_WORDS = ['container', 'cntr', 'ctr', 'equipment'];

export const CONTAINER_RULES: readonly PatternRule[] = [
  {
    label: 'OTH',
    regex: new RegExp(CONTAINER, 'gu'),
    score: 0.35,
    validate: (v) => (isValidContainerNumber(v) ? 0.85 : 0.35),
    context: { words: CONTAINER_WORDS, boost: 0.4 },
  },
];
