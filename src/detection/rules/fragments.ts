/** Regex source fragments shared by the pattern recognizers (all used with the `u` flag). */

/** One space inside an entity: a plain, no-break or narrow no-break space (never a line break). */
export const SP = String.raw`[ \u00A0\u202F]`;
/** Start of a word: no letter, digit or mark before. */
export const WORD_START = String.raw`(?<![\p{L}\p{N}\p{M}])`;
/** End of a word: no letter, digit or mark after. */
export const WORD_END = String.raw`(?![\p{L}\p{N}\p{M}])`;
