import { describe, expect, it } from 'vitest';
import { streetRecognizer } from '../../../../src/detection/addresses/street.js';
import type { TextLabelName } from '../../../../src/spec/types.js';
import type { Span } from '../../../../src/text/span.js';

// The international rules run inside the street recognizer; shapes drawn from @faker-js/faker's locales.
const ctx = { labels: new Set<TextLabelName>(['STR']), language: 'auto' as const };
const spans = (text: string): Span[] => (streetRecognizer.detect(text, ctx) as Span[]).filter((s) => s.score >= 0.5);
const found = (text: string): string[] => spans(text).map((s) => text.slice(s.start, s.end));

describe('streetRecognizer: streets of other countries', () => {
  it.each([
    // Type first: Italian, Portuguese, Spanish, French, Polish, Czech, Greek (Latin and Greek script).
    ['Sig. Rossi, Via Biagi 73, 65528 Casale', ['Via Biagi 73']],
    ['Contrada Vincenza 909, Piano 5 | 78083 Borgo', ['Contrada Vincenza 909, Piano 5']],
    ['Spett.le ditta, Via dei Mille 7/B, Bergamo', ['Via dei Mille 7/B']],
    ['Alameda Ricardo Esteves 1, 6296-245 Barcelos', ['Alameda Ricardo Esteves 1']],
    ['Rua Augusta, nº 12, Lisboa', ['Rua Augusta, nº 12']],
    ['Avenida da República 190, 4.º Dto.\n1050-191 Lisboa', ['Avenida da República 190, 4.º Dto.']],
    ['Our office: Carrer de Mallorca 401, 3º 2ª, 08013 Barcelona.', ['Carrer de Mallorca 401, 3º 2ª']],
    ['Avinguda Diagonal 640 i Passeig de Gràcia 92', ['Avinguda Diagonal 640', 'Passeig de Gràcia 92']],
    ['Calle de Alcalá 45, 3º Izda. 28014 Madrid', ['Calle de Alcalá 45, 3º Izda.']],
    ['Paseo de la Castellana s/n, Madrid', ['Paseo de la Castellana s/n']],
    ['Mme Dupont, rue de la Paix 3, Paris', ['rue de la Paix 3']],
    ['Comité de jumelage\n12, rue des Lilas\n67000 Strasbourg', ['12, rue des Lilas']],
    ["6984 Impasse d'Argenteuil, Cergy", ["6984 Impasse d'Argenteuil"]],
    ['8 Quai Charlemagne, 50096 Rueil-Malmaison', ['8 Quai Charlemagne']],
    ['ul. Kwiatowa 48 m. 6, 80-822 Gdańsk', ['ul. Kwiatowa 48 m. 6']],
    ['ul. Marszałkowska 84/92 lok. 109, 00-514 Warszawa', ['ul. Marszałkowska 84/92 lok. 109']],
    ['Al. Jerozolimskie 65, Warszawa', ['Al. Jerozolimskie 65']],
    ['náměstí Míru 15, 120 00 Praha 2', ['náměstí Míru 15']],
    ['Odos Ermou 72, 546 22 Thessaloniki', ['Odos Ermou 72']],
    ['Λεωφ. Βενιζέλου 457, 2ος, 309 42 Ιωάννινα', ['Λεωφ. Βενιζέλου 457, 2ος']],
    // One word with a street suffix: Dutch, Danish, Swedish, Norwegian, Finnish.
    ['Bosgracht 421 II, 7780 YD Ouleijeingen', ['Bosgracht 421 II']],
    ['Sennastraat 299c\n2401 DR Douwenhoek', ['Sennastraat 299c']],
    ['Kærvej 14, 7. tv, 6072 Nivå', ['Kærvej 14, 7. tv']],
    ['Pilevej 60A, 2. sal, 2622 Skævinge', ['Pilevej 60A, 2. sal']],
    ['Drottninggatan 5, 111 51 Stockholm', ['Drottninggatan 5']],
    ['Berglunds Väg 790, Karlås', ['Berglunds Väg 790']],
    ['Karl Johans gate 22, 0159 Oslo', ['Karl Johans gate 22']],
    ['Larsen Eriksenveien 5, 6637 Lillehamn', ['Eriksenveien 5']],
    ['Strandkaien 22 5013 Bergen', ['Strandkaien 22']],
    ['Riittakaari 4 B 7, 15063 Turku', ['Riittakaari 4 B 7']],
    ['Mannerheimintie 12, Helsinki', ['Mannerheimintie 12']],
    // Czech and Slovak street adjectives.
    ['Vinohradská 12, 120 00 Praha 2', ['Vinohradská 12']],
    ['Drotárska cesta 15, 811 02 Bratislava', ['Drotárska cesta 15']],
    // PO boxes and US military mail.
    ['Apartado de Correos 123, 29080 Málaga', ['Apartado de Correos 123']],
    ['Case postale 12, 1211 Genève', ['Case postale 12']],
    ['Postbus 1234, 1000 BE Amsterdam', ['Postbus 1234']],
    ['SSgt Lee, PSC 802, Box 74, APO AE 09499', ['PSC 802, Box 74']],
    ['Unit 2050 Box 4190, APO AP 96278', ['Unit 2050 Box 4190']],
    // Any street words before a foreign postcode line; Dutch storeys and staircase letters; Czech -ova streets.
    ['Dhr. Pieter van der Veen\nPrinsengracht 263-II\n1016 GV Amsterdam', ['Prinsengracht 263-II']],
    ['Hr. Lars-Erik Sundqvist\nStorgatan 14 B\n903 26 Umeå', ['Storgatan 14 B']],
    ['Pan Tomáš Dvořák\nNa Příkopě 958/25\n110 00 Praha 1', ['Na Příkopě 958/25']],
    ['attn. Ing. Petr Novák, Masarykova 411/12, 602 00 Brno', ['Masarykova 411/12']],
    ['Pani Anna Nowak\nMokotowska 12\n00-950 Warszawa', ['Mokotowska 12']],
    ['Drottninggatan 5 E-Mail: a@b.se', ['Drottninggatan 5']],
    ['Mr Cristian Roman\nAleea Ocalei, Bloc 44\n689825 Cehu Silvaniei', ['Aleea Ocalei, Bloc 44']],
    ['Luz Enríquez Carrillo\nRincón Catalina, 30\n03878 Alicante', ['Rincón Catalina, 30']],
    ['Calleja Marisol Casanova Altamirano 8', ['Calleja Marisol Casanova Altamirano 8']],
    ['Strada Lipscani 12, Ap. 4, 030031 București', ['Strada Lipscani 12, Ap. 4']],
    ['Thijn van Veen\nde Jongstraat 1\n7996 RL Kameren', ['de Jongstraat 1']],
    ['Sevtap Alkan\nAlparslan Türkeş Bulvarı 55a\n97853 Çanakkale', ['Alparslan Türkeş Bulvarı 55a']],
    ['Frau Sevtap Bolatlı, Oğuzhan Sokak 2, 51802 Ağrı', ['Oğuzhan Sokak 2']],
    ['Carroll Guarini\nAchtern Kroog 36\n62478 Flarchheim', ['Achtern Kroog 36']],
    ['Herrn Marlon Reinstadler\nGut Reuschenberg 11d\n08867 Pfarrweisach', ['Gut Reuschenberg 11d']],
  ])('finds the street in %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it.each([
    ['We sent it via Royal Mail 2 days ago.'],
    ['Place your order 3 times.'],
    ['Place Order 2 items now.'],
    ['The Square Enix 5 game'],
    ['Via Email 3 times a week'],
    ['Abbiamo aspettato in Via Roma 2 giorni.'],
    ['Die Partie 3 endete 2:1.'],
    ['The Brigade 3 was deployed.'],
    ['BP 120/80, HR 72, Box 3 on the form'],
    ['Unit 5 Box 3 of the kit'],
    ['Anna Kowalska 12 lat'],
    ['Page 12 of the Rue report'],
    ['Herr van Dijk 3 Jahre'],
    ['Siehe Kapitel 3\n1010 Wien'],
    ['Die Anlage 3\n10115 Berlin'],
    ['Im Jahr 2020\n10115 Berlin'],
  ])('finds nothing in %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it.each([
    ['Via ', 'types'],
    ['rue de ', 'types and links'],
    ['Abcstraat 1 ', 'suffix words'],
    ['Karl Johans gate 1 ', 'genitives'],
    ['12, rue ', 'French numbers first'],
    ['Apartado de Correos 1 ', 'PO boxes'],
  ])('returns on a 50,000-character adversarial string (%j, %s)', (unit) => {
    const text = unit.repeat(Math.ceil(50_000 / unit.length)).slice(0, 50_000);
    expect(Array.isArray(streetRecognizer.detect(text, ctx))).toBe(true);
  });
});

describe('streetRecognizer: street words of other languages (issue 37, step 5)', () => {
  it.each([
    // The house number where each language puts it: after the name (IT, ES, PT, Nordic, NL, GR), before it (FR).
    ['Via Roma 12, 00184 Roma', ['Via Roma 12']],
    ['Viale Monza 12, Milano', ['Viale Monza 12']],
    ['Piazza Navona 4 e Corso Buenos Aires 33', ['Piazza Navona 4', 'Corso Buenos Aires 33']],
    ['Vicolo del Cedro 8, Largo Argentina 3', ['Vicolo del Cedro 8', 'Largo Argentina 3']],
    ['12 rue de la Paix, 75002 Paris', ['12 rue de la Paix']],
    ['15, boulevard Saint-Michel; 3 chemin des Vignes', ['15, boulevard Saint-Michel', '3 chemin des Vignes']],
    ['2 allée des Tilleuls, 7 place de la Concorde', ['2 allée des Tilleuls', '7 place de la Concorde']],
    ['4 impasse du Moulin, 9 quai Voltaire', ['4 impasse du Moulin', '9 quai Voltaire']],
    ['Calle Mayor, 5, 3º B, 28013 Madrid', ['Calle Mayor, 5, 3º B']],
    ['C/ Mayor 5, Avda. de América 12', ['C/ Mayor 5', 'Avda. de América 12']],
    ['Paseo del Prado 8, Plaza Mayor 3, Camino de Ronda 14', ['Paseo del Prado 8', 'Plaza Mayor 3', 'Camino de Ronda 14']],
    ['Rua Augusta 274, 2.º Esq., 1100-053 Lisboa', ['Rua Augusta 274, 2.º Esq.']],
    ['Travessa do Carmo 3, Praça do Comércio 1, Largo do Chiado 5', ['Travessa do Carmo 3', 'Praça do Comércio 1', 'Largo do Chiado 5']],
    ['Storgatan 14, Sveavägen 8, Nørregade 12, Solbakkevej 4', ['Storgatan 14', 'Sveavägen 8', 'Nørregade 12', 'Solbakkevej 4']],
    [
      'Thorvald Meyers gate 12, Kirkeveien 5, Kauppakatu 3, Hämeentie 3',
      ['Thorvald Meyers gate 12', 'Kirkeveien 5', 'Kauppakatu 3', 'Hämeentie 3'],
    ],
    ['Οδός Ερμού 72, 105 63 Αθήνα', ['Οδός Ερμού 72']],
    ['Λεωφόρος Κηφισίας 124 / Leoforos Kifisias 124', ['Λεωφόρος Κηφισίας 124', 'Leoforos Kifisias 124']],
    [
      'Stationsweg 3, Vondellaan 4, Museumplein 6, Keizersgracht 123',
      ['Stationsweg 3', 'Vondellaan 4', 'Museumplein 6', 'Keizersgracht 123'],
    ],
  ])('finds the street in %j', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  // A street type, a capitalised word and a number are not enough when the word names a medium, a firm, a venue or a
  // text's part, or when a count follows the number: generated from types × names × tails × openers.
  const types = ['Via', 'Plaza', 'Corso', 'Largo', 'Camino', 'Rua', 'Place', 'Route', 'Calle', 'Piazza', 'Praça', 'Odos'];
  const names = ['Email', 'Hotel', 'Group', 'Holdings', 'Capital', 'Records', 'Cinema', 'Zoom', 'Amazon', 'Chapter', 'Mr Smith'];
  const openers = ['We booked', 'She works at', 'Thanks to', 'I heard'];
  const nameFamily = types.flatMap((t) => names.map((n, i) => `${openers[i % openers.length]} ${t} ${n} ${i + 2} was great.`));
  const counts = ['stars', 'stations', 'employees', 'reviews', 'giorni', 'stelle', 'estrellas', 'votos'];
  const countFamily = types.flatMap((t) => counts.map((c, i) => `${openers[i % openers.length]} ${t} Alta ${i + 3} ${c}.`));
  // Lower-case "via", "place", "route" are words of the sentence; Corso as a surname.
  const lowerFamily = ['via', 'place', 'route', 'calle', 'rua'].flatMap((w) =>
    ['email', 'the portal', 'DHL', 'Zoom'].map((n, i) => `Please send it ${w} ${n} ${i + 2} times, or take ${w} ${i + 1}.`),
  );
  const surnameFamily = ['Corso', 'Plaza', 'Largo', 'Camino'].flatMap((s) =>
    ['Dear Ms', 'Call Mr', 'Signed,'].map((o, i) => `${o} ${s}, ${i + 40} years, order ${i + 7} is ready.`),
  );
  it.each([...nameFamily, ...countFamily, ...lowerFamily, ...surnameFamily])('finds nothing in %j', (text) => {
    expect(found(text)).toEqual([]);
  });
});
