/**
 * Registers `lexicons/surrogates.json`, the round trip's hand-curated surrogate lists (src/roundtrip/surrogates/):
 * checks it (every list present, plain ASCII, no entry twice in a list) and writes its hash and size into
 * `lexicons/manifest.json`. The file itself is edited by hand.
 * Run: `node --import tsx tools/lexicons/build-surrogates.ts && npx prettier --write lexicons/manifest.json`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSurrogateLists } from '../../src/detection/lexicons/surrogate-lists.js';
import { registerLexicon } from './lexicon-files.js';

const path = join(import.meta.dirname, '..', '..', 'lexicons', 'surrogates.json');
const bytes = readFileSync(path);
const text = bytes.toString('utf8');
if (!/^[\x0a\x20-\x7e]*$/u.test(text)) throw new Error('lexicons/surrogates.json must be plain ASCII');
const lists = parseSurrogateLists(text);
const named: Array<[string, readonly string[]]> = [
  ...Object.entries(lists.de).map(([k, v]): [string, readonly string[]] => [`de.${k}`, v]),
  ...Object.entries(lists.en).map(([k, v]): [string, readonly string[]] => [`en.${k}`, v]),
  ['countries', lists.countries],
  ['orgWords', lists.orgWords],
];
for (const [name, list] of named) {
  if (new Set(list).size !== list.length) throw new Error(`lexicons/surrogates.json: ${name} names an entry twice`);
}
registerLexicon('surrogates', bytes, {
  license: 'CC0-1.0 (hand-curated)',
  source: 'hand-curated by the project: common German and English given and family names, street words, small towns (lexicons/README.md)',
  builder: 'tools/lexicons/build-surrogates.ts',
});
