import { describe, expect, it } from 'vitest';
import { othRecognizer } from '../../../../src/detection/identifiers/oth.js';
import type { TextLabelName } from '../../../../src/spec/types.js';
import type { Span } from '../../../../src/text/span.js';

const ctx = { labels: new Set<TextLabelName>(['MAIL', 'TEL', 'OTH']), language: 'auto' as const };
const spans = (text: string): Span[] => (othRecognizer.detect(text, ctx) as Span[]).filter((s) => s.score >= 0.5);
const found = (text: string): string[] => spans(text).map((s) => text.slice(s.start, s.end));
const score = (text: string): number => Math.max(0, ...(othRecognizer.detect(text, ctx) as Span[]).map((s) => s.score));

describe('othRecognizer: identifiers', () => {
  it.each([
    // IBAN
    ['IBAN: DE89 3704 0044 0532 0130 00', 'DE89 3704 0044 0532 0130 00'],
    ['IBAN DE89370400440532013000.', 'DE89370400440532013000'],
    ['GB29 NWBK 6016 1331 9268 19', 'GB29 NWBK 6016 1331 9268 19'],
    ['Konto AT61 1904 3002 3457 3201 bei', 'AT61 1904 3002 3457 3201'],
    ['FR14 2004 1010 0505 0001 3M02 606', 'FR14 2004 1010 0505 0001 3M02 606'],
    ['iban: de89370400440532013000', 'de89370400440532013000'],
    ['IBAN de89 3704 0044 0532 0130 00', 'de89 3704 0044 0532 0130 00'],
    ['Konto DE 89 3704 0044 0532 0130 00', 'DE 89 3704 0044 0532 0130 00'],
    ['at61 1904 3002 3457 3201 und', 'at61 1904 3002 3457 3201'],
    ['AT61 1904 3002 3457 3201 bei', 'AT61 1904 3002 3457 3201'],
    ['gb29nwbk60161331926819', 'gb29nwbk60161331926819'],
    // Payment cards
    ['Karte 4111 1111 1111 1111', '4111 1111 1111 1111'],
    ['5555-5555-5555-4444', '5555-5555-5555-4444'],
    ['Amex 3782 822463 10005', '3782 822463 10005'],
    ['4111111111111111', '4111111111111111'],
    ['Kreditkarte: 1234567812345670', '1234567812345670'],
    // Steuer-IdNr, Steuernummer
    ['Steuer-ID: 86095742719', '86095742719'],
    ['IdNr. 86 095 742 719', '86 095 742 719'],
    ['365 742 618 09', '365 742 618 09'],
    ['36574261809', '36574261809'],
    ['Steuernummer: 21/815/08150', '21/815/08150'],
    ['St.-Nr. 181/815/08155', '181/815/08155'],
    ['Steuernummer 013 815 08153', '013 815 08153'],
    // Social and health insurance
    ['Rentenversicherungsnummer: 65 170839 J 003', '65 170839 J 003'],
    ['SV-Nummer 65170839J003', '65170839J003'],
    ['SV-Nummer: 65 17 08 39 J 003', '65 17 08 39 J 003'],
    ['Rentenversicherungsnummer 65170839 J003', '65170839 J003'],
    ['65 170839 J 00 3', '65 170839 J 00 3'],
    ['Versicherungsnummer: 54 040380 M 501', '54 040380 M 501'],
    ['54 040380 M 503', '54 040380 M 503'],
    // German ID-card and passport numbers
    ['Personalausweis-Nr. L01X00T47', 'L01X00T47'],
    ['ausgewiesen durch Personalausweis T22000129', 'T22000129'],
    ['Perso: L01X00T471', 'L01X00T471'],
    ['Reisepass C01X00T47', 'C01X00T47'],
    ['identity card no. LZ6311T47', 'LZ6311T47'],
    ['KVNR A123456780', 'A123456780'],
    ['A123456780', 'A123456780'],
    ['Versichertennummer: X000000012', 'X000000012'],
    // VAT and register
    ['USt-IdNr.: DE123456789', 'DE123456789'],
    ['DE123456788', 'DE123456788'],
    ['UID ATU12345678', 'ATU12345678'],
    ['Amtsgericht München HRB 12345', 'HRB 12345'],
    ['HR B 12345', 'HR B 12345'],
    ['Amtsgericht Berlin HRB 12345 B', 'HRB 12345 B'],
    ['HRA 1234', 'HRA 1234'],
    ['Vereinsregister VR 1234', 'VR 1234'],
    // Network addresses
    ['von 192.168.0.1 aus', '192.168.0.1'],
    ['Netz 10.0.0.0/8', '10.0.0.0/8'],
    ['IP: 1.2.3.4', '1.2.3.4'],
    ['IP-Adresse 255.255.255.255.', '255.255.255.255'],
    ['2001:0db8:85a3:0000:0000:8a2e:0370:7334', '2001:0db8:85a3:0000:0000:8a2e:0370:7334'],
    ['Server 2001:db8::1 antwortet', '2001:db8::1'],
    ['link-local fe80::1', 'fe80::1'],
    ['[2001:db8::ff00:42:8329]:443', '2001:db8::ff00:42:8329'],
    ['::ffff:192.0.2.128', '::ffff:192.0.2.128'],
    // Licence plates
    ['Kennzeichen B-AB 1234', 'B-AB 1234'],
    ['B-AB 1234', 'B-AB 1234'],
    ['Kennzeichen M AB 123', 'M AB 123'],
    ['HH-XY 12E', 'HH-XY 12E'],
    ['KA-AB 12H', 'KA-AB 12H'],
    ['Pkw mit dem Kennzeichen KA-AB12.', 'KA-AB12'],
    ['Kfz-Kennzeichen: MÜ-X 7', 'MÜ-X 7'],
    // Case numbers: the label stays outside
    ['Az. 3 O 123/21', '3 O 123/21'],
    ['Aktenzeichen: 12 U 45/19', '12 U 45/19'],
    ['BGH, Urteil vom 12.03.2021, VI ZR 123/20', 'VI ZR 123/20'],
    ['BVerfG 1 BvR 2835/17', '1 BvR 2835/17'],
    ['BSG, Urteil vom 25. 3. 2015 - B 6 KA 9/14 R - BSGE 118', 'B 6 KA 9/14 R'],
    ['LSG L 2 U 123/19', 'L 2 U 123/19'],
    ['Geschäftszeichen: AB-12/2021', 'AB-12/2021'],
    ['Ihr Zeichen: mü/4711', 'mü/4711'],
    ['Case No. 2:19-cv-01234', '2:19-cv-01234'],
    ['Our ref: AB/123/21', 'AB/123/21'],
    ['ref. AZ-2021-77', 'AZ-2021-77'],
    // Labelled numbers: the label (and `#`) stays outside
    ['Kundennummer: K-123456', 'K-123456'],
    ['Versicherungsschein-Nr. HR 552 908 417', 'HR 552 908 417'],
    ['Vertragsnummer: AB 12 345 678, bitte angeben', 'AB 12 345 678'],
    ['Kunden-Nr. 123456', '123456'],
    ['Rechnungsnummer RE-2021-0042', 'RE-2021-0042'],
    ['Invoice #INV-00123', 'INV-00123'],
    ['Invoice No. 4711', '4711'],
    ['Ticket #12345', '12345'],
    ['Bestellnummer: 302-1234567-1234567', '302-1234567-1234567'],
    ['Order ID: A1B2C3', 'A1B2C3'],
    ['Vertragsnummer 123 456 789', '123 456 789'],
    ['Ausweisnummer: L01X00T47', 'L01X00T47'],
    ['Reisepass Nr. C01X00T47', 'C01X00T47'],
    ['passport number 123456789', '123456789'],
    ['Führerscheinnummer B072RRE2I55', 'B072RRE2I55'],
    ['Customer ID: 998877', '998877'],
    ['IMEI 490154203237518', '490154203237518'],
    ['Fall-Nr.6733340001, *24.12.1972', '6733340001'],
    ['Fallnummer:\tA-202344102', 'A-202344102'],
    ['Fallzahl: \t103354008', '103354008'],
    ['SV Nr.: 4445311299', '4445311299'],
    ['PIZ: 12235904', '12235904'],
    ['Patient (FN:445544767)', '445544767'],
    ['E-Nr.: 17217277', '17217277'],
    ['Protokoll Nr.:099984-0163', '099984-0163'],
    ['Versicherungsscheinnummer BA 7712/33-K', 'BA 7712/33-K'],
    ['Versicherungsschein-Nr.: 4 588 219/03', '4 588 219/03'],
    ['Claim reference: CL 4471 2290', 'CL 4471 2290'],
    ['Booking ref. KX-7731', 'KX-7731'],
    ['Customer number: C-0044-1182', 'C-0044-1182'],
    // A value that fills its field keeps its trailing groups; aligned forms; more keywords
    ['Unser Zeichen: TK-2019-442 117\nDatum', 'TK-2019-442 117'],
    ['Policennummer: MX 31 904 227 3\n', 'MX 31 904 227 3'],
    ['Docket No. 2021 C 117342\n', '2021 C 117342'],
    ['Org. no. 912 345 678 MVA\nOslo', '912 345 678 MVA'],
    ['Rechnungsnummer:      RG-77-1045\nDatum', 'RG-77-1045'],
    ['Mieternummer 2271-009', '2271-009'],
    ['Lizenz-Nr. EH-NRW-20719', 'EH-NRW-20719'],
    ['Sparkasse Hamm, Kreditor-Nr. 700 214.', '700 214'],
    ['Debitorennummer: D-44817', 'D-44817'],
    ['Lieferanten-Nr. 55120', '55120'],
    ['Schaden-Nr. 40-118-7732-24', '40-118-7732-24'],
    ['HUK-COBURG, Vers.-Nr. 710/334512-K', '710/334512-K'],
    ['Kennziffer: HR-2023-11', 'HR-2023-11'],
    ['Inventarnr. LT-BER-0412', 'LT-BER-0412'],
    ['the laptop (asset tag LT-00932) is ready', 'LT-00932'],
    ['Service Tag: 7XK2M93', '7XK2M93'],
    ['Company No. 12345678', '12345678'],
    ['Registration number: SC123456', 'SC123456'],
    ['Tenant ID: T-55102', 'T-55102'],
    ['KvK-nummer 12345678', '12345678'],
    ['CVR-nr. 12 34 56 78', '12 34 56 78'],
    ['Tax ID (AFM): 123 456 789', '123 456 789'],
    ['NIF: B-7654321-0', 'B-7654321-0'],
    ['Partita IVA 01234567890', '01234567890'],
    ['SIRET 123 456 789 00012', '123 456 789 00012'],
    ['VAT Reg. No. GB 123 4567 89', 'GB 123 4567 89'],
    ['VAT: EL123456789', 'EL123456789'],
    ['Practice code: Y02231', 'Y02231'],
    ['the incident is INC-40417', 'INC-40417'],
    ['Einsatz Nr. WX-551029 geplant', 'WX-551029'],
  ])('finds the identifier in %j', (text, expected) => {
    expect(found(text)).toEqual([expected]);
  });

  it.each([
    ['Kundennummer: 4711 und\n', '4711'],
    ['Invoice No. 4711 for March', '4711'],
    ['Order ID: AB-77 bitte\n', 'AB-77'],
    // After its label an IBAN-shaped value is taken whatever its checksum (typos, example numbers)
    ['IBAN DE89 3704 0044 0532 0130 01', 'DE89 3704 0044 0532 0130 01'],
    ['iban de89 3704 0044 0532 0130 01 bitte', 'de89 3704 0044 0532 0130 01'],
    ['IBAN: dk5030004071882073 SWIFT', 'dk5030004071882073'],
    ['auf das Konto DE45 9185 2884 8440 2034 27 bei der Postbank', 'DE45 9185 2884 8440 2034 27'],
    // BIC after its label
    ['BIC: GENODEF1LVB Druckerei', 'GENODEF1LVB'],
    ['SWIFT/BIC: DABADKKK Please', 'DABADKKK'],
    ['Swift code CHASUS33 for wires', 'CHASUS33'],
    // UK National Insurance number with its words; last digits of a card or account
    ['National Insurance number (QQ 12 34 56 C on your form)', 'QQ 12 34 56 C'],
    ['NINO: AB123456C.', 'AB123456C'],
    ['charged on my Visa ending 4417. I moved', '4417'],
    ['verified via last 4 of SSN (6620) and DOB', '6620'],
    ['Ihre Kreditkarte endet auf 1234.', '1234'],
    // Fields whose value has a slash inside a group; new labels
    ['Vorgangsnr. BB-M 2024/18834\n', 'BB-M 2024/18834'],
    ['Tagebuch-Nr. TG 0412/24-117, Beamter', 'TG 0412/24-117'],
    ['Verwendungszweck: CF-2024-118402 Sollten', 'CF-2024-118402'],
    ['unter dem Zugangscode K7Q-44M-2XA bis', 'K7Q-44M-2XA'],
    ['reservierungsnr. BR-5512 morgen', 'BR-5512'],
    ['Mietvertragsnummer: 4101-0338-07 Mietobjekt', '4101-0338-07'],
    ['Betriebsnr. 0931-42217', '0931-42217'],
    ['Chart #: SFD-20488 Entered', 'SFD-20488'],
    ['Group number: 10447-0002 Secondary', '10447-0002'],
    ['request no. RBH-XR-2284417).', 'RBH-XR-2284417'],
    ['certificate number DPS-7740-2219-05. Please', 'DPS-7740-2219-05'],
    ['Amtsgericht Bremen HRB 31877 HB · USt-IdNr.', 'HRB 31877 HB'],
    ['Amtsgericht Köln HRB 1234 AG Köln', 'HRB 1234'],
    ['(Mieternummer 0419-117). Das', '0419-117'],
    ['Vertrag: SLA-LPS-2022-04', 'SLA-LPS-2022-04'],
    ['the old account (100-339-0452) was never closed', '100-339-0452'],
    ['Illinois plate DH 7731, shall', 'DH 7731'],
    ['vehicle, registration MX19 KTU, was', 'MX19 KTU'],
    ['voyage FS-2441E Dear customers', 'FS-2441E'],
    ['B/L NMAS2410088 2.', 'NMAS2410088'],
    ['acc. 00718842 | termly', '00718842'],
    ['MRCGP GMC 7046219 cc:', '7046219'],
    ['(ARDC No. 6329117), Respondent', '6329117'],
    ['Green Card holder (USCIS # A204-771-983) Driver', 'A204-771-983'],
    ['needs invoice: NIP 677-228-41-90 |', '677-228-41-90'],
    ['(referral #HH-240409-117). Follow-up', 'HH-240409-117'],
    ['PO number: MP-PO-88213 Project', 'MP-PO-88213'],
    ['his FOID card, no. 41887230, to the', '41887230'],
    ["Magistrate Judge's No. 2109 Dated", '2109'],
    ['Cook County Atty. No. 61844', '61844'],
    ['Insurance: Medicare 1EG4-TE5-MK73 ADMITTING', '1EG4-TE5-MK73'],
    ['CSQU3054383 loaded', 'CSQU3054383'],
    ['Bergamo, Italy – container NLMU 442311 2', 'NLMU 442311 2'],
    ['Issue #4417: Export to CSV', '4417'],
    ['the refactor in #4302 (by', '4302'],
    ['recorded under crime reference 78-6092. The', '78-6092'],
    ['RE: Account 035762\nDear Sir', '035762'],
    ['Re: Invoice 425280\nDear', '425280'],
  ])('keeps a word after the value out of it in %j', (text, expected) => {
    expect(found(text)).toEqual([expected]);
  });

  it('finds a UK sort code and account number as two identifiers', () => {
    expect(found('my details: 60-83-71 22918846, A Ogunleye')).toEqual(['60-83-71', '22918846']);
  });

  it('finds several identifiers in one text', () => {
    const text = 'Kundennummer: K-123456, IBAN DE89 3704 0044 0532 0130 00, Az. 3 O 123/21.';
    expect(found(text)).toEqual(['K-123456', 'DE89 3704 0044 0532 0130 00', '3 O 123/21']);
  });

  it.each([
    ['DE89 3704 0044 0532 0130 01', 'IBAN with a wrong checksum and no label'],
    ['DE89 3704', 'IBAN fragment'],
    ['4111 1111 1111 1112', 'card failing Luhn'],
    ['1234567812345670', 'Luhn-valid number of no issuer, no context'],
    ['12345678901', 'eleven digits failing the tax-ID rules'],
    ['21/815/08150', 'Steuernummer shape without context'],
    ['65 170839 J 004', 'SV-Nummer with a wrong check digit'],
    ['A123456781', 'KVNR with a wrong check digit'],
    ['DE123456789', 'VAT shape with a wrong check digit and no label'],
    ['Version 1.2.3.4', 'version number'],
    ['Abschnitt 2.1.3.4', 'section number'],
    ['1.2.3.4', 'single-digit quad without context'],
    ['256.1.1.1', 'octet over 255'],
    ['1.2.3', 'three parts'],
    ['um 12:30:45 Uhr', 'time'],
    ['MAC 00:1A:2B:3C:4D:5E', 'MAC address'],
    ['Papierformat DIN A4', 'DIN A4'],
    ['DIN EN 1234', 'norm'],
    ['§ 5 SGB V 123', 'statute'],
    ['M AB 123', 'plate with spaces only, no context'],
    ['Scheidler, VR 2012, 113', 'journal year in a citation'],
    ['DVB-T 2', 'technical term'],
    ['CK 113, CK-MB 64, LDH 225', 'lab value'],
    ['Trop T 0,7 μg/l, CK-MB 35 U/l', 'lab value with unit'],
    ['normale LV-F 5.', 'clinical abbreviation'],
    ['HB-A 12 %', 'measurement with a unit'],
    ['Art. 15 DSGVO', 'statute'],
    ['§ 823 BGB', 'statute'],
    ['Die Rechnung über 1.234,56 € ist fällig.', 'amount'],
    ['Rechnung: 1.234,56 €', 'amount after a label'],
    ['Rechnung vom 12.03.2021', 'date after a label'],
    ['Rechnung: 12.03.2021', 'date after a label with colon'],
    ['Bj. 1982', 'year'],
    ['Klasse 8b', 'school class'],
    ['Zimmer 12', 'room'],
    ['Zimmer Nr.: 12', 'room after a bare Nr.'],
    ['Haus Nr. 123456', 'bare Nr. without colon'],
    ['Tel.-Nr.: 1234567', 'phone number after Tel.-Nr.'],
    ['Telefon Nr.: 030 1234567', 'phone number after Telefon Nr.'],
    ['Zimmer-Nr.: 123456', 'room number'],
    ['https://t.co/iD26UoP7tl', 'label inside a URL'],
    ['Follow the @Az1Awards page', 'label inside a handle'],
    ['IDs like ID26UoP7tl', 'label glued to a value'],
    ['Executive Order 13011', 'document number after a common word'],
    ['the number: 1-800-991-9019', 'phone number after a bare number label'],
    ['Order 2 items', 'count after a common word'],
    ['in case 123 fails', 'number after a common word'],
    ['Ref. Müller', 'no digits'],
    ['Kundennummer bitte angeben', 'label without a value'],
    ['Ticket kaufen', 'label without a value'],
    ['10115 Berlin', 'postcode'],
    ['Tel. 030 1234567', 'phone number'],
    ['de89 3704 0044 0532 0130 01', 'lower-case IBAN with a wrong checksum and no label'],
    ['IBAN: XY89 3704 0044 0532 0130 01', 'IBAN label before the shape of no registered country'],
    ['QQ 12 34 56 C', 'National Insurance number shape without its words'],
    ['the fiscal year ending 2023 was', 'a year after `ending`'],
    ['Die BIC ist wichtig', 'BIC label without a code'],
    ['BIC: SIEHE UNTEN', 'words in capitals after BIC'],
    ['a group of 12 people', 'group without a number label'],
    ['a plate of 350 grams', 'a plate of food'],
    ['registration 12 people', 'a count after registration'],
    ['Vertrag vom 12.03.2021', 'a date after Vertrag'],
    ['the contract 2024 draft', 'a year after contract'],
    ['am 12 3456 7890 1234 5678', 'two letters and digit groups: no registered IBAN country'],
    ['65 17 08 39 J 004', 'spaced SV-Nummer with a wrong check digit'],
    ['Vertragsnummer vom 12 03 2021', 'a word, not a prefix, before digit groups'],
    ['Rechnung Nr. 3 12 Positionen', 'spaced count after a label'],
    ['L01X00T47', 'ID-card shape without a word before it'],
    ['Perso: L01X00T472', 'ID-card number with a wrong check digit'],
    ['Personalausweis ABCDEFGHJ', 'ID-card shape without a digit'],
    ['Produktnummer M12345678', 'product code in ID-card shape'],
    ['Personalausweis-Nr. folgt', 'label without a value'],
    ['Nr. 12 Seiten', 'a count after a bare Nr.'],
    ['Zimmer Nr. AB 12345', 'room number after a bare Nr.'],
    ['PO Box 4471', 'PO box'],
    ['Company policy is strict', 'company word without a value'],
    ['VAT: 245.50', 'amount after VAT'],
    ['NLMU 442311 2', 'container shape with a wrong check digit and no container word'],
    ['1EG4-TE5-MK73', 'Medicare shape without its word'],
    ['we came #1 and #22 in the list, C#2024', 'a rank and a hashtag year'],
    ['on 12-03-24 at noon', 'a sort-code shape alone (a date)'],
    ['Nr. 123456 Seiten', 'six digits after a bare Nr. without colon'],
    ['Order 123456 items', 'six digits after a common word outside a subject line'],
  ])('finds nothing in %j (%s)', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('scores validated identifiers as strong', () => {
    expect(score('DE89 3704 0044 0532 0130 00')).toBeGreaterThanOrEqual(0.85);
    expect(score('4111 1111 1111 1111')).toBeGreaterThanOrEqual(0.85);
    expect(score('86095742719')).toBeGreaterThanOrEqual(0.85);
    expect(score('65 170839 J 003')).toBeGreaterThanOrEqual(0.85);
    expect(score('DE123456788')).toBeGreaterThanOrEqual(0.85);
    expect(score('B-AB 1234')).toBeGreaterThanOrEqual(0.85);
  });

  it('scores context-only shapes below the threshold alone', () => {
    expect(score('21/815/08150')).toBeLessThan(0.5);
    expect(score('M AB 123')).toBeLessThan(0.5);
    expect(score('1.2.3.4')).toBeLessThan(0.5);
  });
});

describe('othRecognizer: ages (the number only)', () => {
  it.each([
    ['Frau M., 72 Jahre, wohnhaft in', '72'],
    ['Herr K. (72 Jahre)', '72'],
    ['72 Jahre alt', '72'],
    ['die 72-jährige Patientin', '72'],
    ['der 72-Jährige', '72'],
    ['ein 72jähriger Mann', '72'],
    ['die 8 - jährige Tochter', '8'],
    ['Pat. 72 J., männlich', '72'],
    ['mit 72 Jahren verstorben', '72'],
    ['im Alter von 72 Jahren', '72'],
    ['Alter: 72', '72'],
    ['a 75-year-old man', '75'],
    ['75 years old', '75'],
    ['aged 75', '75'],
    ['at the age of 75', '75'],
    ['Age: 75', '75'],
    ['patient, 75 y/o', '75'],
    ['Status praesens 55-j. Patientin', '55'],
    ['Untersuchungsbefund: 49jähr. Pat.', '49'],
    ['6-jahriger Junge', '6'],
    ['eine 80-jaehrige Patientin', '80'],
    ['Glaukom ab 55. Lj', '55'],
    ['seit dem 13. Lebensjahr', '13'],
    ['DOB: 03/14/1961 (63 y) Sex: M', '63'],
    ['Herr B. (58 J.)', '58'],
  ])('finds the age in %j', (text, expected) => {
    expect(found(text)).toEqual([expected]);
  });

  it.each([
    ['seit 20 Jahren', 'duration'],
    ['vor 10 Jahren', 'duration'],
    ['für 3 Jahre', 'duration'],
    ['3 Jahre Garantie', 'warranty'],
    ['5 Jahre lang', 'duration'],
    ['das 25-jährige Jubiläum', 'anniversary'],
    ['10-jährige Berufserfahrung', 'experience'],
    ['nach 5-jähriger Betriebszugehörigkeit', 'tenure'],
    ['a 10-year warranty', 'warranty'],
    ['2021 Jahre', 'too old'],
    ['Alter Markt 5', 'street named Alter Markt'],
    ['Stage 3', 'not an age label'],
    ['(3 x)', 'a count in brackets'],
    ['(12 Jahre Garantie)', 'warranty in brackets'],
  ])('finds nothing in %j (%s)', (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe('othRecognizer: offsets and robustness', () => {
  it('gives UTF-16 offsets after astral characters', () => {
    const text = '😀𠮷 IBAN DE89 3704 0044 0532 0130 00';
    expect(spans(text).map((s) => [s.start, s.end])).toEqual([[10, 37]]);
    expect(found(text)).toEqual(['DE89 3704 0044 0532 0130 00']);
  });

  it('yields one span per identifier (overlapping rule hits are resolved)', () => {
    expect((othRecognizer.detect('USt-IdNr.: DE123456788', ctx) as Span[]).length).toBe(1);
    expect((othRecognizer.detect('Steuer-ID: 86095742719', ctx) as Span[]).length).toBe(1);
  });

  it.each([
    ['digits with spaces', '1 '.repeat(25_000)],
    ['dotted chain before @', `${'a.'.repeat(25_000)}@`],
    ['+49 repeated', '+49 '.repeat(12_500)],
    ['zeros', '0'.repeat(50_000)],
    ['@ chain', 'a@'.repeat(25_000)],
    ['upper-case letters', 'A'.repeat(50_000)],
    ['colons', ':'.repeat(50_000)],
    ['hex and colons', 'a:'.repeat(25_000)],
    ['dotted digits', '1.'.repeat(25_000)],
    ['slashed digits', '12/'.repeat(16_000)],
    ['plate-like chain', 'AB-CD '.repeat(8_000)],
    ['court-like chain', '3 O '.repeat(12_000)],
    ['labels without values', 'Kundennummer: '.repeat(3_500)],
    ['label-value chain', 'Az. 1-'.repeat(8_000)],
    ['IBAN-like groups', `DE89 ${'ABCD '.repeat(10_000)}`],
    ['age words', '7 Jahre '.repeat(6_000)],
    ['digit groups', '1234 '.repeat(10_000)],
    ['lower-case IBAN-like groups', `de89 ${'ab1c '.repeat(10_000)}`],
    ['ID-card-like chain', 'Ausweis L01X00T47'.repeat(3_000)],
    ['spaced groups after a label', `Kundennummer ${'AB 1 '.repeat(10_000)}`],
  ])('returns on adversarial input: %s', (_name, text) => {
    expect(Array.isArray(othRecognizer.detect(text, ctx))).toBe(true);
  });
});
