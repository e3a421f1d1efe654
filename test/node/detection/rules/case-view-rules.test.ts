import { describe, expect, it } from 'vitest';
import { withCaseView } from '../../../../src/detection/rules/case-view-rules.js';
import { contextNameRecognizer } from '../../../../src/detection/names/context-names.js';
import { streetRecognizer } from '../../../../src/detection/addresses/street.js';
import type { TextLabelName } from '../../../../src/spec/types.js';
import type { Span } from '../../../../src/text/span.js';

const ctx = { labels: new Set<TextLabelName>(['STR']), language: 'auto' as const };
const streets = withCaseView(streetRecognizer);
const found = (text: string): string[] =>
  (streets.detect(text, ctx) as Span[]).filter((s) => s.score >= 0.5).map((s) => text.slice(s.start, s.end));
const LETTER = 'Sehr geehrte Frau Davis, bitte beachten Sie die folgenden Hinweise zum Verfahren und zur Frist.';

describe('rules that read the case view', () => {
  it('finds a street line written in capitals, with its prefix, where the rules read mixed case', () => {
    const text = `ARBEITSGERICHT COESFELD\nAN DER RIEHE 33C, 2. OG\n23490 AUGUSTUSBURG\n${LETTER}`;
    expect(found(text)).toContain('AN DER RIEHE 33C, 2. OG');
    expect(found(`SCHRIESHEIMER FUSSWEG 39\n88263 BOZI\n${LETTER}`)).toContain('SCHRIESHEIMER FUSSWEG 39');
  });

  it('leaves text without runs in capitals to the plain rules, and the offsets as they are', () => {
    const text = `Lindenstraße 23a\n50674 Köln\n${LETTER}`;
    expect(streets.detect(text, ctx)).toEqual(streetRecognizer.detect(text, ctx));
    expect(found(text)).toEqual(['Lindenstraße 23a']);
  });

  it('finds a name in capitals after its title in capitals, the degree outside it', () => {
    const names = withCaseView(contextNameRecognizer);
    const text = `${LETTER}\n\nMit freundlichen Grüßen\n\nPROF. DR. MED. LOUISA HARTZ\nChefärztin`;
    const spans = names.detect(text, { labels: new Set<TextLabelName>(['PER']), language: 'auto' }) as Span[];
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(['Davis', 'LOUISA HARTZ']);
  });
});
