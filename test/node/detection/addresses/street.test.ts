import { describe, expect, it } from 'vitest';
import { streetRecognizer } from '../../../../src/detection/addresses/street.js';
import type { TextLabelName } from '../../../../src/spec/types.js';
import type { Span } from '../../../../src/text/span.js';

const ctx = { labels: new Set<TextLabelName>(['STR']), language: 'auto' as const };
const spans = (text: string): Span[] => (streetRecognizer.detect(text, ctx) as Span[]).filter((s) => s.score >= 0.5);
const found = (text: string): string[] => spans(text).map((s) => text.slice(s.start, s.end));

describe('streetRecognizer', () => {
  it.each([
    ['Die Lieferung geht an Hauptstr. 5a, 10115 Berlin.', ['Hauptstr. 5a']],
    ['Frau Dr. Melike Bourlois Rählwiese 22a 38727 Altlandsberg', ['Rählwiese 22a']],
    ['Edgar Friedenberg\nThyssenKrupp Allee 133, 02589 Gröbenzell', ['ThyssenKrupp Allee 133']],
    ['Treffen wir uns bei Kim in der Sorauer Straße?', ['Sorauer Straße']],
    ['Er wohnt jetzt in der Kunstwerkerstraße.', ['Kunstwerkerstraße']],
    ['Ziegelhütte 29\n20365 Hamburg', ['Ziegelhütte 29']],
    ['Mr Schulist has lived at 26 Hauck Meadow, Cardiff, PA 55245', ['26 Hauck Meadow']],
    ['Flat 16, 58A The Paddock Nottingham', ['Flat 16, 58A The Paddock']],
    ["shall we meet at Miller's place on Ceasar Gardens?", ['Ceasar Gardens']],
    ['a walk on Central Park in spring', []],
    ['Frau Isabelle Riekmann Karwendelring 21, Whg. 3 71107 Schloßborn', ['Karwendelring 21, Whg. 3']],
    ['an die Anschrift Schmidlichweg 70-71, 2. OG, 46017 Düren', ['Schmidlichweg 70-71, 2. OG']],
    ['Herrn Steve Kohnle Bingener Weg 114c / Hinterhaus 80436 Rastdorf', ['Bingener Weg 114c / Hinterhaus']],
    ['unter der Anschrift Oberer Neuer Weg 13 in D-34056 West Jonah', ['Oberer Neuer Weg 13']],
    ['Straße: Milchgrund 18 PLZ/Ort: 87686 Trettendorf', ['Milchgrund 18']],
    ['Kanzlei Napier, Steinhausen 29, D-03370 Kirchhellen', ['Steinhausen 29']],
    ['Siehe Seite 12 10115 Berlin', []],
    ['Frau Freya Schwarzer\nZur weißen Brücke 37-40\n31219 Engden', ['Zur weißen Brücke 37-40']],
    ['Präzisionstechnik AG, Ober dem Hof 27, 71983 Endlhausen', ['Ober dem Hof 27']],
    ['Zum ersten Mal 3 Tore geschossen', []],
    // An adjective + noun street line where a postcode and town follow, or a field label precedes it.
    ['Bryan Stapley\nKahle Hege 28-30\nD-84801 Altenbeuthen', ['Kahle Hege 28-30']],
    ['Post künftig an die Anschrift Grünes Feld 27, 41454 Gutach zu senden', ['Grünes Feld 27']],
    ['Dr. Betty Buchrucker St. Annaberg 17-18 75438 Bartenbach', ['St. Annaberg 17-18']],
    ['Diese Seite 12 10115 Berlin', []],
    ['Ihre Nummer 12 10115 Berlin', []],
    // "in" between the street line and the postcode; "wohnhaft" and "des Hauses" before it.
    ['Lieferanschrift: Mailin Goyanes, Hültershagen 18d in 29341 Wiesbaden.', ['Hültershagen 18d']],
    ['geb. 11.12.1954, wohnhaft Riedhohl 31 in 94148 Dürrwangen', ['Riedhohl 31']],
    ['im 2. Obergeschoss des Hauses Sonnenleithe 6 in 64333 Friedenweiler', ['Sonnenleithe 6']],
    ['Im Jahr 2020 in 12345 Berlin', []],
    ['Bis Kapitel 3, 12345 Leser', []],
    ['Wir treffen uns in der Warteschlange.', []],
    ['Herr Müller wohnt in der Hauptstraße 5 in Köln.', ['Hauptstraße 5']],
    ['Anschrift: Am Lindenhof 12-14, 33602 Bielefeld', ['Am Lindenhof 12-14']],
    ['Anschrift: Am Lindenhof 12–14', ['Am Lindenhof 12–14']],
    ['Sitz der Gesellschaft: Konrad-Adenauer-Ufer 21, 50668 Köln', ['Konrad-Adenauer-Ufer 21']],
    ['Das Büro liegt an der Straße des 17. Juni 135.', ['Straße des 17. Juni 135']],
    ['Rechnungsadresse: Bahnhofstr. 12 b', ['Bahnhofstr. 12 b']],
    ['Die Botschaft residiert Unter den Linden 77.', ['Unter den Linden 77']],
    ['Wohnhaft Alte Landstraße 3, 22926 Ahrensburg', ['Alte Landstraße 3']],
    ['Unsere Praxis: Berliner Allee 1, Düsseldorf', ['Berliner Allee 1']],
    ['Treffpunkt ist Marktplatz 4 vor dem Rathaus.', ['Marktplatz 4']],
    ['Die Kita liegt Im Winkel 3.', ['Im Winkel 3']],
    ['Wir sind umgezogen: An der Alster 7, Hamburg', ['An der Alster 7']],
    ['Sie wohnt Lindenweg 3 und arbeitet Rosengasse 11.', ['Lindenweg 3', 'Rosengasse 11']],
    ['Adresse: Kaiserring 10, Mannheim', ['Kaiserring 10']],
    ['Gartendamm 2, Deichchaussee 8, Brunnensteig 3', ['Gartendamm 2', 'Deichchaussee 8', 'Brunnensteig 3']],
    ['Heidepfad 9 oder Ohlkamp 15 oder Eulentwiete 4', ['Heidepfad 9', 'Ohlkamp 15', 'Eulentwiete 4']],
    ['Hamburg, Neuer Wall 10', ['Neuer Wall 10']],
    ['Berlin, Alt-Moabit 88', ['Alt-Moabit 88']],
    ['Platz der Republik 1, 11011 Berlin', ['Platz der Republik 1']],
    ['Schillerstraße Nr. 7', ['Schillerstraße Nr. 7']],
    ['Zürich, Bahnhofstrasse 21', ['Bahnhofstrasse 21']],
    ['Wien, Mariahilfer Straße 120/3', ['Mariahilfer Straße 120/3']],
    ['Am Alten Markt 4 ist das Café.', ['Am Alten Markt 4']],
    ['Sherlock Holmes lived at 221B Baker Street, London.', ['221B Baker Street']],
    // Any last word when a US or UK town line follows.
    ['Ms Kirstin Plainer\n15 Sammie Bank\nVancouver, GA 76298', ['15 Sammie Bank']],
    ['Jaylan Kemmer, 9 The Coppice, Oxford OX1 2JD', ['9 The Coppice']],
    ['of 14 Dewey Rest, Springfield, Virginia 50351, is', ['14 Dewey Rest']],
    ['Top 5 Most Common mistakes in Boston', []],
    ['Chapter 3 The End', []],
    // USPS suffixes, plurals included.
    ['Maeve Khazarian 31 Kellie Lights San Diego', ['31 Kellie Lights']],
    ['between Steven Parker of 40 Dandre Mall, Unit 597, Auckland', ['40 Dandre Mall, Unit 597']],
    ['Mr Shea Satterfield 23B Stoltenberg Cape Borershire', ['23B Stoltenberg Cape']],
    ['Send it to 14 Kings Road.', ['14 Kings Road']],
    // A house name on the street line belongs to it (labels.md).
    ['The White House, 1600 Pennsylvania Avenue NW, Washington', ['The White House, 1600 Pennsylvania Avenue NW']],
    ['He lives at 10 Downing St', ['10 Downing St']],
    ['Address: Flat 2, 14 Kings Road, Chelsea', ['Flat 2, 14 Kings Road']],
    ['Ship to Apt 4, 500 Main St.', ['Apt 4, 500 Main St.']],
    ['Our office is at 350 Fifth Ave, Floor 14.', ['350 Fifth Ave, Floor 14']],
    ['Visit us at 1585 Broadway, New York', ['1585 Broadway']],
    ['She moved to 42 West 57th Street.', ['42 West 57th Street']],
    ['Please reply to PO Box 123, Springfield', ['PO Box 123']],
    ['P.O. Box 12, Anytown', ['P.O. Box 12']],
    ['Finanzamt Köln, Postfach 91 02 33, 50888 Köln', ['Postfach 91 02 33']],
    // Unit, floor and building name before the number (issue 17); shapes from faker's en_GB locale.
    ['Practice\nUnit 3, Millford Health Centre, 41 Station Road\nReading RG1 1LX', ['Unit 3, Millford Health Centre, 41 Station Road']],
    ['Flat 6, Marlow Court, 88 Church Road, Birmingham', ['Flat 6, Marlow Court, 88 Church Road']],
    ['Property: Ground Floor Flat, 23 Warren Road, Bristol', ['Ground Floor Flat, 23 Warren Road']],
    ['PLC\n4th Floor, 30 Middle Street\nGlasgow G1 2HL', ['4th Floor, 30 Middle Street']],
    ['Ms Ní Bhriain\n14/3 Marchfield Crescent\nEdinburgh EH9 1HN', ['14/3 Marchfield Crescent']],
    ['Anchor House\n2 Quayside\nNewcastle upon Tyne NE1 3DX', ['2 Quayside']],
    // A street without a number as the line before its town and postcode.
    ['Royal County Hospital\nLondon Road\nReading RG1 5AN', ['London Road']],
    // The house name before the street belongs to the address line (labels.md: house names are STR).
    ['Hill Farm, Lower Road, Calne SN11 9HX', ['Hill Farm, Lower Road']],
    [
      'The Defendant has occupied Flat 4B, Riverside House, Chapel Street, Salford M3 5JZ since 2021',
      ['Flat 4B, Riverside House, Chapel Street'],
    ],
    ['Thank you, Sales Team, 5 Main Street', ['5 Main Street']],
    // German: side after the floor; street names without a number after "über die", "Kreuzung", a slash.
    ['Benali\nRheinstraße 44, 3. OG rechts\n65185 Wiesbaden', ['Rheinstraße 44, 3. OG rechts']],
    ['Die Zufahrt über die Kantstraße ist gesperrt.', ['Kantstraße']],
    ['Unfallort: Kreuzung Friedrich-Ebert-Straße / Luisenstraße', ['Friedrich-Ebert-Straße', 'Luisenstraße']],
  ])('finds the street in %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it.each([
    ['Er arbeitet seit 12 Jahren dort.'],
    ['Siehe Seite 5, Kapitel 3 und Paragraph 4 Abs. 2.'],
    ['Rechnung Nr. 5 vom Mai'],
    ['Meine Tochter ist in Klasse 8b.'],
    ['Die Besprechung ist in Raum 12, danach Zimmer 3.'],
    ['My son is in Year 4.'],
    ['Im Jahr 2020 gab es 5 Termine.'],
    ['Am Montag 5 Termine, im Raum 12 und Im Raum 12'],
    ['Am Ende 5 Jahre später'],
    ['Parkplatz 12, Stellplatz 4 und Bahnsteig 3'],
    ['Der Zug fährt von Gleis 7.'],
    ['In 2020 Oxford Street was busy.'],
    ['Die Straße 5 ist gesperrt.'],
    ['Hauptstraße 2020 gab es nicht'],
    ['Arbeitsplatz 3 ist frei.'],
    ['Apple Street is a metaphor for success.'],
    ['She walked down the street to Praed Street.'],
    ['Our Town Hall is open; Reading RG1 5AN'],
    ['Die Kreuzung war gesperrt, 4 Wochen lang.'],
  ])('finds nothing in %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('keeps UTF-16 offsets after emoji and astral characters', () => {
    const text = '😀𠮷 Treffen: Hauptstraße 5, danach 𠮷 221B Baker Street 🎉';
    const got = spans(text);
    expect(got.map((s) => text.slice(s.start, s.end))).toEqual(['Hauptstraße 5', '221B Baker Street']);
    expect(got[0]?.start).toBe(text.indexOf('Hauptstraße'));
    expect(got[1]?.end).toBe(text.indexOf(' 🎉'));
  });

  it('scores street rules at least 0.8 and labels STR', () => {
    for (const s of spans('Hauptstraße 5, Am Lindenhof 3, 14 Kings Road, PO Box 1')) {
      expect(s.label).toBe('STR');
      expect(s.score).toBeGreaterThanOrEqual(0.8);
    }
  });

  it('returns nothing when STR is not requested', () => {
    expect(streetRecognizer.detect('Hauptstraße 5', { labels: new Set(['PER']), language: 'auto' })).toEqual([]);
  });

  it.each([
    ['Straße ', 'Straße Straße …'],
    ['Straße 1 ', 'Straße 1 …'],
    ['Am Am ', 'prepositions'],
    ['Hauptstraße', 'one long run'],
    ['12345 ', 'numbers'],
    ['1 A B C D E F ', 'number + capitalised words without a street type'],
    ['Flat 2, ', 'flat prefixes'],
    ['Postfach 12 ', 'PO boxes'],
    ['Ab-', 'hyphens'],
  ])('returns on a 50,000-character adversarial string (%j, %s)', (unit) => {
    const text = unit.repeat(Math.ceil(50_000 / unit.length)).slice(0, 50_000);
    expect(Array.isArray(streetRecognizer.detect(text, ctx))).toBe(true);
  });
});

describe('streetRecognizer: English lines with units, floors and PO boxes (issue 37, step 5)', () => {
  it.each([
    ['Send it to 123 Main Street, Springfield.', ['123 Main Street']],
    ['Apt 4B, 55 Elm Rd, Boston', ['Apt 4B, 55 Elm Rd']],
    ['Our office: 500 Market St, Suite 200, San Francisco, CA 94105', ['500 Market St, Suite 200']],
    ['Unit 5, 12 Station Road, Leeds LS1 4AB', ['Unit 5, 12 Station Road']],
    ['1 Canada Square, Floor 14, London E14 5AB', ['1 Canada Square, Floor 14']],
    ['1 Canada Square, 14th Floor, London E14 5AB', ['1 Canada Square, 14th Floor']],
    ['14th Floor, 1 Canada Square, London', ['14th Floor, 1 Canada Square']],
    ['500 Market St, Suite 200, 3rd Floor, San Francisco', ['500 Market St, Suite 200, 3rd Floor']],
    ['55 Elm Rd #12, Boston, MA 02118', ['55 Elm Rd #12']],
    ['Flat 3/2, 14 Byres Road, Glasgow G11 5JY', ['Flat 3/2, 14 Byres Road']],
    ['Level 5, 100 Pitt Street, Sydney NSW 2000', ['Level 5, 100 Pitt Street']],
    ['Shop 3, 45 King St, Melbourne VIC 3000', ['Shop 3, 45 King St']],
    // Multi-line blocks: a unit alone on its line belongs to the street line (labels.md: a span may cross a line break).
    ['John Smith\n742 Evergreen Terrace\nApt 3\nSpringfield, IL 62704', ['742 Evergreen Terrace\nApt 3']],
    ['Acme Corp\n500 Market Street\nSuite 200\nSan Francisco, CA 94105', ['500 Market Street\nSuite 200']],
    ['Mr A. Jones\nFlat 2\n14 Kings Road\nLondon SW3 4ND', ['Flat 2\n14 Kings Road']],
    ['Jane Doe\n4 Privet Drive\nLittle Whinging KT1 2AB', ['4 Privet Drive']],
    // PO boxes and military mail.
    ['PO Box 1234, Austin, TX 78701', ['PO Box 1234']],
    ['P.O. Box 77, Dublin', ['P.O. Box 77']],
    ['P.O. BOX 77', ['P.O. BOX 77']],
    ['POB 123, Nairobi', ['POB 123']],
    ['Postfach 10 20 30, 80331 München', ['Postfach 10 20 30']],
    ['SSgt Lee, PSC 1234, Box 5678, APO AE 09012', ['PSC 1234, Box 5678']],
  ])('finds the street line in %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  // "Unit 5" in a syllabus, "Floor 3" of a building, "Suite 2" in music: a unit word with a number is a street line
  // only with a numbered street after or before it.
  const units = ['Unit 5', 'Floor 3', 'Suite 2', 'Level 4', 'Apartment 6', 'Shop 7', 'Flat 8', '14th Floor'];
  const unitSentences = [
    (u: string) => `${u} covers thermodynamics.`,
    (u: string) => `The fire started on ${u} of the building.`,
    (u: string) => `Bach's Cello ${u} in D minor`,
    (u: string) => `See ${u}, Section 3.`,
    (u: string) => `${u} is on the left.`,
    (u: string) => `We met at ${u} yesterday, then went home.`,
  ];
  it.each(units.flatMap((u) => unitSentences.map((s) => s(u))))('finds no street line in %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  // A number after a counting word numbers a chapter, a track or a page, not a house.
  const counters = ['Chapter', 'Page', 'Section', 'Track', 'Episode', 'Step', 'Figure', 'Table'];
  const titles = ['The Street', 'Abbey Road', 'Penny Lane', 'Sunset Boulevard', 'Baker Street'];
  it.each(counters.flatMap((c) => titles.map((t, i) => `Read ${c} ${i + 2} ${t} again.`)))('finds nothing in %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it.each([['Apt 1\n'], ['1 Main St\nSuite 2\n'], ['Flat 2/1 ']])('returns on a 50,000-character adversarial string (%j)', (unit) => {
    const text = unit.repeat(Math.ceil(50_000 / unit.length)).slice(0, 50_000);
    expect(Array.isArray(streetRecognizer.detect(text, ctx))).toBe(true);
  });
});
