/*
 * Prompts written for the round-trip bench (`roundtrip-bench.ts`): what a user would send a remote model, in German
 * and English. Every person, firm, number and address here is invented (phones in fictional ranges, e-mails at
 * example domains, IBANs with valid check digits on made-up accounts). Each prompt names several people (a full name,
 * then the surname alone), a firm, a place, a phone, an e-mail, an IBAN and a date.
 */

export interface Prompt {
  id: string;
  lang: 'de' | 'en';
  kind: string;
  text: string;
}

export const PROMPTS: readonly Prompt[] = [
  {
    id: 'de-mail',
    lang: 'de',
    kind: 'E-Mail',
    text: `Bitte formuliere eine freundliche Antwort auf diese E-Mail:

Sehr geehrte Damen und Herren,
mein Name ist Katharina Wendeborn, ich wohne in Bielefeld. Am 14.03.2025 habe ich bei der Firma Lindqvist Haustechnik GmbH eine Wärmepumpe bestellt. Ihr Kollege Herr Tobias Achterberg hat mir die Lieferung zugesagt, seitdem höre ich nichts. Frau Wendeborn ist telefonisch unter 0521 4478213 erreichbar, per E-Mail unter k.wendeborn@example.de. Die Anzahlung ging auf das Konto DE46100500001234567890. Bitte richten Sie Herrn Achterberg aus, dass ich auf Rückmeldung warte.`,
  },
  {
    id: 'de-brief',
    lang: 'de',
    kind: 'Brief',
    text: `Schreib mir einen Widerspruch gegen diese Mahnung und fasse den Sachverhalt zusammen:

Mahnung vom 02.09.2025 der Hausverwaltung Oberkamp & Partner GmbH, Sachbearbeiter Jens Dörrwald, an Mieter Friedrich Quandtmeyer, Lindenallee 17, 37073 Göttingen. Herr Quandtmeyer soll 840 Euro Nebenkosten nachzahlen, zahlbar auf DE02370400440532013111. Rückfragen an Herrn Dörrwald unter 0551 3920417 oder j.doerrwald@example.org. Die Abrechnung hatte Herr Dörrwald bereits im Juli verschickt.`,
  },
  {
    id: 'de-ticket',
    lang: 'de',
    kind: 'Support-Ticket',
    text: `Kategorisiere dieses Support-Ticket und schlage eine Antwort vor:

Ticket von Melanie Stiebritz (Kundin seit 2019, Wohnort Rostock): Ihre Kreditkarte wurde am 21.01.2025 doppelt belastet. Sie hat bereits mit Herrn Gerrit Faltermann vom Kundenservice der Nordwind Telekom AG gesprochen. Frau Stiebritz bittet um Rückerstattung auf ihr Konto DE44500105175407324931 und um Rückruf unter 0381 5502876. Kontakt: melanie.stiebritz@example.com. Herr Faltermann hatte eine Gutschrift angekündigt.`,
  },
  {
    id: 'de-hr',
    lang: 'de',
    kind: 'Personal',
    text: `Entwirf ein Zwischenzeugnis auf Grundlage dieser Notiz:

Mitarbeiter: Dominik Raszkowski, seit 01.04.2021 als Projektleiter bei der Valberg Logistik GmbH in Kassel. Vorgesetzte: Frau Dr. Henrike Sollmann. Herr Raszkowski hat das Lagerprojekt termingerecht abgeschlossen; Frau Sollmann lobt seine Zuverlässigkeit. Gehaltskonto DE97200400600123456789, private Telefonnummer 0561 7739021, E-Mail d.raszkowski@example.net.`,
  },
  {
    id: 'de-medizin',
    lang: 'de',
    kind: 'Arztbrief',
    text: `Übersetze diesen Arztbrief in einfache Sprache:

Sehr geehrter Herr Kollege Dr. Matthias Eulenbruch,
wir berichten über Ihre Patientin Frau Gisela Hornbostel, geb. 12.06.1958, wohnhaft in Paderborn, die vom 03.02.2025 bis zum 10.02.2025 in der Klinik am Weserbogen GmbH behandelt wurde. Frau Hornbostel wurde mit stabilem Kreislauf entlassen. Rückfragen bitte an das Sekretariat, Telefon 05251 662094, sekretariat@example.de. Die Rechnung geht an DE34760100850987654321. Mit kollegialen Grüßen an Herrn Eulenbruch.`,
  },
  {
    id: 'de-chat',
    lang: 'de',
    kind: 'Chat',
    text: `Fass diesen Gruppenchat in drei Sätzen zusammen:

[09:12] Lars Himmelreich: Treffen wir uns am 18.07.2025 in Würzburg?
[09:14] Svenja Okonkwo: Ja, ich buche den Raum bei der Brückner Eventservice GmbH.
[09:15] Lars Himmelreich: Super. Okonkwo, schick mir die Rechnung an lars.himmelreich@example.org.
[09:17] Svenja Okonkwo: Mach ich. Überweisung bitte auf DE62430609671149278400, Fragen unter 0931 2245718.
[09:20] Lars Himmelreich: Danke! Himmelreich out.`,
  },
  {
    id: 'en-mail',
    lang: 'en',
    kind: 'e-mail',
    text: `Please write a polite reply to this e-mail:

Dear Sir or Madam,
my name is Eleanor Pettigrew and I live in Leicester. On 14 March 2025 I ordered a boiler from Hartwell Heating Ltd. Your colleague Mr Desmond Farraday promised delivery within a week, and I have heard nothing since. Ms Pettigrew can be reached on 020 7946 0321 or at eleanor.pettigrew@example.co.uk. The deposit was paid to GB29NWBK60161331926819. Please tell Mr Farraday that I am waiting for an answer.`,
  },
  {
    id: 'en-letter',
    lang: 'en',
    kind: 'letter',
    text: `Draft a response disputing this letter, and summarise it first:

Letter dated 2 September 2025 from Ashcombe Property Management Ltd, case handler Rupert Vanstone, to tenant Geraldine Okafor, 17 Linden Road, Norwich. Ms Okafor is asked to pay £840 in service charges to GB60BARC20000055779911. Questions go to Mr Vanstone on 01603 496021 or r.vanstone@example.com. Mr Vanstone had already sent the statement in July.`,
  },
  {
    id: 'en-ticket',
    lang: 'en',
    kind: 'support ticket',
    text: `Categorise this support ticket and suggest a reply:

Ticket from Priya Wetherall (customer since 2019, based in Sheffield): her card was charged twice on 21 January 2025. She already spoke to Mr Callum Brightmore at Northgate Telecom plc. Ms Wetherall asks for a refund to GB61LOYD30962212345678 and a call back on 0114 496 0877. Contact: priya.wetherall@example.org. Mr Brightmore had promised a credit note.`,
  },
  {
    id: 'en-hr',
    lang: 'en',
    kind: 'HR',
    text: `Draft a performance review based on this note:

Employee: Marcus Oyelaran, project lead at Fenwick Logistics Ltd in Bristol since 1 April 2021. Line manager: Dr Harriet Stanbury. Mr Oyelaran delivered the warehouse project on time; Dr Stanbury praises his reliability. Salary account GB10MIDL40051512345671, private phone 0117 496 0732, e-mail m.oyelaran@example.net.`,
  },
  {
    id: 'en-medical',
    lang: 'en',
    kind: 'medical letter',
    text: `Explain this discharge letter in plain language:

Dear Dr Ambrose Kettleworth,
we write about your patient Mrs Winifred Castellane, born 12 June 1958, living in Cambridge, who was treated at Riverside Clinic Ltd from 3 February 2025 to 10 February 2025. Mrs Castellane was discharged in a stable condition. Please direct questions to the secretary on 01223 496114 or secretary@example.co.uk. The invoice goes to GB71HBUK40127612345678. Kind regards to Dr Kettleworth.`,
  },
  {
    id: 'en-chat',
    lang: 'en',
    kind: 'chat',
    text: `Summarise this group chat in three sentences:

[09:12] Oliver Thistlewood: Shall we meet in York on 18 July 2025?
[09:14] Beatrix Nakamura: Yes, I'll book the room at Greystone Events Ltd.
[09:15] Oliver Thistlewood: Great. Nakamura, please send the invoice to oliver.thistlewood@example.org.
[09:17] Beatrix Nakamura: Will do. Pay to GB82NWBK60712298765432, questions on 01904 496 551.
[09:20] Oliver Thistlewood: Thanks! Thistlewood out.`,
  },
];
