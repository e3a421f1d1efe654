import { SP } from '../rules/fragments.js';

/*
 * Where an identifier may start and end: not inside a word or another number; shared by the identifier rules.
 */

// Between a label and its value forms also use tabs (`Fallnummer:\tA-202344102`).
export const GAP = String.raw`[ \t\u00A0\u202F]`;
// Not inside a word or number.
export const LEFT_ID = String.raw`(?<![\p{L}\p{N}\p{M}_])`;
export const RIGHT_ID = String.raw`(?![\p{L}\p{N}\p{M}_])`;
// A number that must not continue another number (`1.234`, `12 34…`, `/12`).
export const LEFT_NUM = String.raw`(?<![\p{L}\p{N}\p{M}_.,\/+\-]|\p{N}${SP})`;
export const RIGHT_NUM = String.raw`(?![\p{L}\p{N}\p{M}_]|[.,\/\-]\p{N})`;
