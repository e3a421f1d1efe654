import { isValidCif, isValidDniNie } from './validators/es-nif.js';
import { isValidCodiceFiscale } from './validators/it-codice-fiscale.js';
import { luhnValid } from './validators/luhn.js';
import { isValidAfm, isValidCvr, isValidNhsNumber, isValidNoOrgNumber } from './validators/mod11.js';
import { patternRecognizer, type PatternRule } from '../rules/pattern-recognizer.js';
import { SP } from '../rules/fragments.js';

/*
 * OTH: national person, tax and company numbers of other countries whose last character is a check digit. A value
 * right after its keyword is found by the labelled-number rule of ./oth.ts whatever its checksum; here the checksum
 * is the evidence. A shape that is rare in other text (codice fiscale, DNI/NIE) scores high alone when it is valid;
 * plain digit runs (NHS, CVR, AFM, SIREN …) need their register's word nearby as well, since one in ten or eleven
 * random numbers passes.
 */

const LEFT = String.raw`(?<![\p{L}\p{N}\p{M}_.,\/\-])`;
const RIGHT = String.raw`(?![\p{L}\p{N}\p{M}_]|[.,\/\-]\p{N})`;
const DIGIT_CODE = `[0-9LMNP-V]`;
const strip = (v: string): string => v.replace(/[\s\-.]/gu, '');

/** A digit run that needs its register's word within the window and a valid checksum. */
function registerRule(shape: string, valid: (digits: string) => boolean, words: readonly string[]): PatternRule {
  return {
    label: 'OTH',
    regex: new RegExp(`${LEFT}(?:${shape})${RIGHT}`, 'gu'),
    score: 0.35,
    validate: (v) => valid(strip(v).replace(/MVA$/u, '')),
    context: { words, boost: 0.5 },
  };
}

const NINE = `\\d{3}(?<s9>${SP}?)\\d{3}\\k<s9>\\d{3}`;

export const REGISTER_RULES: readonly PatternRule[] = [
  {
    // Italian codice fiscale: `RSSMRA85T10A562S`.
    label: 'OTH',
    regex: new RegExp(`${LEFT}[A-Z]{6}${DIGIT_CODE}{2}[ABCDEHLMPRST]${DIGIT_CODE}{2}[A-Z]${DIGIT_CODE}{3}[A-Z]${RIGHT}`, 'gu'),
    score: 0.35,
    validate: (v) => (isValidCodiceFiscale(v) ? 0.9 : 0.35),
    context: { words: ['codice fiscale', 'cod. fisc.', 'c.f.', 'cf', 'fiscal code', 'tax code'], boost: 0.35 },
  },
  {
    // Spanish DNI and NIE: `12345678Z`, `X-1234567-L`.
    label: 'OTH',
    regex: new RegExp(`${LEFT}(?:\\d{8}-?[A-Z]|[XYZ]-?\\d{7}-?[A-Z])${RIGHT}`, 'gu'),
    score: 0.3,
    validate: (v) => (isValidDniNie(strip(v)) ? 0.75 : 0.3),
    context: { words: ['nif', 'nie', 'dni', 'n.i.f.', 'n.i.e.', 'd.n.i.'], boost: 0.4 },
  },
  {
    // Spanish CIF of a company: `A58818501`, `B-12345674`.
    label: 'OTH',
    regex: new RegExp(`${LEFT}[ABCDEFGHJNPQRSUVW]-?\\d{7}-?[0-9A-J]${RIGHT}`, 'gu'),
    score: 0.4,
    validate: (v) => isValidCif(strip(v)),
    context: { words: ['cif', 'nif', 'c.i.f.', 'n.i.f.'], boost: 0.45 },
  },
  registerRule(`\\d{3}(?<sn>[ \\-]?)\\d{3}\\k<sn>\\d{4}`, isValidNhsNumber, ['nhs']),
  registerRule(`\\d{2}(?<sc>${SP}?)\\d{2}\\k<sc>\\d{2}\\k<sc>\\d{2}`, isValidCvr, ['cvr', 'cvr-nr', 'se-nr']),
  registerRule(NINE, isValidAfm, ['afm', 'αφμ', 'α.φ.μ.']),
  registerRule(`${NINE}(?:${SP}?MVA)?`, isValidNoOrgNumber, ['org.nr', 'org. nr', 'org.nr.', 'org. no', 'organisasjonsnummer']),
  registerRule(`${NINE}(?:${SP}?\\d{5})?`, luhnValid, ['siren', 'siret', 'rcs', 'r.c.s.']),
  registerRule('\\d{11}', luhnValid, ['partita iva', 'p.iva', 'p. iva', 'piva']),
];

/** Foreign registers with a check digit (OTH): codice fiscale, DNI/NIE/CIF, NHS, CVR, AFM, Norwegian org., SIREN/SIRET, partita IVA. */
export const registerRecognizer = patternRecognizer('registers', REGISTER_RULES, { resolveOverlaps: true });
