import { patternRecognizer, type PatternRule } from '../rules/pattern-recognizer.js';
import { BANK_RULES } from './bank.js';
import { NATIONAL_ID_RULES } from './national-ids.js';
import { BUSINESS_ID_RULES } from './business-ids.js';
import { CONTAINER_RULES } from './containers.js';
import { NETWORK_RULES } from './network.js';
import { PLATE_RULES } from './plates.js';
import { LABELLED_RULES } from './labelled.js';
import { AGE_RULES } from './ages.js';

/*
 * OTH: identifiers of a person or case. Checksummed identifiers (IBAN, cards, Steuer-IdNr, SV-Nummer, KVNR,
 * German VAT ID, container numbers) are validated and score high alone; shapes without a checksum or with a weak one (Steuernummer,
 * plates with spaces, KVNR-like strings, ID-card numbers, bare case numbers) score lower and need a context word. Generic numbers (customer, invoice,
 * order, ticket, passport …) are found only right after their label, which stays outside the span. Ages are the
 * number only (`[[OTH|72]] Jahre`, `a [[OTH|75]]-year-old`).
 *
 * Every repetition is bounded, separators are never part of the atoms they separate, and the boundaries are short
 * look-arounds, so each regex runs in linear time on any input.
 */

/** Every OTH rule, one file per kind of identifier. */
export const OTH_RULES: readonly PatternRule[] = [
  ...BANK_RULES,
  ...NATIONAL_ID_RULES,
  ...BUSINESS_ID_RULES,
  ...CONTAINER_RULES,
  ...NETWORK_RULES,
  ...PLATE_RULES,
  ...LABELLED_RULES,
  ...AGE_RULES,
];

/**
 * Other identifiers (OTH): IBAN, cards, sort codes, tax/social/health numbers, IPs, plates, containers, case, issue and
 * labelled numbers, ages.
 */
export const othRecognizer = patternRecognizer('oth', OTH_RULES, { resolveOverlaps: true });
