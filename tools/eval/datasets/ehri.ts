import type { TextLabelName } from '../../../src/spec/types.js';
import type { MappedLabel } from '../types.js';

/**
 * EHRI-NER (Holocaust-era archival editions, `token tag` IOB2, German and English parts) → ours. PERS → PER; LOC,
 * CAMP and GHETTO → LOC (camps and ghettos are named places, mostly towns); ORG → ORG; DATE → DATE. EHRI tags
 * nationality adjectives as LOC ("rumänischer Staatsangehöriger", "Hungarian Jews"): our spec does not label
 * nationality adjectives or languages, so those spans are not entities (`isNationalityAdjective`).
 */
export const EHRI_MAPPING: Readonly<Record<string, MappedLabel>> = {
  PERS: 'PER',
  PER: 'PER',
  LOC: 'LOC',
  CAMP: 'LOC',
  GHETTO: 'LOC',
  ORG: 'ORG',
  DATE: 'DATE',
};

export const EHRI_LABELS: TextLabelName[] = ['PER', 'LOC', 'ORG', 'DATE'];

/** English nationality/language adjectives and demonyms that do not end in -ian/-ish/-ese. */
const EN_DEMONYMS = new Set(
  'German Germans Czech Czechs Slovak Slovaks Greek Greeks French Dutch British Swiss Thai Arab Arabs Arabic American Americans European Europeans African Korean Mexican Serb Serbs Croat Croats Pole Poles Magyar Magyars Yugoslav Yugoslavs Czechoslovak Slovene Slovenes Slav Slavs Slavic Baltic Roman Romans Jew Jews Jewish Turk Turks Latvian Moravian Silesian Ukrainian Russian Prussian Bavarian Bohemian Hungarian Romanian Rumanian Bulgarian Austrian Italian Belgian Norwegian Lithuanian Estonian Anglo Viennese Japanese Chinese Portuguese Polish English Spanish Turkish Danish Swedish Finnish Irish Scottish Welsh Flemish'.split(
    ' ',
  ),
);

/**
 * A LOC span that is a nationality adjective or demonym, not a place. German: the span starts with a lower-case letter
 * (German place names are capitalised; "rumänischer", "deutschen", "österr."). English: one word ending in
 * -ian(s)/-ish/-ese or in the list above ("Hungarian", "Czechs", "German"). Capitalised German derivations
 * ("Wiener", "Prager") stay LOC: they are also parts of names ("Wiener Neustadt").
 */
export function isNationalityAdjective(surface: string, lang: 'de' | 'en'): boolean {
  if (lang === 'de') return /^\p{Ll}/u.test(surface);
  if (/^\p{Ll}/u.test(surface)) return true;
  if (/\s/.test(surface)) return false;
  return EN_DEMONYMS.has(surface) || /^\p{Lu}\p{Ll}+(?:ians?|ish|ese)$/u.test(surface);
}

/** The mapper for one language part. */
export function ehriMapper(lang: 'de' | 'en'): (type: string, surface: string) => MappedLabel {
  return (type, surface) => {
    const mapped = Object.hasOwn(EHRI_MAPPING, type) ? (EHRI_MAPPING[type] ?? null) : null;
    if (type === 'LOC' && isNationalityAdjective(surface, lang)) return null;
    return mapped;
  };
}
