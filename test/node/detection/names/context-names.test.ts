import { describe, expect, it } from 'vitest';
import { firstNames } from '../../../../src/detection/lexicons/store.js';
import { isFirstName } from '../../../../src/detection/words/lexicon.js';
import { contextNameRecognizer } from '../../../../src/detection/names/context-names.js';
import type { TextLabelName } from '../../../../src/spec/types.js';
import type { Span } from '../../../../src/text/span.js';

const ctx = { labels: new Set<TextLabelName>(['PER']), language: 'auto' as const };
const spans = (text: string): Span[] => (contextNameRecognizer.detect(text, ctx) as Span[]).filter((s) => s.score >= 0.5);
const found = (text: string): string[] => spans(text).map((s) => text.slice(s.start, s.end));

describe('contextNameRecognizer: titles', () => {
  it.each([
    ['Sehr geehrter Herr Dr. Hans-Peter Müller,', ['Hans-Peter Müller']],
    ['Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,', []],
    ['Die Zeugin Frau Gerlinde von der Heydt erschien pünktlich.', ['Gerlinde von der Heydt']],
    ['Wir haben die Akte Herrn Müllers geprüft.', ['Müllers']],
    ['Laut Dr. K. ist die Therapie beendet.', ['K.']],
    ["We called Mr O'Brien's office.", ["O'Brien"]],
    ['Mrs. Jane Doe and Ms Smith attended.', ['Jane Doe', 'Smith']],
    ['Überweisung an Herrn Dr. med. Klaus Schmidt', ['Klaus Schmidt']],
    ['Gutachter: Dipl.-Ing. Peter Krause', ['Peter Krause']],
    ['Herr Prof. Dr. Dr. h.c. Wolfgang Schäuble sprach.', ['Wolfgang Schäuble']],
    ['Bitte sagen Sie Frau Schmidt Bescheid.', ['Schmidt']],
    ['Herr Müller und Frau Schmidt kamen zusammen.', ['Müller', 'Schmidt']],
    // Forms of address abroad.
    ['Mme Claire Dubois-Mathieu\nComité de jumelage', ['Claire Dubois-Mathieu']],
    ['Sra. María José Gutiérrez Almagro\nCalle de San Bernardo, 34', ['María José Gutiérrez Almagro']],
    ['Sig. Giuseppe Lo Bianco\nVia Garibaldi 118', ['Giuseppe Lo Bianco']],
    ['attn. Dott.ssa Chiara Cattaneo, Via dei Mille', ['Chiara Cattaneo']],
    ['Κα Ελένη Παπαδάκη\nΟδός Ερμού 45', ['Ελένη Παπαδάκη']],
    ['Herr Müller ist zu Hause.', ['Müller']],
    ['Herr Richter hat angerufen.', ['Richter']],
    ['Vertreten durch Herrn Rechtsanwalt Weber', ['Weber']],
    ['Herr und Frau Fischer sind verzogen.', ['Fischer']],
    ['Dear Mr. & Mrs. Smith,', ['Smith']],
    ['Ich sprach mit Herrn K. Er sagte nichts.', ['K.']],
    ['Zeugin Frau M. Schulz gab an', ['M. Schulz']],
    ['Frau Dr. Schulz, bitte kommen Sie.', ['Schulz']],
    ['Herr Hans Müller Tel. 030 1234', ['Hans Müller']],
    ['Herr Müller Geschäftsführer der Firma', ['Müller']],
    ['Herrn\nMax Mustermann\nHauptstr. 5', ['Max Mustermann']],
    ['Sir Elton John performed.', ['Elton John']],
    ['Herr MÜLLER erschien nicht.', ['MÜLLER']],
    ['Herr Dr. B. v. Thaden', ['B. v. Thaden']],
    ['Familie Yılmaz wohnt hier.', ['Yılmaz']],
    ['wir berichten über Frau CHRIST, Charlotte, Fall-Nr. 6733', ['CHRIST, Charlotte']],
    ['gez. Doz. DDr. Dr.med.univ. A. Barthel', ['A. Barthel']],
    ['Dr. Hanns Wurst OA Dr. Matthias Metzger', ['Hanns Wurst', 'Matthias Metzger']],
    ['Herr I. Müller', ['I. Müller']],
  ])('finds the name in %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it('scores a title + known first name higher than a title + surname', () => {
    const [known] = spans('Herr Hans Müller');
    const [surname] = spans('Herr Müller');
    expect(known?.score).toBeGreaterThan(surname?.score ?? 1);
    expect(surname?.score).toBeGreaterThanOrEqual(0.85);
  });
});

describe('contextNameRecognizer: fields, signatures, greetings, relations', () => {
  it.each([
    ['Name: Hans Müller\nGeburtsdatum: 01.01.1970', ['Hans Müller']],
    ['Nachname: Müller   Vorname: Hans', ['Müller', 'Hans']],
    ['Patient: KRAUSE, Werner, geb. 1950', ['KRAUSE, Werner']],
    ['Name, Vorname: Schmidt, Anna', ['Schmidt, Anna']],
    ['Kläger: Max Mustermann', ['Max Mustermann']],
    ['Ansprechpartnerin: Frau Dr. Lea Wagner', ['Lea Wagner']],
    ['Full name: John Smith', ['John Smith']],
    ['Mit freundlichen Grüßen\n\nHans Müller\nGeschäftsführer', ['Hans Müller']],
    ['Mit freundlichen Grüßen\n\ni.A. Petra Schulze', ['Petra Schulze']],
    ['Best regards,\nJohn Smith\nSales Manager', ['John Smith']],
    ['gez. Dr. Müller', ['Müller']],
    ['i. A. Tobias Brandt, Sachbearbeiter', ['Tobias Brandt']],
    ['Unterschrift: Anna Schmidt', ['Anna Schmidt']],
    ['Liebe Anna,\nwie geht es dir?', ['Anna']],
    ['Hallo Tom! Kommst du?', ['Tom']],
    ['Dear John Smith,', ['John Smith']],
    ['Gestern kam mein Sohn Lukas zu Besuch.', ['Lukas']],
    ['I met my wife Mary in 1990.', ['Mary']],
    ['(DOB 08/23/1935) and his partner Al submitted the application', ['Al']],
    ['her partner Svatomír submitted the application together', ['Svatomír']],
    ['Die Familie von Anna Schmidt kam.', ['Anna Schmidt']],
  ])('finds the name in %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });
});

describe('contextNameRecognizer: relations without a known first name', () => {
  it('needs a possessive before the relation and no common word after it', () => {
    expect(found('Our partner Svatomír submitted it.')).toEqual(['Svatomír']);
    expect(found('A partner Svatomír submitted it.')).toEqual([]);
    expect(found('his partner Company submitted it.')).toEqual([]);
    expect(found('seine Frau Svatomíra kam mit.')).toEqual(['Svatomíra']);
    expect(found('visiting her sister, Ngozi Eze, in Enugu')).toEqual(['Ngozi Eze']);
    expect(found('confirmation for his accountant, Montserrat Vidal (mvidal@x.es)')).toEqual(['Montserrat Vidal']);
    expect(found('the accountant Zorbax Quell signed')).toEqual([]);
  });
});

describe('contextNameRecognizer: parties before their role', () => {
  it.each([
    ['DOUGLAS R. HOLLOWAY, Petitioner,\nv.\nMARGARET E. HOLLOWAY, Respondent.', ['DOUGLAS R. HOLLOWAY', 'MARGARET E. HOLLOWAY']],
    ['In dem Rechtsstreit Max Mustermann, Kläger, gegen', ['Max Mustermann']],
    ['J. Roe, Plaintiff, moves the court', ['J. Roe']],
    ['DOUGLAS R. HOLLOWAY,                 Calendar 42\n        Respondent.\n', ['DOUGLAS R. HOLLOWAY']],
  ])('finds the party in %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it('leaves organisations, unknown mixed-case words and common words alone', () => {
    expect(found('ACME Widgets GmbH, Beklagte')).toEqual([]);
    expect(found('Im Verfahren Zorbax Quell, Kläger')).toEqual([]);
    expect(found('THE COURT, Respondent')).toEqual([]);
  });
});

describe('contextNameRecognizer: patient lines of medical images', () => {
  it.each([
    ['KAUFMAN SCOTT [M] 03.08.2002\nDOB: 07.22.1943', ['KAUFMAN SCOTT']],
    ['DOE, JANE (F)\nCT THORAX', ['DOE, JANE']],
    ['LI WEI [M] 4711', ['LI WEI']],
    ['Patient ID 12\nDOE^JANE^Q^^', ['DOE^JANE^Q^^']],
    ['Referring: Kaufman^Scott^^Dr.', ['Kaufman^Scott^^Dr.']],
  ])('finds the patient in %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it('leaves headings with a bracket, common words and formulas alone', () => {
    expect(found('MRT KOPF (F)')).toEqual([]);
    expect(found('BEFUND LINKS (M) 12')).toEqual([]);
    expect(found('Die Matrix A^T und B^2, E^Energie')).toEqual([]);
    expect(found('  CT^1234')).toEqual([]);
  });
});

describe('contextNameRecognizer: initials of a published decision', () => {
  it.each([
    ['Die Strafbarkeit des Angeklagten H. nach § 29a BtMG', ['H.']],
    ['ohne zuvor dem Zeugen K. gegenüber Angaben zu machen', ['K.']],
    ['Maßgeblich ist Herr C gewesen.', ['C']],
    ['des 2013 verstorbenen Ehemannes D. F. .', ['D. F.']],
    ['unsere gemeinsame Patientin M. Boeck, geboren am', ['M. Boeck']],
  ])('finds the person in %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it('leaves numbered parties and roles without an initial alone', () => {
    expect(found('Der Kläger zu 1. beantragt, der Zeuge bestätigte es.')).toEqual([]);
    expect(found('Die Zeugin AB sagte aus.')).toEqual([]);
  });
});

describe('contextNameRecognizer: the addressee line of an address block', () => {
  it.each([
    ['Wellington Crooks\n9 Reichel Fall\nHull EC0A 8FW', ['Wellington Crooks']],
    ['Vasilis Giagkos\nPl. Germanou 573\n216 19 Florina', ['Vasilis Giagkos']],
    ['Leonor Saavedra Monroy\nChalet Hugo, 41\n62678 Huelva', ['Leonor Saavedra Monroy']],
  ])('finds the name in %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it('needs name words, and a postcode after the street line unless the first name is known', () => {
    expect(found('Project Status\n12 Items\n40210 Total')).toEqual([]);
    expect(found('Zorbax Quell\n9 Reichel Fall\nsee below')).toEqual([]);
    expect(found('Anna Quell\n9 Reichel Fall\nsee below')).toEqual(['Anna Quell']);
  });
});

describe('contextNameRecognizer: known first names', () => {
  it.each([
    ['Gestern hat Anna Schmidt angerufen.', ['Anna Schmidt']],
    ['Das Protokoll führte Hans-Peter Müller.', ['Hans-Peter Müller']],
    ['Es unterschrieb Anna Maria Schmidt.', ['Anna Maria Schmidt']],
    ['Präsident John F. Kennedy', ['John F. Kennedy']],
    ['Zeuge war Maximilian Freiherr von Wangenheim.', ['Maximilian Freiherr von Wangenheim']],
    ['Rhys ap Gwilym gave evidence.', ['Rhys ap Gwilym']],
    ['Teilnehmerliste: KRAUSE, Werner; LANGE, Ute', ['KRAUSE, Werner', 'LANGE, Ute']],
    ['Jürgen und Marlies Fischer wohnen nebenan.', ['Jürgen', 'Marlies Fischer']],
    ['Carla und Gina Grau wohnen seit Dezember', ['Carla', 'Gina Grau']],
    ['unser Polier, Marek Dąbrowski, ist da', ['Marek Dąbrowski']],
    ['Der Urlaubsantrag von Vogel, Svea für den Zeitraum', ['Vogel, Svea']],
    ['durch unseren Techniker Wittenberg, Oliver am 13.02.', ['Wittenberg, Oliver']],
    ['Sie Anna Schmidt?', ['Anna Schmidt']],
  ])('finds the name in %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it('scores gazetteer names moderately', () => {
    const [s] = spans('Gestern hat Anna Schmidt angerufen.');
    expect(s?.score).toBeGreaterThanOrEqual(0.6);
    expect(s?.score).toBeLessThanOrEqual(0.75);
  });
});

describe('contextNameRecognizer: chats, logs, tables and mail headers', () => {
  it.each([
    ['12.06.24, 19:08 - Lea K.: Ich komm später\n12.06.24, 19:15 - Piotr: bin dabei', ['Lea K.', 'Piotr']],
    ['[03/09/2024, 18:26:11] Tunde O.: His mobile is dead', ['Tunde O.']],
    ['[10:02] mike: yo did u see that\n[10:06] admin: this chat is archived', ['mike']],
    ['19.04.2024 09:02 F. Gerdes: Leitung gemessen\n19.04.2024 11:45 Selin Arslan (Versand): Sendung', ['F. Gerdes', 'Selin Arslan']],
    ['Schneider, Katrin 09:12\nMorgen zusammen!\n\nBenjamin Osei 09:14\nSuper', ['Schneider, Katrin', 'Benjamin Osei']],
    ['Priya Natarajan 9:02 AM\nmorning all', ['Priya Natarajan']],
    ['| 2   | Bauer, Jonas             | 19.11.2001    |', ['Bauer, Jonas']],
    ['An: Geschäftsführung\nVon: Rachel Gold\nBetreff: Angebot', ['Rachel Gold']],
    ['call us.\n— Marisol, Lakeshore Fiber Customer Care', ['Marisol']],
    ['Kindesmutter: Stefanie Okafor, geb. Meier, Fürther Straße 212', ['Stefanie Okafor', 'Meier']],
    ['Jane Smith (née Brown) lives here', ['Jane Smith', 'Brown']],
    // A first name ending in `nee` is no maiden-name mark.
    ['To: Renee Ratcliff <renee@example.com>', ['Renee Ratcliff']],
    ['durch die Richterin am Amtsgericht Engelhardt am 7. März', ['Engelhardt']],
    ['die Richterin am Amtsgericht Dr. Wiśniewska für Recht erkannt', ['Wiśniewska']],
    ['Before: Employment Judge Whitfield\nMembers', ['Whitfield']],
    ['Yours sincerely,\n\nDr Hamish McAllister MBChB MRCGP\nGMC 7046219', ['Hamish McAllister']],
    ['Herr Ma und Frau Ba kamen', ['Ma', 'Ba']],
    ["shall we meet at Carmela's place? Regan's birthday is soon", ['Carmela', 'Regan']],
  ])('finds the writer or the person in %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it.each([
    ['19.04.2024 09:10 Status: erledigt', 'a field after a time'],
    ['12.06.24, 19:00 - Tim changed the subject to "Party: Samstag"', 'a system line of a chat export'],
    ['Start 09:00\nEnde 17:00', 'times in a schedule'],
    ['Update 14:05\nDone', 'a word before a time'],
    ['| Berlin, Germany | Bochum |', 'a place and a country in a cell'],
    ['An: Geschäftsführung', 'a department after a mail field'],
    ['Der 1965 geb. Kläger ist seit 1980 tätig', 'a role noun after geb.'],
    ['- Milk\n- Status\n', 'list items after a dash'],
    ['Wir laden Anna, Maria, Peter ein', 'a list of first names'],
    ['Von Berlin, Paris und Rom', 'places before a first name'],
    ['Äpfel, Birnen und Rosen', 'common words'],
    ["London's house prices and the Company's family of brands", 'a place or a common word before a possessed noun'],
  ])('finds no name in %j (%s)', (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe('contextNameRecognizer: negatives', () => {
  it.each([
    ['Eine Frau Anfang 40 wurde gesehen.'],
    ['Frau Doktor hat gesagt, es ist nichts.'],
    ['Dear Sir or Madam,'],
    ['Dear Hiring Manager,'],
    ['Liebe Grüße,\nund bis bald'],
    ['Hans Müller GmbH liefert.'],
    ['Die Anna-Schmidt-Straße ist gesperrt.'],
    ['HINWEIS, Anna ist krank'],
    ['Im August Urlaub machen'],
    ['Grace Period ends'],
    ['Konrad-Adenauer-Ufer 21'],
    ['Der Patient erhielt Paracetamol.'],
    ['Herr Präsident, meine Damen und Herren'],
    ['Mit freundlichen Grüßen\nIhre Stadtwerke'],
    ['Kind regards,\nCustomer Service'],
    ['Die Familie von Igor besuchte uns.'],
    ['Ihr Sohn von Gottfried kam.'],
    ['Der Umsatz stieg auf 7,4 Mio US-Dollar bzw. 5 Mio CHF.'],
    ['Die Fans der San Antonio Spurs jubelten.'],
    ['The Hudson River and the Victor FB series'],
    ['30° Perimetrie: RA MD 4.97'],
  ])('finds no name in %j', (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe('contextNameRecognizer: robustness', () => {
  it('keeps UTF-16 offsets after emoji and astral characters', () => {
    const text = '👋𠮷 Herr Dr. Hans-Peter Müller 𠮷 traf Anna Schmidt 🎉';
    const got = spans(text);
    expect(got.map((s) => text.slice(s.start, s.end))).toEqual(['Hans-Peter Müller', 'Anna Schmidt']);
    expect(got[0]?.start).toBe(text.indexOf('Hans'));
    expect(got[1]?.end).toBe(text.indexOf(' 🎉'));
  });

  it('returns nothing when PER is not requested', () => {
    expect(contextNameRecognizer.detect('Herr Müller', { labels: new Set(['ORG']), language: 'auto' })).toEqual([]);
  });

  it.each([
    ['Herr ', 'Herr Herr Herr …'],
    ['Herr Dr. ', 'title chains'],
    ['Dr. med. ', 'Dr. med. …'],
    ['A ', 'capitalised letters'],
    ['A. ', 'initials'],
    ['Ab ', 'capitalised words'],
    ['Anna ', 'first names'],
    ['Anna Schmidt ', 'first name + surname'],
    ['von der ', 'particles'],
    ['KRAUSE, ', 'caps + comma'],
    ['Name: ', 'field labels'],
    ['Mit freundlichen Grüßen\n', 'closings'],
    ['Liebe ', 'greetings'],
    ['Ab-', 'hyphens'],
    ['😀 Ab ', 'emoji'],
    ['12.06.24, 19:08 - Ab ', 'chat lines without a colon'],
    ['\n09:02 Ab Cd ', 'times and names'],
    ['| Bauer, Jonas ', 'table cells'],
    ['An: Ab ', 'mail fields'],
    ['des Zeugen A. ', 'roles and initials'],
  ])('returns on a 50,000-character adversarial string (%j, %s)', (unit) => {
    const text = unit.repeat(Math.ceil(50_000 / unit.length)).slice(0, 50_000);
    expect(Array.isArray(contextNameRecognizer.detect(text, ctx))).toBe(true);
  });
});

describe('first-name gazetteer', () => {
  it.each([
    ['Anna', true],
    ['Hans-Peter', true],
    ['Jürgen', true],
    ['John', true],
    ['ANNA', true],
    ['August', false],
    ['Grace', false],
    ['Müller', false],
    ['Hans-Müller', false],
  ])('isFirstName(%j) is %s', (word, expected) => {
    expect(isFirstName(word)).toBe(expected);
  });

  it('holds a few thousand names, all capitalised', () => {
    expect(firstNames().size).toBeGreaterThan(2000);
    for (const n of firstNames()) expect(n).toMatch(/^\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?$/u);
  });
});

describe('contextNameRecognizer: a name after its role', () => {
  const ROLES_DE = ['der Zeuge', 'die Zeugin', 'der Fahrer', 'die Beifahrerin', 'Kläger', 'der Beschuldigte', 'die Geschädigte'];
  const ROLES_EN = ['the witness', 'the driver', 'plaintiff', 'the defendant', 'the tenant', 'the suspect'];
  const SURNAMES = ['Kowalczyk', 'Demir', 'Okafor', 'Brennan', 'Hoffmann', 'Nguyen'];
  it.each(ROLES_DE.flatMap((r) => SURNAMES.map((n) => [`Laut Protokoll sagte ${r} ${n} aus, er sei abgelenkt gewesen.`, n] as const)))(
    '%s',
    (text, name) => {
      expect(found(text)).toEqual([name]);
    },
  );
  it.each(ROLES_EN.flatMap((r) => SURNAMES.map((n) => [`According to the report ${r} ${n} had left early.`, n] as const)))(
    '%s',
    (text, name) => {
      expect(found(text)).toEqual([name]);
    },
  );
  it.each([
    ['Die Beifahrerin Ursula Berger wurde verletzt.', ['Ursula Berger']],
    ['Der Fahrer Auto war schuld.', []],
    ['Die Klägerin Abgeltung verlangt.', []],
    ['Die Zeugen Jehovas klingeln.', []],
    ['the tenant ID tn_8f3c21aa', []],
    ['The witness Statement was filed.', []],
    ['Der Fahrer Berlin–Hamburg fuhr pünktlich.', []],
  ])('%j', (text, names) => {
    expect(found(text)).toEqual(names);
  });
});

describe('contextNameRecognizer: a first name in lower case after a chat greeting', () => {
  const NAMES = ['jürgen', 'sabine', 'fatma', 'jonas', 'emily'];
  const GREETINGS = ['hey', 'Hey', 'hi', 'hallo', 'moin', 'danke', 'thanks'];
  it.each(GREETINGS.flatMap((g) => NAMES.map((n) => [`${g} ${n}, kommst du nachher?`, n] as const)))('%s', (text, name) => {
    expect(found(text)).toEqual([name]);
  });
  it.each(['hey allen, wie gehts?', 'hey leute, los', 'hi there, team', 'danke dies hilft', 'hallo will, ok', 'hey rose!'])(
    '%j names no one',
    (text) => {
      expect(found(text)).toEqual([]);
    },
  );
});

describe('contextNameRecognizer: departments after a field, hyphened East Asian given names', () => {
  const FIELDS = ['Attn:', 'Contact person:', 'Ansprechpartner:', 'z. Hd.'];
  const DEPARTMENTS = ['Accounts Payable', 'Accounts Receivable', 'Data Engineer', 'Head of Sales'];
  it.each(FIELDS.flatMap((f) => DEPARTMENTS.map((d) => `Invoice to ACME Ltd, ${f} ${d}, 2nd Floor`)))('%s names no one', (text) => {
    expect(found(text)).toEqual([]);
  });
  it.each(['Hyun-woo Baek', 'Mei-ling Chen', 'Jae-hyun Lim', 'Seo-yeon Kim'])('Dr. %s is one name', (name) => {
    expect(found(`Pulmonology (Dr. ${name}) was consulted.`)).toEqual([name]);
    expect(found(`Attn: ${name}, Finance`)).toEqual([name]);
  });
});

describe('contextNameRecognizer: two surnames before the comma', () => {
  const PEOPLE = ['Vasquez Morales, Elena', 'García López, María', 'Fernández Ruiz, Lucía', 'Okafor Eze, Ngozi'];
  it.each(PEOPLE)('Gemeldet von: %s (login)', (person) => {
    expect(found(`Gemeldet von: ${person} (x) Abteilung`)).toEqual([person]);
  });
  it.each(['Das Team Berlin, Anna', 'Hamburg Altona, Maria', 'Große Pause, Anna'])('%j is no surname pair', (text) => {
    expect(found(text).some((f) => f.includes(','))).toBe(false);
  });
});

describe('contextNameRecognizer: a nickname in quotes inside a full name', () => {
  const NAMES: Array<[string, string, string]> = [
    ['Marco', 'Schmiddi', 'Schmidt'],
    ['Bartholomew', 'Bart', 'Okeke'],
    ['Katharina', 'Kathi', 'Huber'],
    ['Alexander', 'Sascha', 'Petrov'],
  ];
  const QUOTES: Array<[string, string]> = [
    ['„', '“'],
    ['"', '"'],
    ['»', '«'],
  ];
  it.each(NAMES.flatMap(([f, n, l]) => QUOTES.map(([o, c]) => `${f} ${o}${n}${c} ${l}`)))('%s is one name', (name) => {
    expect(found(`Anwesend: ${name}, sonst niemand.`)).toEqual([name]);
  });
  it.each(['Das Café "Sonne" Berlin', 'Der Begriff „Heimat“ Politik'])('%j is no name', (text) => {
    expect(found(text)).toEqual([]);
  });
});
