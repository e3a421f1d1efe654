import type { Recognizer } from '../recognizer.js';
import { contextNameRecognizer } from './context-names.js';
import { contextOrgRecognizer } from './context-orgs.js';
import { dateRecognizer } from './date.js';
import { cvLineRecognizer } from './cv-lines.js';
import { datelineRecognizer } from './dateline.js';
import { givenNameRecognizer } from './given-names.js';
import { handleRecognizer } from './handles.js';
import { mailRecognizer } from './mail.js';
import { municipalityRecognizer } from './municipality.js';
import { othRecognizer } from './oth.js';
import { placeRecognizer } from './places.js';
import { postcodeCityRecognizer } from './postcode-city.js';
import { intlPostcodeRecognizer } from './postcode-intl.js';
import { registerRecognizer } from './registers.js';
import { streetRecognizer } from './street.js';
import { withCaseView } from './case-view-rules.js';
import { tableColumnRecognizer } from './table-columns.js';
import { telRecognizer } from './tel.js';

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
