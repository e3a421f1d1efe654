import { describe, expect, it } from 'vitest';
import { contextOrgRecognizer } from '../../../../src/detection/organisations/context-orgs.js';
import type { TextLabelName } from '../../../../src/spec/types.js';
import type { Span } from '../../../../src/text/span.js';

// The public-body rules run inside the organisation recognizer, which resolves their overlaps with its other rules.
const ctx = { labels: new Set<TextLabelName>(['ORG']), language: 'auto' as const };
const spans = (text: string): Span[] => contextOrgRecognizer.detect(text, ctx) as Span[];
const found = (text: string): string[] => spans(text).map((s) => text.slice(s.start, s.end));

describe('public bodies (German federal, state and European bodies)', () => {
  it.each([
    ['Ergänzende Auskünfte des Auswärtigen Amtes wurden eingeholt.', ['Auswärtigen Amtes']],
    ['An dieser Regelung hielt die Bundesregierung fest, obwohl der Bundesrat widersprach.', ['Bundesregierung', 'Bundesrat']],
    ['eingetragen beim Deutschen Patent- und Markenamt', ['Deutschen Patent- und Markenamt']],
    ['Rechtsprechung des Europäischen Gerichtshofs für Menschenrechte', ['Europäischen Gerichtshofs für Menschenrechte']],
    ['Vorlage an den Gerichtshof der Europäischen Union', ['Gerichtshof der Europäischen Union']],
    ['Antrag bei der Deutschen Rentenversicherung Westfalen', ['Deutschen Rentenversicherung Westfalen']],
    ['Gutachten des Medizinischen Dienstes der Krankenversicherung', ['Medizinischen Dienstes der Krankenversicherung']],
    ['Der Bundesgerichtshof hat die Revision zurückgewiesen.', ['Bundesgerichtshof']],
    // Parts of a body.
    ['Der 25. Senat (Marken-Beschwerdesenat) des Bundespatentgerichts', ['25. Senat (Marken-Beschwerdesenat) des Bundespatentgerichts']],
    ['Beschluss des XI. Zivilsenats des Bundesgerichtshofs', ['XI. Zivilsenats des Bundesgerichtshofs']],
    ['die Markenstelle für Klasse 42 des DPMA', ['Markenstelle für Klasse 42 des DPMA']],
    ['Patentabteilung 1.35 des Deutschen Patent- und Markenamts', ['Patentabteilung 1.35 des Deutschen Patent- und Markenamts']],
    ['Vorlage an den Großen Senat des BFH', ['Großen Senat des BFH']],
    // States.
    ['Die Bayerische Staatskanzlei teilte mit', ['Bayerische Staatskanzlei']],
    ['Anfrage an die Landesregierung Hessen', ['Landesregierung Hessen']],
    ['Die Staatsregierung des Freistaats Bayern', ['Staatsregierung des Freistaats Bayern']],
    // Ministries.
    ['Erlass des Bundesministeriums der Verteidigung', ['Bundesministeriums der Verteidigung']],
    ['Bundesministerium der Justiz und für Verbraucherschutz', ['Bundesministerium der Justiz und für Verbraucherschutz']],
    ['das Hessische Ministerium der Finanzen', ['Hessische Ministerium der Finanzen']],
    [
      'Ministerium für Bildung und Kultur des Landes Schleswig-Holstein',
      ['Ministerium für Bildung und Kultur des Landes Schleswig-Holstein'],
    ],
    ['Stellungnahme des Justizministeriums Mecklenburg-Vorpommern', ['Justizministeriums Mecklenburg-Vorpommern']],
    ['eine Auskunft des tunesischen Außenministeriums', ['tunesischen Außenministeriums']],
    ['Antrag beim Bundesamt für Migration und Flüchtlinge', ['Bundesamt für Migration und Flüchtlinge']],
    ['Die Fluglehrer der Luftwaffe verfügen nicht darüber.', ['Luftwaffe']],
    [
      'Beschluss des Brandenburgischen Oberlandesgerichts und des Sächsischen LSG',
      ['Brandenburgischen Oberlandesgerichts', 'Sächsischen LSG'],
    ],
    [
      'Ministerium für Wissenschaft , Forschung und Kunst des Landes Baden-Württemberg',
      ['Ministerium für Wissenschaft , Forschung und Kunst des Landes Baden-Württemberg'],
    ],
    ['beim Bundesamt für die Anerkennung ausländischer Flüchtlinge', ['Bundesamt für die Anerkennung ausländischer Flüchtlinge']],
    ['vom Bundesamt für das Personalmanagement der Bundeswehr', ['Bundesamt für das Personalmanagement der Bundeswehr']],
    ['Erlass der Innenverwaltung des Landes Nordrhein-Westfalen', ['Innenverwaltung des Landes Nordrhein-Westfalen']],
    // Parties, unions, news agencies.
    ['München/Hamburg ( dpa ) Die SPD und Die Linke streiten.', ['dpa', 'SPD', 'Die Linke']],
    ['Mitglied bei Bündnis 90/Die Grünen, der IG Metall und ver.di', ['Bündnis 90/Die Grünen', 'IG Metall', 'ver.di']],
    // Abbreviations with an article of their gender, or after the full name.
    ['Der BFH führte aus, dass das BSG und der EuGH anders entschieden.', ['BFH', 'BSG', 'EuGH']],
    ['Vorlagebeschluss des Bundesfinanzhofs ( BFH ) vom', ['Bundesfinanzhofs', 'BFH']],
    ['Ebenso liegt es, wenn der GBA Regelungen trifft, beim BAMF', ['GBA', 'BAMF']],
    ['Vgl. BGH, Urteil vom 12.05.2020 und BAG NZA 2019, 1', ['BGH', 'BAG']],
  ])('%s', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it.each([
    ['Die BSG war mit 40 mm/h erhöht, der BSG-Wert fiel.', 'the lab value (feminine)'],
    ['Berechnung des BMI: 27,4', 'the body-mass index'],
    ['Ein Bundestag-Abgeordneter sprach.', 'a compound'],
    ['Das Ministerium prüft den Antrag.', 'a ministry without its remit'],
    ['Im Senat wurde abgestimmt.', 'a senate without its body'],
    ['Mit der Linken schreiben; Verdi komponierte Aida.', 'the left hand, the composer'],
    ['Labor: AFP, TSH basal, HbA1c', 'alpha-fetoprotein'],
  ])('leaves %j alone (%s)', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('labels ORG with a score of at least 0.85', () => {
    for (const s of spans('Der BFH und das Auswärtige Amt, Bundesministerium der Finanzen')) {
      expect(s.label).toBe('ORG');
      expect(s.score).toBeGreaterThanOrEqual(0.85);
    }
  });

  it.each([
    ['25. Senat ( ', 'senates'],
    ['Ministerium für Ab, ', 'ministries'],
    ['Markenstelle für Klasse ', 'patent office units'],
    ['Deutsche ', 'adjectives'],
    ['amt (BFH ', 'parentheses'],
    ['der BFH der ', 'articles'],
    ['Abministerium ', 'field ministries'],
  ])('returns on a 50,000-character adversarial string (%j, %s)', (unit) => {
    const text = unit.repeat(Math.ceil(50_000 / unit.length)).slice(0, 50_000);
    expect(Array.isArray(contextOrgRecognizer.detect(text, ctx))).toBe(true);
  });
});
