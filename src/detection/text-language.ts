import type { DetectContext } from './recognizer.js';

const GERMAN_WORDS = /(?<![\p{L}])(?:der|die|das|und|ist|nicht|mit|von|den|dem|des|zu|sich|auf|für|wurde|eine?)(?![\p{L}])/giu;
const ENGLISH_WORDS = /(?<![\p{L}])(?:the|and|of|to|is|that|with|for|was|on|are|this|an?)(?![\p{L}])/giu;
/** How much of a text is read for its language. */
const SAMPLE = 4000;
/** The fingerprint of the text last asked about, and its answer: never the text itself (no user text is kept). */
let lastKey = '';
let lastLanguage: DetectContext['language'] = 'auto';

/** Length and two 32-bit hashes (FNV-1a, djb2) of the sample: a text's identity for the cache, not its words. */
function fingerprint(text: string): string {
  let fnv = 0x811c9dc5;
  let djb = 5381;
  const n = Math.min(text.length, SAMPLE);
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    fnv = Math.imul(fnv ^ c, 0x01000193);
    djb = (Math.imul(djb, 33) + c) | 0;
  }
  return `${text.length}:${fnv >>> 0}:${djb >>> 0}`;
}

/**
 * The language a text reads as, by its commonest function words in the first 4,000 characters: `auto` when neither
 * has more (a name, a table cell). The last answer is kept under the text's fingerprint: the filters ask once per
 * span of the same text, and a module must not hold a user's text once a call has returned.
 */
export function readLanguage(text: string): DetectContext['language'] {
  const key = fingerprint(text);
  if (key !== lastKey) {
    const sample = text.slice(0, SAMPLE);
    const german = sample.match(GERMAN_WORDS)?.length ?? 0;
    const english = sample.match(ENGLISH_WORDS)?.length ?? 0;
    lastLanguage = german > english ? 'de' : english > german ? 'en' : 'auto';
    lastKey = key;
  }
  return lastLanguage;
}

/** The request's language, or the one the text reads as when the request left it `auto`. */
export function textLanguage(text: string, language: DetectContext['language']): DetectContext['language'] {
  return language === 'auto' ? readLanguage(text) : language;
}
