import type { Anonymizer } from '../../engine/text-engine.js';
import { createTextEngine } from '../../engine/text-engine.js';
import type { AnonymizerOptions } from '../../engine/options.js';
import { browserAssets } from './assets.js';
import { provideLexicons } from '../../detection/lexicons/store.js';
import { browserLexicons } from './lexicons.js';
import { browserNer } from './ner.js';

/** Options of the browser's text engine. */
export interface BrowserTextOptions extends AnonymizerOptions {
  /** A self-hosted folder with the package's files (`local-anonymizer assets DIR`); default: the bundled files. */
  assetsBaseUrl?: string;
}

/**
 * The text engine in a page or worker: the shipped model (or the `ner` option's) runs in `workers/ner.worker.ts`,
 * its files and the rules' word lists from the app's own origin, loaded on first need.
 * @example
 * const anonymizer = createAnonymizer();
 * const result = await anonymizer.text({ text: 'Herr Müller, Tel. 030 1234567', textLabels: ['PER', 'TEL'], usePseudonyms: true });
 */
export function createAnonymizer(options: BrowserTextOptions = {}): Anonymizer {
  const base = globalThis.location.href;
  const assets = browserAssets(base, options.assetsBaseUrl);
  provideLexicons(() => browserLexicons(assets.lexicons));
  return createTextEngine(options, browserNer(base, assets));
}
