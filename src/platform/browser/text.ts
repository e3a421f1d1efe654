import type { Anonymizer } from '../../engine/text-engine.js';
import { createTextEngine } from '../../engine/text-engine.js';
import type { AnonymizerOptions } from '../../engine/options.js';
import { browserNer } from './ner.js';

/**
 * The text engine in a page or worker: the shipped model (or the `ner` option's) runs in `workers/ner.worker.ts`,
 * its files from the app's own origin, loaded on first need.
 * @example
 * const anonymizer = createAnonymizer();
 * const result = await anonymizer.text({ text: 'Herr Müller, Tel. 030 1234567', textLabels: ['PER', 'TEL'], usePseudonyms: true });
 */
export function createAnonymizer(options: AnonymizerOptions = {}): Anonymizer {
  return createTextEngine(options, browserNer(globalThis.location.href));
}
