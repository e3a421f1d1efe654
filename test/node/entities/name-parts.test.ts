import { describe, expect, it } from 'vitest';
import { introducedAcronym, isNonNameWord, isReferenceWord, mentionParts } from '../../../src/entities/name-parts.js';

describe('mentionParts', () => {
  it.each([
    ['Sabine Krämer', 2, ['Krämer', 'Sabine']],
    ['Frau Dr. Sabine Krämer', 2, ['Krämer', 'Sabine']],
    ['Krämer, Sabine', 2, ['Krämer', 'Sabine']],
    ['H. Müller-Lüdenscheidt', 2, ['Müller-Lüdenscheidt', 'Müller', 'Lüdenscheidt']],
    ['Gerlinde von der Heydt', 2, ['Heydt', 'von der Heydt', 'Gerlinde']],
    ["Oliver Grant's", 2, ['Grant', 'Oliver']],
    ['Herr Krämer', 1, ['Krämer']],
    ['Krämer', 0, []],
    // A common word is no surname; a word before a surname that names no one is no given name.
    ['Hartmann Logistik', 0, []],
    ['Akte Krämer', 0, []],
    // A month is a given name too, but not one to find alone everywhere.
    ['April Jones', 2, ['Jones']],
  ])('person %j: rank %i, parts %j', (surface, rank, parts) => {
    expect(mentionParts('PER', surface, 'auto')).toEqual({ rank, parts });
  });

  it.each([
    ['Hartmann Logistik GmbH', ['Hartmann Logistik', 'Hartmann']],
    ['Sache Hartmann Logistik GmbH', ['Sache Hartmann Logistik', 'Hartmann Logistik', 'Hartmann']],
    ['Krauss-Maffei Wegmann GmbH & Co. KG', ['Krauss-Maffei Wegmann', 'Krauss-Maffei']],
    ['Bosshardt & Frey Ingenieurgesellschaft mbH', ['Bosshardt & Frey Ingenieurgesellschaft', 'Bosshardt & Frey', 'Bosshardt']],
    // No head that is a word of another kind, and no name before the kind of firm where no name word is left.
    ['Deutsche Bank AG', ['Deutsche Bank']],
    ['Bayerische Landesbank AöR', ['Bayerische Landesbank']],
  ])('firm %j: named in full, parts %j', (surface, parts) => {
    expect(mentionParts('ORG', surface, 'de')).toEqual({ rank: 2, parts });
  });

  it('an organisation without legal form ranks 1 when of several words, and gives no parts', () => {
    expect(mentionParts('ORG', 'Royal Berkshire Hospital', 'en')).toEqual({ rank: 1, parts: [] });
    expect(mentionParts('ORG', 'Siemens', 'de')).toEqual({ rank: 0, parts: [] });
    expect(mentionParts('LOC', '10115 Berlin', 'de')).toEqual({ rank: 0, parts: [] });
  });
});

describe('words around names', () => {
  it('introduced acronyms', () => {
    expect(introducedAcronym(' (KMW) liefert')).toBe('KMW');
    expect(introducedAcronym(' (im Folgenden: KMW)')).toBe('KMW');
    expect(introducedAcronym(' (hereinafter "BWA")')).toBe('BWA');
    expect(introducedAcronym(' (siehe oben)')).toBeNull();
    expect(introducedAcronym(' liefert (KMW)')).toBeNull();
  });

  it('reference words and words that name no one', () => {
    expect(['Akte', 'Re:', 'Sache', 'Mandant'].map(isReferenceWord)).toEqual([true, true, true, true]);
    expect(['Kanzlei', 'Krämer'].map(isReferenceWord)).toEqual([false, false]);
    expect(['von', './.', 'Die', 'Dr.', 'Akte'].map((w) => isNonNameWord(w, 'de'))).toEqual([true, true, true, true, true]);
    expect(['Sabine', 'Krämer'].map((w) => isNonNameWord(w, 'de'))).toEqual([false, false]);
  });
});
