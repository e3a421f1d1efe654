import { describe, expect, it } from 'vitest';
import { isValidDeVatId } from '../../../../../src/detection/identifiers/validators/de-vat-id.js';

describe('isValidDeVatId', () => {
  it.each([
    ['DE123456788', true],
    ['DE 123 456 788', true],
    ['de123456788', true],
    ['DE123456789', false],
    ['DE023456788', false],
    ['DE12345678', false],
    ['AT123456788', false],
  ])('%s → %s', (id, expected) => {
    expect(isValidDeVatId(id)).toBe(expected);
  });
});
