import { describe, expect, it } from 'vitest';
import { isValidContainerNumber } from '../../../../../src/detection/identifiers/validators/container.js';

describe('isValidContainerNumber (ISO 6346)', () => {
  // CSQU3054383 is the standard's example; the others use the letters next to the skipped values (K 21, L 23, V 34, Z 38).
  it.each(['CSQU3054383', 'CSQU 305438 3', 'MSKU 907032 3', 'KLVZ1234560', 'ZZZU9999992', 'AAAJ0000015'])('accepts %j', (v) => {
    expect(isValidContainerNumber(v)).toBe(true);
  });

  it.each(['CSQU3054384', 'CSQA3054383', 'CSQU305438', 'csqu3054383', 'KLVZ1234561', 'NLMU 442178 0'])('rejects %j', (v) => {
    expect(isValidContainerNumber(v)).toBe(false);
  });
});
