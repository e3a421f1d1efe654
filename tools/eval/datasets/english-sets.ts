import type { TextLabelName } from '../../../src/spec/types.js';
import type { MappedLabel } from '../types.js';

/**
 * Broad Twitter Corpus (`token<TAB>IOB2`, one tweet per block): PER, LOC, ORG one to one. User handles (`@name`,
 * 2,520 of its 7,928 PER spans) become ignore ranges and a leading `#` leaves the span (split.ts `cleanSocialSpans`):
 * handles are OTH in our spec, which BTC does not annotate as such. No DATE/STR/OTH annotation.
 */
export const BTC_MAPPING: Readonly<Record<string, MappedLabel>> = { PER: 'PER', LOC: 'LOC', ORG: 'ORG' };
export const BTC_LABELS: TextLabelName[] = ['PER', 'LOC', 'ORG'];

/**
 * wikigold and the SEC filings (IO-tagged CoNLL, converted to BIO by `ioToBio`): PER, LOC, ORG one to one. MISC
 * (nationalities, languages, events, works: "French", "Chinese", "World War II") is **not** an entity for us: our OTH
 * is identifiers and ages (labels.md), and nationality adjectives and languages are not labeled.
 */
export const IO_SET_MAPPING: Readonly<Record<string, MappedLabel>> = { PER: 'PER', LOC: 'LOC', ORG: 'ORG', MISC: null };
export const IO_SET_LABELS: TextLabelName[] = ['PER', 'LOC', 'ORG'];
