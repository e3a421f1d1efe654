import { describe, expect, it } from 'vitest';
import {
  icaoCheckDigit,
  isDeDocumentSerial,
  isValidDeDocumentNumber,
} from '../../../../../src/detection/identifiers/validators/de-id-card.js';

describe('icaoCheckDigit', () => {
  it.each([
    ['L01X00T47', 1],
    ['T22000129', 3],
    ['C01X00T47', 8],
    ['520727', 3],
    ['ZE184226B', 1],
  ])('%s → %i', (value, digit) => {
    expect(icaoCheckDigit(value)).toBe(digit);
  });
});

describe('isDeDocumentSerial', () => {
  it.each([
    ['L01X00T47', true],
    ['T22000129', true],
    ['C01X00T47', true],
    ['LZ6311T47', true],
    ['A01X00T47', false],
    ['L01S00T47', false],
    ['LXXXXXXXX', false],
    ['L01X00T4', false],
    ['l01x00t47', false],
  ])('%s → %s', (value, expected) => {
    expect(isDeDocumentSerial(value)).toBe(expected);
  });
});

describe('isValidDeDocumentNumber', () => {
  it.each([
    ['L01X00T471', true],
    ['T220001293', true],
    ['C01X00T478', true],
    ['L01X00T472', false],
    ['T220001290', false],
    ['L01X00T47', false],
    ['D220001291', false],
  ])('%s → %s', (value, expected) => {
    expect(isValidDeDocumentNumber(value)).toBe(expected);
  });
});
