import type { DetectContext } from './recognizer.js';

const GERMAN_WORDS = /(?<![\p{L}])(?:der|die|das|und|ist|nicht|mit|von|den|dem|des|zu|sich|auf|für|wurde|eine?)(?![\p{L}])/giu;
const ENGLISH_WORDS = /(?<![\p{L}])(?:the|and|of|to|is|that|with|for|was|on|are|this|an?)(?![\p{L}])/giu;
let lastText = '';
let lastLanguage: DetectContext['language'] = 'auto';

/**
 * The language a text reads as, by its commonest function words in the first 4,000 characters: `auto` when neither
 * has more (a name, a table cell). The last answer is kept: the filters ask once per span of the same text.
 */
export function readLanguage(text: string): DetectContext['language'] {
  if (text !== lastText) {
    const sample = text.slice(0, 4000);
    const german = sample.match(GERMAN_WORDS)?.length ?? 0;
    const english = sample.match(ENGLISH_WORDS)?.length ?? 0;
    lastLanguage = german > english ? 'de' : english > german ? 'en' : 'auto';
    lastText = text;
  }
  return lastLanguage;
}

/** The request's language, or the one the text reads as when the request left it `auto`. */
export function textLanguage(text: string, language: DetectContext['language']): DetectContext['language'] {
  return language === 'auto' ? readLanguage(text) : language;
}
