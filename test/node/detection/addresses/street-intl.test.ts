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
