/*
 * Where in the answer a placeholder stands, read from the text before it: inside a JSON string (a tool call, a JSON
 * answer) an original is written JSON-escaped, and with `\uXXXX` escapes for non-ASCII when the answer uses them; in
 * HTML (tags or entities seen) it is written HTML-escaped. Read from what came before only, so a streamed answer and
 * the whole answer are escaped alike.
 */

export interface EscapeContext {
  /** Feeds the answer's own text (never a restored original), in order. */
  read(text: string): void;
  /** `original` as it must be written at the current position. */
  escape(original: string): string;
}

const UNICODE_ESCAPE = /\\u[0-9a-fA-F]{4}/u;
const HTML_MARK = /<\/?[a-zA-Z][^<>]{0,200}>|&(?:[a-zA-Z]{2,8}|#\d{1,6}|#x[0-9a-fA-F]{1,5});/u;

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function createEscapeContext(): EscapeContext {
  let started = false;
  let jsonLike = false;
  let unicodeEscapes = false;
  let html = false;
  /** Inside a JSON string on the current line, and whether the last character was an escaping backslash. */
  let inString = false;
  let escaped = false;
  /** The last few characters read, so that a mark split across reads is still seen. */
  let tail = '';

  return {
    read(text) {
      if (text === '') return;
      if (!started) {
        const first = /\S/u.exec(text);
        if (first) {
          started = true;
          jsonLike = first[0] === '{' || first[0] === '[';
        }
      }
      const window = tail + text;
      if (!unicodeEscapes && UNICODE_ESCAPE.test(window)) unicodeEscapes = true;
      if (!html && HTML_MARK.test(window)) html = true;
      if (!jsonLike && /"\s*:\s*"/u.test(window)) jsonLike = true;
      for (const ch of text) {
        if (ch === '\n') {
          inString = false;
          escaped = false;
        } else if (escaped) escaped = false;
        else if (ch === '\\') escaped = inString;
        else if (ch === '"') inString = !inString;
      }
      tail = window.slice(-210);
    },
    escape(original) {
      if (jsonLike && inString) {
        const json = JSON.stringify(original).slice(1, -1);
        return unicodeEscapes ? json.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : json;
      }
      if (html) return original.replace(/[&<>"']/gu, (c) => HTML_ESCAPES[c]!);
      return original;
    },
  };
}
