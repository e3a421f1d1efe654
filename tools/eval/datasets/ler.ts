import type { TextLabelName } from '../../../src/spec/types.js';
import type { MappedLabel } from '../types.js';

/**
 * German LER's 19 fine-grained classes → ours.
 * - Persons: PER (person), RR (judge), AN (lawyer) → PER.
 * - Places: LD (country), ST (city), LDS (landscape/region) → LOC; STR (street) → STR (a street alone that locates
 *   an event is STR in our spec).
 * - Organizations: ORG, UN (company), INN (institution), GRT (court) → ORG.
 * - MRK (brand) → ignore: a brand is ORG when it means the company and unlabeled when it means the product.
 * - Legal norms and citations GS, VO, EUN, VS, VT, RS, LIT → ignore: not PII, but a citation such as
 *   "BGH, Urteil vom 1. Juni 2017 - I ZR 115/16" contains a court, a date and a case number that our spec labels
 *   ORG/DATE/OTH, which LER does not annotate separately.
 * LER does not annotate dates, phones, e-mails or identifiers, so only PER, LOC, STR and ORG are scored.
 */
export const LER_MAPPING: Readonly<Record<string, MappedLabel>> = {
  PER: 'PER',
  RR: 'PER',
  AN: 'PER',
  LD: 'LOC',
  ST: 'LOC',
  LDS: 'LOC',
  STR: 'STR',
  ORG: 'ORG',
  UN: 'ORG',
  INN: 'ORG',
  GRT: 'ORG',
  MRK: 'IGNORE',
  GS: 'IGNORE',
  VO: 'IGNORE',
  EUN: 'IGNORE',
  VS: 'IGNORE',
  VT: 'IGNORE',
  RS: 'IGNORE',
  LIT: 'IGNORE',
};

export const LER_LABELS: TextLabelName[] = ['PER', 'LOC', 'STR', 'ORG'];
