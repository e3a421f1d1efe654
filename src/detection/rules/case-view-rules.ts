import type { Span } from '../../text/span.js';
import { caseView } from '../ner/case-view.js';
import type { DetectContext, Recognizer } from '../recognizer.js';

/**
 * A synchronous rule recognizer that also reads the text's case view (`caseView`: runs of words in capitals in Title
 * Case, function words in lower case, offsets unchanged), for rules written for mixed case: a street line in a
 * letterhead in capitals (`MAURINUSSTR. 8`, `AM WAISENHAUSPLATZ 11`) reads as `Maurinusstr. 8`, `Am Waisenhausplatz
 * 11`. The view's spans count only where the view recased the text under them; elsewhere the text's own spans stand.
 */
export function withCaseView(recognizer: Recognizer): Recognizer {
  return {
    id: recognizer.id,
    labels: recognizer.labels,
    detect(text: string, ctx: DetectContext): Span[] {
      const plain = recognizer.detect(text, ctx) as Span[];
      const view = caseView(text);
      if (view === text) return plain;
      const recased = (recognizer.detect(view, ctx) as Span[]).filter((s) => view.slice(s.start, s.end) !== text.slice(s.start, s.end));
      return recased.length === 0 ? plain : [...plain, ...recased];
    },
  };
}
