import { readBlocks } from './bio.js';
import type { TaggedSentence } from './bio.js';

/**
 * Two-column CoNLL files: `token<SPACE or TAB>tag`, blank line between sentences (German LER with CRLF line ends,
 * WNUT-17 with tabs and `\t`-only separator lines).
 */
export function parseTwoColumn(content: string): TaggedSentence[] {
  return readBlocks(content).map((lines) => {
    const tokens: string[] = [];
    const tags: string[] = [];
    for (const line of lines) {
      const m = /^(.*\S)\s+(\S+)\s*$/.exec(line);
      // A line with one field is a token without a tag: keep the text, tag it O.
      tokens.push(m ? (m[1] as string) : line.trim());
      tags.push(m ? (m[2] as string) : 'O');
    }
    return { tokens, tags };
  });
}
