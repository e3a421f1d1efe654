import type { ImageLabel, ImageLabelName, TextLabel, TextLabelName } from './types.js';
import { IMAGE_LABELS, TEXT_LABELS } from './types.js';

const TEXT_LABEL_DESCRIPTIONS: Record<TextLabelName, string> = {
  PER: 'Person names: first, last and full names, initials and nicknames',
  STR: 'Address lines: street and house number, PO boxes, house names',
  MAIL: 'E-mail addresses',
  TEL: 'Phone and fax numbers, with country code and extension',
  LOC: 'Cities, districts, regions, countries; postcode and city',
  ORG: 'Companies, courts, authorities, hospitals, schools, clubs and other institutions',
  DATE: 'Calendar dates in any format, including birth dates and partial dates',
  OTH: 'Other identifiers of a person or case (IBAN, card, tax, case and ID numbers, plates, IPs, ages). Experimental: detection quality varies',
};

const IMAGE_LABEL_DESCRIPTIONS: Record<ImageLabelName, string> = {
  face: 'Human faces',
  text: 'Text in images',
};

/** The text labels with their descriptions, in the spec's order (`GET /external/v1/text-labels`). */
export function textLabels(): TextLabel[] {
  return TEXT_LABELS.map((name) => ({ name, description: TEXT_LABEL_DESCRIPTIONS[name] }));
}

/** The image labels (`GET /external/v1/image-labels`). */
export function imageLabels(): ImageLabel[] {
  return IMAGE_LABELS.map((name) => ({ name, description: IMAGE_LABEL_DESCRIPTIONS[name] }));
}

/** Narrowing check for a label name. */
export function isTextLabel(name: unknown): name is TextLabelName {
  return typeof name === 'string' && (TEXT_LABELS as readonly string[]).includes(name);
}
