import type { PatternRule } from '../rules/pattern-recognizer.js';
import { SP } from '../rules/fragments.js';
import { LEFT_ID, RIGHT_ID } from './boundaries.js';
import { isValidDeVatId } from './validators/de-vat-id.js';

/*
 * Numbers of a business (OTH): VAT IDs (the German check digit), German register numbers (`HRB 12345`).
 */

/**
 * VAT IDs: `DE123456789`, `DE 123 456 789`, `ATU12345678`, `NL123456789B01`, `FRXX123456789`, `CHE-123.456.789`,
 * `GB 123 4567 89` (grouped as UK invoices print it), `EL123456789`.
 */
const VAT =
  `${LEFT_ID}(?:DE${SP}?\\d{3}${SP}?\\d{3}${SP}?\\d{3}|ATU\\d{8}|NL\\d{9}B\\d{2}|FR[0-9A-HJ-NP-Z]{2}\\d{9}|BE[01]\\d{9}` +
  `|IT\\d{11}|ES[0-9A-Z]\\d{7}[0-9A-Z]|PL\\d{10}|LU\\d{8}|DK\\d{8}|GB${SP}?\\d{3}${SP}?\\d{4}${SP}?\\d{2}(?:\\d{3})?|CHE-?\\d{3}\\.?\\d{3}\\.?\\d{3}` +
  `|EL\\d{9}|PT\\d{9}|CZ\\d{8,10}|HU\\d{8}|SE\\d{10}01|FI\\d{8}|IE\\d{7}[A-W][A-I]?|NO\\d{9}MVA)${RIGHT_ID}`;
const VAT_WORDS = ['ust', 'ust-id', 'ust-idnr', 'ust.-idnr', 'umsatzsteuer', 'vat', 'mwst', 'tva', 'iva', 'uid'];

/**
 * Company and association registers: `HRB 12345`, `HR B 12345`, `HRA 1234`, `VR 1234`, `GnR 123`, `PR 123`, with the
 * court's letters some registers add (`HRB 12345 B`, `HRB 31877 HB`).
 */
const REGISTER = `${LEFT_ID}(?<reg>HR${SP}?[AB]|GnR|VR|PartR|PR|GsR)${SP}?\\d{1,6}(?:${SP}(?!AG|KG|UG|EU)[A-Z]{1,2}(?![\\p{L}\\p{N}]))?${RIGHT_ID}`;
const REGISTER_WORDS = [
  'amtsgericht',
  'registergericht',
  'handelsregister',
  'vereinsregister',
  'partnerschaftsregister',
  'genossenschaftsregister',
  'register',
];

export const BUSINESS_ID_RULES: readonly PatternRule[] = [
  {
    label: 'OTH',
    regex: new RegExp(VAT, 'gu'),
    score: 0.75,
    // A German VAT ID carries a check digit: a wrong one still has the shape, but needs a `USt-IdNr.` before it.
    validate: (v) => (v.startsWith('DE') ? (isValidDeVatId(v) ? 0.9 : 0.45) : 0.75),
    context: { words: VAT_WORDS, boost: 0.3 },
  },
  {
    label: 'OTH',
    regex: new RegExp(REGISTER, 'dgu'),
    score: 0.9,
    validate: (v, m) => {
      const reg = m.groups!['reg']!;
      if (/^HR/u.test(reg)) return 0.9;
      // `VR 12`, `PR 2` are too short to be register numbers; `VR 2012` is as often a journal year in a citation.
      const digits = v.replace(/\D/gu, '');
      if (digits.length < 3) return false;
      return reg === 'PR' || /^(?:19[5-9]|20[0-4])\d$/u.test(digits) ? 0.3 : 0.6;
    },
    context: { words: REGISTER_WORDS, boost: 0.3 },
  },
];
