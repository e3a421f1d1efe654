import { describe, expect, it } from 'vitest';
import { isValidCif, isValidDniNie } from '../../../../../src/detection/identifiers/validators/es-nif.js';

describe('Spanish tax numbers', () => {
  it.each([
    ['12345678Z', true],
    ['X1234567L', true],
    ['12345678A', false],
    ['X1234567A', false],
    ['X12345678L', false],
    ['1234567Z', false],
  ])('DNI/NIE %s → %s', (value, expected) => {
    expect(isValidDniNie(value)).toBe(expected);
  });

  it.each([
    ['A58818501', true],
    ['A58818502', false],
    ['P2800000J', false],
    ['Q2826000H', true],
    ['Q28260008', false],
    ['I58818501', false],
  ])('CIF %s → %s', (value, expected) => {
    expect(isValidCif(value)).toBe(expected);
  });
});
