import { describe, expect, it } from 'vitest';
import { isValidCodiceFiscale } from '../../../../../src/detection/identifiers/validators/it-codice-fiscale.js';

describe('isValidCodiceFiscale', () => {
  it.each([
    ['RSSMRA85T10A562S', true],
    ['RSSMRA85T10A562T', false],
    ['RSSMRA85T10A56NS', false],
    ['RSSMRA85Z10A562S', false],
    ['rssmra85t10a562s', false],
    ['RSSMRA85T10A562', false],
  ])('%s → %s', (value, expected) => {
    expect(isValidCodiceFiscale(value)).toBe(expected);
  });
});
