import type { TextLabelName } from '../../../src/spec/types.js';
import type { MappedLabel } from '../types.js';

/**
 * WNUT-17 classes → ours. person → PER, location → LOC; corporation and group (bands, teams, parties, agencies)
 * → ORG, as our ORG covers companies, clubs and institutions. product and creative-work → ignore: brands used as
 * products are not PII in our spec, but WNUT's product class also holds things we would label.
 * WNUT does not annotate user handles (@name), which our spec labels OTH, so OTH is not scored.
 */
export const WNUT_MAPPING: Readonly<Record<string, MappedLabel>> = {
  person: 'PER',
  location: 'LOC',
  corporation: 'ORG',
  group: 'ORG',
  product: 'IGNORE',
  'creative-work': 'IGNORE',
};

export const WNUT_LABELS: TextLabelName[] = ['PER', 'LOC', 'ORG'];
