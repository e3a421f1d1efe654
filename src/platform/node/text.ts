import type { Anonymizer } from '../../engine/text-engine.js';
import { createTextEngine } from '../../engine/text-engine.js';
import type { AnonymizerOptions } from '../../engine/options.js';
import { provideLexicons } from '../../detection/lexicons/store.js';
import { nodeLexicons } from './lexicons.js';
import { nodeNer } from './ner.js';

/**
 * The text engine in Node: the shipped model (or the `ner` option's) runs in this thread, loaded on first need, as are
 * the rules' word lists (the package's `lexicons/`).
 * @example
 * const anonymizer = createAnonymizer();
 * const result = await anonymizer.text({ text: 'Herr Müller, Tel. 030 1234567', textLabels: ['PER', 'TEL'], usePseudonyms: true });
 * // result.pseudonymizedText === 'Herr PER-1, Tel. TEL-1'
 */
export function createAnonymizer(options: AnonymizerOptions = {}): Anonymizer {
  provideLexicons(nodeLexicons);
  return createTextEngine(options, nodeNer);
}
