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

/**
 * Defined party roles of the contracts. The SEC set tags them as entities ("Borrower" and "Lender" are 906 of its 963
 * PER spans, "Bank" 168 of its ORG spans); our spec does not label role nouns (labels.md: Kläger, the plaintiff), so
 * a span that is only a role word is not an entity.
 */
const SEC_ROLES = new Set(
  'borrower borrowers lender lenders bank guarantor guarantors agent company holder holders purchaser purchasers seller sellers buyer licensee licensor tenant landlord employee employer party parties trustee pledgor'.split(
    ' ',
  ),
);

export function secMapper(type: string, surface: string): MappedLabel {
  if (SEC_ROLES.has(surface.toLowerCase())) return null;
  return Object.hasOwn(IO_SET_MAPPING, type) ? (IO_SET_MAPPING[type] ?? null) : null;
}
