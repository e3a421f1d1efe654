/**
 * Misreads of tesseract's German and English models that detection would trip over, mended in the word it read: a
 * word keeps its box, and only the text detection sees changes. Only misreads that read as nothing else:
 * - `¢` right after a letter is a `ć` or `č` (`Hadzi¢` for `Hadžić`): a cent sign follows a number;
 * - `B` for `ß` in the words street rules and places need (`FlurstraBe`, `GroBlehna`, `GroB-Gerau`), where a
 *   capital inside a lower-case word reads as nothing else.
 * (docs/decisions.md, "Scans as users get them")
 */
const CENT_AFTER_LETTER = /(?<=\p{L})¢/gu;
const STRASSE = /(?<=[Ss]tra)B(?=e[ns]?(?![\p{L}]))/gu;
const GROSS = /(?<=(?:^|[^\p{L}])[Gg]ro)B(?=\p{Ll}|-|$)/gu;

/** The word as written, where tesseract misread it in a way this module knows. */
export function mended(word: string): string {
  return word.replace(CENT_AFTER_LETTER, 'c').replace(STRASSE, 'ß').replace(GROSS, 'ß');
}
