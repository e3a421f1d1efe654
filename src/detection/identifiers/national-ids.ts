import type { PatternRule } from '../rules/pattern-recognizer.js';
import { SP } from '../rules/fragments.js';
import { LEFT_ID, LEFT_NUM, RIGHT_ID, RIGHT_NUM } from './boundaries.js';
import { isDeDocumentSerial, isValidDeDocumentNumber } from './validators/de-id-card.js';
import { isValidSvnr } from './validators/de-svnr.js';
import { isValidSteuerId } from './validators/de-tax-id.js';
import { isValidKvnr } from './validators/kvnr.js';

/*
 * Numbers a state gives a person (OTH): the German Steuer-IdNr (checksummed), Steuernummer, SV-Nummer
 * (checksummed), KVNR (checksummed), ID-card and passport serials, the UK National Insurance number, the US Medicare
 * Beneficiary Identifier. Shapes without a strong checksum need a context word.
 */

/** UK National Insurance number: `QQ 12 34 56 C`, `AB123456C`; the shape is weak alone and needs its words. */
const NINO = `${LEFT_ID}[A-Z]{2}${SP}?\\d{2}${SP}?\\d{2}${SP}?\\d{2}${SP}?[A-D]${RIGHT_ID}`;
const NINO_WORDS = ['national insurance', 'ni number', 'ni no', 'nino', 'ni-nummer'];

/** US Medicare Beneficiary Identifier: `1EG4-TE5-MK73`, eleven characters, letters other than S L O I B Z. */
const MBI_LETTER = '[AC-HJKMNP-RT-Y]';
const MBI = `${LEFT_ID}[1-9]${MBI_LETTER}[AC-HJKMNP-RT-Y0-9]\\d-?${MBI_LETTER}[AC-HJKMNP-RT-Y0-9]\\d-?${MBI_LETTER}{2}\\d{2}${RIGHT_ID}`;
const MBI_WORDS = ['medicare', 'mbi', 'beneficiary'];

/** Steuer-IdNr: `12 345 678 901`, `123 456 789 01`, `12345678901`. */
const STEUER_ID = `${LEFT_NUM}(?:[1-9]\\d(?:${SP}\\d{3}){3}|[1-9]\\d{2}(?:${SP}\\d{3}){2}${SP}\\d{2}|[1-9]\\d{10})${RIGHT_NUM}`;
const STEUER_ID_WORDS = [
  'steuer-id',
  'steuerid',
  'steuer-idnr',
  'idnr',
  'identifikationsnummer',
  'steueridentifikationsnummer',
  'tin',
  'tax id',
];

/** Steuernummer: `21/815/08150`, `181/815/08155`, `93815/08152`, `013 815 08153`, `2181508150`; context only. */
const STEUERNUMMER = `${LEFT_NUM}(?:\\d{2,3}\\/\\d{3,4}\\/\\d{4,5}|\\d{5}\\/\\d{5}|\\d{3}${SP}\\d{3,4}${SP}\\d{4,5}|\\d{10,13})${RIGHT_NUM}`;
const STEUERNUMMER_WORDS = ['steuernummer', 'steuer-nr', 'steuernr', 'st.-nr', 'st.nr', 'stnr', 'st-nr', 'finanzamt', 'tax number'];

/**
 * Rentenversicherungsnummer: area, birth date, initial, serial and check digit, run together or spaced at any of
 * their borders: `65 170839 J 003`, `65170839J003`, `65 17 08 39 J 003`, `65 170839 J 00 3`.
 */
export const SVNR_SHAPE = `\\d{2}${SP}?\\d{2}${SP}?\\d{2}${SP}?\\d{2}${SP}?[A-Z]${SP}?\\d{2}${SP}?\\d`;
const SVNR = `${LEFT_ID}${SVNR_SHAPE}${RIGHT_ID}`;

/** KVNR (Krankenversichertennummer): `A123456780`. */
const KVNR = `${LEFT_ID}[A-Z]\\d{9}${RIGHT_ID}`;
const KVNR_WORDS = [
  'krankenversichertennummer',
  'versichertennummer',
  'versicherten-nr',
  'versichertennr',
  'kvnr',
  'kv-nr',
  'krankenkasse',
  'versicherten-id',
  'egk',
  'gesundheitskarte',
  'health insurance',
];

/**
 * German ID-card and passport serial numbers (since November 2010): nine characters without vowels, `L01X00T47`;
 * the machine-readable zone adds the ICAO check digit, `L01X00T471`. The shape alone is weak evidence (product codes
 * look alike), so both need a word such as `Personalausweis` before them; the check digit lifts the score.
 */
const DE_DOCUMENT = `${LEFT_ID}[CFGHJKLMNPRTVWXYZ][CFGHJKLMNPRTVWXYZ0-9]{8}\\d?${RIGHT_ID}`;
const DE_DOCUMENT_WORDS = [
  'ausweis',
  'personalausweis',
  'perso ',
  'perso:',
  'perso-',
  'reisepass',
  'passnummer',
  'pass-nr',
  'pass nr',
  'passport',
  'identity card',
  'id card',
  'id-karte',
  'dokumentennummer',
  'document number',
  'ausgewiesen',
];

function deDocumentScore(value: string): number | false {
  if (value.length === 10) return isValidDeDocumentNumber(value) && 0.45;
  return isDeDocumentSerial(value) && 0.3;
}

export const NATIONAL_ID_RULES: readonly PatternRule[] = [
  { label: 'OTH', regex: new RegExp(NINO, 'gu'), score: 0.3, context: { words: NINO_WORDS, boost: 0.6 } },
  { label: 'OTH', regex: new RegExp(MBI, 'gu'), score: 0.35, context: { words: MBI_WORDS, boost: 0.45 } },
  {
    label: 'OTH',
    regex: new RegExp(STEUER_ID, 'gu'),
    score: 0.85,
    validate: (v) => isValidSteuerId(v),
    context: { words: STEUER_ID_WORDS, boost: 0.1 },
  },
  { label: 'OTH', regex: new RegExp(STEUERNUMMER, 'gu'), score: 0.3, context: { words: STEUERNUMMER_WORDS, boost: 0.45 } },
  { label: 'OTH', regex: new RegExp(SVNR, 'gu'), score: 0.95, validate: (v) => isValidSvnr(v) },
  {
    label: 'OTH',
    regex: new RegExp(KVNR, 'gu'),
    score: 0.7,
    validate: (v) => isValidKvnr(v),
    context: { words: KVNR_WORDS, boost: 0.25 },
  },
  {
    label: 'OTH',
    regex: new RegExp(DE_DOCUMENT, 'gu'),
    score: 0.3,
    validate: deDocumentScore,
    context: { words: DE_DOCUMENT_WORDS, boost: 0.45 },
  },
];
