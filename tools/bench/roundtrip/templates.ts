import type { TextLabelName } from '../../../src/spec/types.js';

/*
 * Sentences a model might answer with, per language: `{m}` is where a mention stands. Several per label, taken in
 * turn, so that one answer writes a mention at the start, in the middle and at the end of sentences.
 */

export type Lang = 'de' | 'en';

export const MENTION_TEMPLATES: Readonly<Record<Lang, Readonly<Record<TextLabelName, readonly string[]>>>> = {
  de: {
    PER: ['{m} hat um eine Antwort gebeten.', 'Ich schlage vor, {m} direkt anzuschreiben.', 'Laut Nachricht ist {m} zuständig.'],
    ORG: ['Die Anfrage betrifft die {m}.', '{m} sollte den Vorgang prüfen.'],
    LOC: ['Der Termin findet in {m} statt.', 'Die Sache spielt in {m}.'],
    TEL: ['Telefonisch erreichbar unter {m}.', 'Ein Rückruf unter {m} ist sinnvoll.'],
    MAIL: ['Die Antwort geht an {m}.', 'Als Kontakt ist {m} angegeben.'],
    DATE: ['Das maßgebliche Datum ist der {m}.', 'Am {m} ist es passiert.'],
    OTH: ['Das Konto lautet {m}.', 'Bitte überweisen Sie auf {m}.'],
    STR: ['Die Anschrift ist {m}.', 'Bitte schicken Sie die Unterlagen an {m}.'],
  },
  en: {
    PER: ['{m} has asked for an answer.', "I'd suggest writing to {m} directly.", 'According to the message, {m} is in charge.'],
    ORG: ['The request concerns {m}.', '{m} should look into the matter.'],
    LOC: ['The meeting takes place in {m}.', 'This happens in {m}.'],
    TEL: ['You can call {m}.', 'A call back on {m} makes sense.'],
    MAIL: ['The reply goes to {m}.', 'The contact given is {m}.'],
    DATE: ['The relevant date is {m}.', 'It happened on {m}.'],
    OTH: ['The account is {m}.', 'Please transfer to {m}.'],
    STR: ['The address is {m}.', 'Please send the papers to {m}.'],
  },
};

export const INTRO: Readonly<Record<Lang, string>> = {
  de: 'Gern, hier ist mein Vorschlag:',
  en: "Sure, here's my suggestion:",
};

/** Text that must come back exactly as written: words and codes of the placeholder shape that are no placeholder. */
export const NEGATIVES: Readonly<Record<Lang, readonly string[]>> = {
  de: [
    'Die Dosis beträgt 2 mg per 1 kg Körpergewicht.',
    'Das Gerät SUPER-1 und der Vorgang PER-12 sind nicht betroffen, ebenso wenig per-99.',
    'Eine Kopie geht nach {city}, z. H. Herrn {surname}.',
    'Fragen & Antworten folgen "separat".',
  ],
  en: [
    'Take 2 mg per 1 kg of body weight.',
    "Model SUPER-1 and case PER-12 aren't affected, nor is per-99.",
    'A copy goes to {city}, attention of Mr {surname}.',
    'Q&A follows "separately".',
  ],
};

/** Real places and surnames for the negatives; the first that no vault entity holds is taken. */
export const OUTSIDE_CITIES: readonly string[] = ['Hamburg', 'Leipzig', 'Manchester', 'Oxford', 'Dresden'];
export const OUTSIDE_SURNAMES: readonly string[] = ['Hoffmann', 'Thompson', 'Schulz', 'Walker', 'Krüger'];

export const OUTRO: Readonly<Record<Lang, string>> = {
  de: 'Sag Bescheid, wenn ich etwas ändern soll.',
  en: 'Let me know if I should change anything.',
};
