import type { VaultEntity } from '../../src/roundtrip/vault.js';

/**
 * The person of the round trip's vault tests: Anna Schmidt, sent as Julia Becker, also met by `second` (by default her
 * surname, `Schmidt` as `Becker`).
 */
export function annaAsJulia(second: readonly [original: string, replacement: string] = ['Schmidt', 'Becker']): VaultEntity {
  return {
    label: 'PER',
    number: 1,
    placeholder: 'Julia Becker',
    original: 'Anna Schmidt',
    forms: [
      { original: 'Anna Schmidt', replacement: 'Julia Becker' },
      { original: second[0], replacement: second[1] },
    ],
  };
}
