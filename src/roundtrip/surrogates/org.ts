import { commonWordsDe, commonWordsEn, placeNames } from '../../detection/lexicons/store.js';
import type { Draw } from './draw.js';
import { caseLike, key, pickFree, randomLetter, splitWords, toAscii } from './draw.js';
import { drawFamily, drawGiven, genderOf, isGivenName } from './names.js';

/*
 * ORG. Generic words stay (a legal form, `Amtsgericht`, `Stadtwerke`, a lower-case word, any common noun or
 * adjective: `Deutsche`, `Bank`), folded to ASCII; proper names change word for word: a place becomes a town
 * (`Amtsgericht Koeln` → `Amtsgericht Lingen`), a given name a given name, an acronym as many random capitals, any
 * other name a family name (`Mueller GmbH` → `Brandt GmbH`). `&` becomes `und`/`and` (`&` is HTML-escaped).
 */

const isGeneric = (d: Draw, word: string): boolean => {
  const lower = word.toLowerCase();
  return (
    d.lists.orgWords.some((w) => key(w) === key(word)) || !/^\p{Lu}/u.test(word) || commonWordsDe().has(lower) || commonWordsEn().has(lower)
  );
};

/** The surrogate of an organisation's name, null when it has no proper name to change. */
export function orgSurrogate(d: Draw, original: string): string | null {
  const { words, join } = splitWords(original);
  const avoid = new Set(words.flatMap((w) => w.core.split('-').map((p) => p.toLowerCase())));
  const out: string[] = [];
  let changed = false;
  for (const w of words) {
    const core = w.core;
    if (core === '&') out.push(d.locale === 'de' ? 'und' : 'and');
    else if (!/\p{L}/u.test(core) || isGeneric(d, core)) out.push(toAscii(core).replace(/[^A-Za-z0-9.,@+/()_:#-]/gu, ''));
    else if (/^[A-Z]{2,5}$/u.test(core)) {
      out.push(core.replace(/[A-Z]/gu, (c) => randomLetter(d.random, c)));
      changed = true;
    } else {
      const parts: string[] = [];
      for (const part of core.split('-')) {
        if (part !== '' && isGeneric(d, part) && core.includes('-')) {
          parts.push(toAscii(part));
          continue;
        }
        const town = () =>
          pickFree(
            d,
            [...d.lists[d.locale].towns].filter((t) => !t.includes(' ')),
            avoid,
          );
        const drawn = placeNames().has(part)
          ? town()
          : isGivenName(d.lists, part)
            ? drawGiven(d, genderOf(d.lists, part), avoid)
            : drawFamily(d, avoid);
        if (drawn === undefined) return null;
        avoid.add(drawn.toLowerCase());
        parts.push(caseLike(part, drawn));
      }
      out.push(parts.join('-'));
      changed = true;
    }
  }
  return changed ? join(out) : null;
}
