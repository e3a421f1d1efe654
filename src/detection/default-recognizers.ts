import type { Recognizer } from './recognizer.js';
import { contextNameRecognizer } from './names/context-names.js';
import { contextOrgRecognizer } from './organisations/context-orgs.js';
import { dateRecognizer } from './dates/date.js';
import { cvLineRecognizer } from './layout/cv-lines.js';
import { datelineRecognizer } from './addresses/dateline.js';
import { givenNameRecognizer } from './names/given-names.js';
import { handleRecognizer } from './contact/handles.js';
import { mailRecognizer } from './contact/mail.js';
import { municipalityRecognizer } from './addresses/municipality.js';
import { othRecognizer } from './identifiers/oth.js';
import { placeRecognizer } from './addresses/places.js';
import { postcodeCityRecognizer } from './addresses/postcode-city.js';
import { intlPostcodeRecognizer } from './addresses/postcode-intl.js';
import { registerRecognizer } from './identifiers/registers.js';
import { streetRecognizer } from './addresses/street.js';
import { withCaseView } from './rules/case-view-rules.js';
import { tableColumnRecognizer } from './layout/table-columns.js';
import { telRecognizer } from './contact/tel.js';

/** The built-in rule recognizers: patterns with validators, context rules. The NER model is added beside them. */
export function defaultRecognizers(): Recognizer[] {
  return [
    mailRecognizer,
    handleRecognizer,
    telRecognizer,
    dateRecognizer,
    othRecognizer,
    registerRecognizer,
    withCaseView(streetRecognizer),
    postcodeCityRecognizer,
    intlPostcodeRecognizer,
    datelineRecognizer,
    municipalityRecognizer,
    placeRecognizer,
    withCaseView(contextNameRecognizer),
    givenNameRecognizer,
    tableColumnRecognizer,
    cvLineRecognizer,
    contextOrgRecognizer,
  ];
}
