import { concatBytes } from '../bytes/concat-bytes.js';
import { DecodedContent } from '../service/upload.js';
import type { FileSink, FileSinkFactory } from './byte-sink.js';

/** The body is not valid JSON (400). */
export class JsonSyntaxError extends Error {
  constructor() {
    super('The body is not valid JSON.');
    this.name = 'JsonSyntaxError';
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Keys longer than this (in bytes, as sent) are never `content`. */
const MAX_KEY = 256;

/** Base64 alphabet → sextet; 64 for '=', 65 for a space, -1 for anything else. */
const SEXTET = new Int8Array(256).fill(-1);
'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.split('').forEach((c, i) => (SEXTET[c.charCodeAt(0)] = i));
SEXTET[0x3d] = 64;
SEXTET[0x20] = 65;
const ESCAPES: Record<number, number> = { 0x22: 0x22, 0x5c: 0x5c, 0x2f: 0x2f, 0x62: 8, 0x66: 12, 0x6e: 10, 0x72: 13, 0x74: 9 };

/** Output is gathered in slices of this size before it goes to the sink. */
const SLICE = 64 * 1024;

/**
 * Decodes strict Base64 as it streams, with the rules of `decodeBase64`: whitespace ignored, the alphabet only, at
 * most two `=` and only at the end, a length that is a multiple of four.
 */
class Base64Stream {
  #quad = 0;
  #inQuad = 0;
  #pad = 0;
  #chars = 0;
  /** Characters seen, whitespace included (tells an empty string from a blank one). */
  #raw = 0;
  #invalid = false;
  #tooBig = false;
  readonly #out: FileSink;
  readonly #max: number;
  readonly #slice = new Uint8Array(SLICE);
  #pos = 0;

  /** `out`: where the decoded bytes go; `max`: the largest decoded file. */
  constructor(out: FileSink, max: number) {
    this.#out = out;
    this.#max = max;
  }

  /**
   * The fast path: plain alphabet bytes from `from` on, decoded in place; returns the index of the first byte it
   * left (any other byte, or the end).
   */
  run(chunk: Uint8Array, from: number): number {
    if (this.#invalid || this.#pad > 0) return from;
    let i = from;
    let quad = this.#quad;
    let inQuad = this.#inQuad;
    let pos = this.#pos;
    const slice = this.#slice;
    for (; i < chunk.length; i++) {
      const s = SEXTET[chunk[i]!]!;
      if (s < 0 || s > 63) break;
      quad = (quad << 6) | s;
      if (++inQuad === 4) {
        slice[pos++] = quad >> 16;
        slice[pos++] = (quad >> 8) & 0xff;
        slice[pos++] = quad & 0xff;
        quad = 0;
        inQuad = 0;
        if (pos > SLICE - 3) {
          this.#pos = pos;
          this.#flush();
          pos = 0;
        }
      }
    }
    this.#chars += i - from;
    this.#raw += i - from;
    this.#quad = quad;
    this.#inQuad = inQuad;
    this.#pos = pos;
    return i;
  }

  #flush(): void {
    if (this.#pos === 0) return;
    if (this.#out.length + this.#pos > this.#max) this.#tooBig = true;
    else this.#out.write(this.#slice.subarray(0, this.#pos));
    this.#pos = 0;
  }

  /** One character (a UTF-16 code unit or a code point) of the string. */
  char(code: number): void {
    this.#raw++;
    if (this.#invalid) return;
    const s = code < 256 ? SEXTET[code]! : -1;
    if (s === 65 || (s === -1 && /\s/.test(String.fromCodePoint(code)))) return;
    if (s === -1 || (s < 64 && this.#pad > 0) || (s === 64 && ++this.#pad > 2)) {
      this.#invalid = true;
      return;
    }
    this.#chars++;
    if (s === 64) return;
    this.#quad = (this.#quad << 6) | s;
    if (++this.#inQuad === 4) {
      this.#push(3);
      this.#quad = 0;
      this.#inQuad = 0;
    }
  }

  #push(n: number): void {
    const q = this.#quad;
    if (this.#pos > SLICE - 3) this.#flush();
    this.#slice[this.#pos++] = q >> 16;
    if (n > 1) this.#slice[this.#pos++] = (q >> 8) & 0xff;
    if (n > 2) this.#slice[this.#pos++] = q & 0xff;
  }

  /**
   * What the string was: blank (for the schema's own message), too big, not Base64, or null when it decoded into
   * the sink (closing it gives the bytes).
   */
  finish(): DecodedContent | string | null {
    if (this.#chars === 0 && !this.#invalid) return this.#raw === 0 ? '' : ' ';
    if (Math.floor((this.#chars * 3) / 4) > this.#max) return new DecodedContent(null, true);
    if (this.#invalid || this.#chars % 4 !== 0) return new DecodedContent(null);
    if (this.#pad > 0) {
      this.#quad <<= 6 * this.#pad;
      this.#push(3 - this.#pad);
    }
    this.#flush();
    return this.#tooBig ? new DecodedContent(null, true) : null;
  }
}

type Mode = 'value' | 'string' | 'content';

/**
 * Reads a JSON body whose top-level `content` is a (large) Base64 string without holding the JSON text, the string
 * and the bytes at once: the string is decoded as it streams (into one buffer, sized from the declared body length
 * when there is one) and everything else is kept as JSON text, parsed at the end. The result is the parsed object
 * with `content` as a `DecodedContent` (or '' / ' ' for an empty or blank string, so the schema answers as before).
 * Invalid JSON or UTF-8 → `JsonSyntaxError`.
 */
export class Base64JsonReader {
  readonly #hint: number | null;
  readonly #max: number;
  /** The JSON text without the content string (a 0 in its place). */
  #text: Uint8Array[] = [];
  #mode: Mode = 'value';
  #depth = 0;
  #topIsObject: boolean | null = null;
  /** At depth 1 of the top object: the next string is a key. */
  #expectKey = false;
  #afterColon = false;
  #key: number[] | null = null;
  #lastKey: string | null = null;
  #escape = false;
  /** Inside `\uXXXX` of the content string: hex digits read so far, and their value. */
  #unicode = -1;
  #unicodeValue = 0;
  #utf8: number[] = [];
  #utf8Need = 0;
  #content: Base64Stream | null = null;
  #decoded: DecodedContent | string | FileSink | null = null;
  readonly #sinks: FileSinkFactory;
  /** The sink of the last `content` string. */
  #sink: FileSink | null = null;
  /** Sinks of earlier `content` strings (a body may repeat the key), being dropped. */
  readonly #dropped: Promise<void>[] = [];
  #lastContentWasString = false;
  readonly #utf8Decoder = new TextDecoder('utf-8', { fatal: true });

  /**
   * `hint`: the declared body length (bounds the decoded file); `max`: the largest decoded file; `sinks`: where
   * decoded files go.
   */
  constructor(hint: number | null, max: number, sinks: FileSinkFactory) {
    this.#hint = hint === null ? null : Math.floor((hint * 3) / 4) + 3;
    this.#max = max;
    this.#sinks = sinks;
  }

  /** Back-pressure of the file being written (see `FileSink.ready`). */
  ready(): Promise<void> | null {
    return this.#sink?.ready() ?? null;
  }

  /** Drops every decoded file (after the caller is done with the body, or on an error). */
  async discard(): Promise<void> {
    if (this.#sink) this.#dropped.push(this.#sink.discard());
    this.#sink = null;
    await Promise.all(this.#dropped);
  }

  write(chunk: Uint8Array): void {
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (this.#mode === 'content') {
        if (!this.#escape && this.#unicode < 0 && this.#utf8Need === 0) {
          const next = this.#content!.run(chunk, i);
          if (next >= chunk.length) break;
          if (next > i) {
            i = next - 1;
            continue;
          }
        }
        if (this.#contentByte(b)) {
          // The content string ended: a 0 stands in its place in the text.
          this.#text.push(new Uint8Array([0x30]));
          start = i + 1;
        }
        continue;
      }
      if (this.#mode === 'string') {
        if (this.#escape) this.#escape = false;
        else if (b === BACKSLASH) this.#escape = true;
        else if (b === QUOTE) {
          this.#mode = 'value';
          if (this.#key) {
            this.#lastKey = this.#key.length > MAX_KEY ? null : this.#keyText(this.#key);
            this.#key = null;
          }
          continue;
        }
        if (this.#key && this.#key.length <= MAX_KEY) this.#key.push(b);
        continue;
      }
      // Between tokens.
      if (b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09) continue;
      if (this.#topIsObject === null) this.#topIsObject = b === 0x7b;
      const valueAtTop = this.#depth === 1 && this.#afterColon;
      this.#afterColon = false;
      const contentValue = valueAtTop && this.#topIsObject === true && this.#lastKey === 'content';
      if (contentValue) this.#lastContentWasString = b === QUOTE;
      if (b === QUOTE) {
        if (contentValue) {
          if (i > start) this.#text.push(chunk.slice(start, i));
          this.#mode = 'content';
          if (this.#sink) this.#dropped.push(this.#sink.discard());
          this.#sink = this.#sinks(this.#hint === null ? null : Math.min(this.#hint, this.#max));
          this.#content = new Base64Stream(this.#sink, this.#max);
          this.#decoded = null;
          continue;
        }
        this.#mode = 'string';
        this.#key = this.#depth === 1 && this.#expectKey && this.#topIsObject ? [] : null;
        this.#expectKey = false;
      } else if (b === 0x7b || b === 0x5b) {
        this.#depth++;
        this.#expectKey = this.#depth === 1 && b === 0x7b;
      } else if (b === 0x7d || b === 0x5d) {
        this.#depth--;
      } else if (this.#depth === 1 && b === 0x3a) {
        this.#afterColon = true;
      } else if (this.#depth === 1 && b === 0x2c) {
        this.#expectKey = true;
      }
    }
    if (this.#mode !== 'content' && start < chunk.length) this.#text.push(chunk.slice(start));
  }

  #keyText(raw: number[]): string | null {
    try {
      return JSON.parse(`"${this.#utf8Decoder.decode(new Uint8Array(raw))}"`) as string;
    } catch {
      return null;
    }
  }

  /** One byte of the content string; true at its closing quote. */
  #contentByte(b: number): boolean {
    const c = this.#content!;
    if (this.#utf8Need > 0) {
      if ((b & 0xc0) !== 0x80) throw new JsonSyntaxError();
      this.#utf8.push(b);
      if (--this.#utf8Need === 0) {
        let s: string;
        try {
          s = this.#utf8Decoder.decode(new Uint8Array(this.#utf8));
        } catch {
          throw new JsonSyntaxError();
        }
        c.char(s.codePointAt(0)!);
        this.#utf8 = [];
      }
      return false;
    }
    if (this.#unicode >= 0) {
      const h = /[0-9a-f]/i.test(String.fromCharCode(b)) ? parseInt(String.fromCharCode(b), 16) : -1;
      if (h < 0) throw new JsonSyntaxError();
      this.#unicodeValue = this.#unicodeValue * 16 + h;
      if (++this.#unicode === 4) {
        c.char(this.#unicodeValue);
        this.#unicode = -1;
      }
      return false;
    }
    if (this.#escape) {
      this.#escape = false;
      if (b === 0x75) {
        this.#unicode = 0;
        this.#unicodeValue = 0;
        return false;
      }
      const e = ESCAPES[b];
      if (e === undefined) throw new JsonSyntaxError();
      c.char(e);
      return false;
    }
    if (b === QUOTE) {
      this.#decoded = c.finish() ?? this.#sink!;
      this.#content = null;
      this.#mode = 'value';
      return true;
    }
    if (b === BACKSLASH) this.#escape = true;
    else if (b < 0x20) throw new JsonSyntaxError();
    else if (b < 0x80) c.char(b);
    else {
      this.#utf8Need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
      if (this.#utf8Need < 0) throw new JsonSyntaxError();
      this.#utf8 = [b];
    }
    return false;
  }

  /** The parsed body (see the class); its decoded file stays until `discard`. */
  async end(): Promise<unknown> {
    if (this.#mode === 'content') throw new JsonSyntaxError();
    const bytes = concatBytes(this.#text);
    this.#text = [];
    let body: unknown;
    try {
      body = JSON.parse(this.#utf8Decoder.decode(bytes));
    } catch {
      throw new JsonSyntaxError();
    }
    // The last `content` key wins, as in JSON.parse; the decoded string belongs to it only when it was a string.
    if (this.#decoded !== null && body !== null && typeof body === 'object' && !Array.isArray(body)) {
      const o = body as Record<string, unknown>;
      if (o['content'] === 0 && this.#lastContentWasString) {
        const d = this.#decoded;
        o['content'] = d instanceof DecodedContent || typeof d === 'string' ? d : new DecodedContent(await d.close());
      }
    }
    return body;
  }
}
