import type { AdHocRecognizerConfig, FieldError, ValidatorName } from '../spec/types.js';
import { TEXT_LABELS } from '../spec/types.js';
import { validationFailed } from '../errors/problem.js';
import type { Recognizer } from './recognizer.js';
import { patternRecognizer } from './rules/pattern-recognizer.js';
import { isValidContainerNumber } from './identifiers/validators/container.js';
import { isValidSvnr } from './identifiers/validators/de-svnr.js';
import { isValidSteuerId } from './identifiers/validators/de-tax-id.js';
import { isValidDeVatId } from './identifiers/validators/de-vat-id.js';
import { isValidDniNie } from './identifiers/validators/es-nif.js';
import { isValidIban } from './identifiers/validators/iban.js';
import { isValidIpv4, isValidIpv6 } from './identifiers/validators/ip.js';
import { isValidCodiceFiscale } from './identifiers/validators/it-codice-fiscale.js';
import { isValidKvnr } from './identifiers/validators/kvnr.js';
import { luhnValid } from './identifiers/validators/luhn.js';
import { isValidNhsNumber } from './identifiers/validators/mod11.js';

/** Digits only, for the validators of numbers written with separators. */
const digits = (s: string) => s.replace(/\D/gu, '');

/** The checksums an ad-hoc recognizer may name, each on the matched text. */
export const VALIDATORS = {
  luhn: (s: string) => digits(s).length >= 8 && luhnValid(digits(s)),
  iban: isValidIban,
  'de-tax-id': (s: string) => isValidSteuerId(digits(s)),
  'de-social-insurance': isValidSvnr,
  'de-health-insurance': isValidKvnr,
  'de-vat-id': isValidDeVatId,
  'es-dni-nie': (s: string) => isValidDniNie(s.replace(/[\s.-]/gu, '').toUpperCase()),
  'it-codice-fiscale': (s: string) => isValidCodiceFiscale(s.replace(/\s/gu, '').toUpperCase()),
  'uk-nhs': (s: string) => isValidNhsNumber(digits(s)),
  'container-number': isValidContainerNumber,
  ipv4: isValidIpv4,
  ipv6: isValidIpv6,
} as const satisfies Record<ValidatorName, (value: string) => boolean>;

const MAX_PATTERN = 500;
const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/u;

/** The recognizer an ad-hoc config describes (call `parseAdHocRecognizers` first on data from outside). */
export function adHocRecognizer(config: AdHocRecognizerConfig): Recognizer {
  const validate = config.validator ? VALIDATORS[config.validator] : undefined;
  return patternRecognizer(config.id, [
    {
      label: config.label,
      regex: new RegExp(config.pattern, config.ignoreCase ? 'giu' : 'gu'),
      score: config.score,
      ...(validate ? { validate: (value: string) => validate(value) } : {}),
      ...(config.context && config.context.length > 0 ? { context: { words: config.context } } : {}),
    },
  ]);
}

/**
 * Ad-hoc recognizer configs read from outside (a JSON file, a request), or 422 VALIDATION_FAILED with one error per
 * bad field (`field` as `<where>[i].pattern`). A pattern must compile in Unicode mode and must not match empty text.
 */
export function parseAdHocRecognizers(raw: unknown, where: string): AdHocRecognizerConfig[] {
  return checked(raw, where, () => false) as AdHocRecognizerConfig[];
}

/** A recognizer of code, not data. */
const isRecognizer = (item: unknown): item is Recognizer =>
  typeof item === 'object' && item !== null && typeof (item as Partial<Recognizer>).detect === 'function';

/**
 * `addRecognizers` as recognizers: code as it is, data checked (422 naming `<where>[i].field`, ids unique among them)
 * and compiled.
 */
export function addedRecognizers(items: ReadonlyArray<Recognizer | AdHocRecognizerConfig>, where: string): Recognizer[] {
  return checked(items, where, isRecognizer).map((r) => (isRecognizer(r) ? r : adHocRecognizer(r)));
}

/** The checks of `parseAdHocRecognizers`; items `passThrough` accepts are returned as they are. */
function checked(raw: unknown, where: string, passThrough: (item: unknown) => boolean): Array<AdHocRecognizerConfig | Recognizer> {
  if (!Array.isArray(raw)) throw validationFailed([{ field: where, code: 'InvalidType', message: 'must be a JSON array of recognizers' }]);
  const errors: FieldError[] = [];
  const ids = new Set<string>();
  const out = raw.map((item: unknown, i): AdHocRecognizerConfig | Recognizer => {
    if (passThrough(item)) return item as Recognizer;
    const at = `${where}[${i}]`;
    const bad = (field: string, code: string, message: string) => errors.push({ field: `${at}.${field}`, code, message });
    // Not an object: that one error, not one per field it lacks (nor per character of a string).
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      errors.push({ field: at, code: 'InvalidType', message: 'must be an object' });
      return item as AdHocRecognizerConfig;
    }
    const r = item as Record<string, unknown>;
    const known = new Set(['id', 'label', 'pattern', 'ignoreCase', 'context', 'validator', 'score']);
    for (const key of Object.keys(r)) if (!known.has(key)) bad(key, 'Unknown', 'is not a recognizer field');
    if (typeof r['id'] !== 'string' || !ID.test(r['id'])) bad('id', 'InvalidValue', 'must be 1-64 letters, digits and . _ : -');
    else if (ids.has(r['id'])) bad('id', 'Duplicate', 'is given twice');
    else ids.add(r['id']);
    if (typeof r['label'] !== 'string' || !(TEXT_LABELS as readonly string[]).includes(r['label']))
      bad('label', 'InvalidValue', `must be one of ${TEXT_LABELS.join(', ')}`);
    if (typeof r['pattern'] !== 'string' || r['pattern'].length === 0 || r['pattern'].length > MAX_PATTERN)
      bad('pattern', 'InvalidValue', `must be a regular expression of 1-${MAX_PATTERN} characters`);
    else {
      try {
        if (new RegExp(r['pattern'], 'u').test('')) bad('pattern', 'InvalidValue', 'must not match empty text');
      } catch {
        bad('pattern', 'InvalidValue', 'must be a valid regular expression (Unicode mode)');
      }
    }
    if (r['ignoreCase'] !== undefined && typeof r['ignoreCase'] !== 'boolean') bad('ignoreCase', 'InvalidType', 'must be true or false');
    if (
      r['context'] !== undefined &&
      (!Array.isArray(r['context']) || !r['context'].every((w) => typeof w === 'string' && w.trim() !== ''))
    )
      bad('context', 'InvalidType', 'must be an array of words');
    if (r['validator'] !== undefined && !(typeof r['validator'] === 'string' && r['validator'] in VALIDATORS))
      bad('validator', 'InvalidValue', `must be one of ${Object.keys(VALIDATORS).join(', ')}`);
    if (typeof r['score'] !== 'number' || !(r['score'] > 0 && r['score'] <= 1)) bad('score', 'InvalidValue', 'must be a number in (0, 1]');
    return r as unknown as AdHocRecognizerConfig;
  });
  if (errors.length > 0) throw validationFailed(errors, 'The recognizers are invalid.');
  return out;
}
