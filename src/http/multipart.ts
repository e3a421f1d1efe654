import { concatBytes } from '../bytes/concat-bytes.js';

/**
 * A streaming `multipart/form-data` parser (RFC 7578 over RFC 2046 framing) that hands each part's bytes to a sink
 * as they arrive, so a file is never held more than once by the parser. It keeps at most a boundary's length of
 * bytes between writes (a delimiter split across chunks) and a part's header block (16 KB at most).
 */

const CR = 13;
const LF = 10;
const DASH = 45;
const SPACE = 32;
const TAB = 9;
/** Largest header block of one part. */
const MAX_PART_HEADER = 16 * 1024;
/** Largest run of transport padding after a boundary. */
const MAX_PADDING = 256;
const EMPTY = new Uint8Array(0);

/** The multipart framing is broken: no boundary, a malformed part header, or a truncated body. */
export class MultipartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MultipartError';
  }
}

/** What a part's headers say: its field name and, for a file, its client file name (`null` for a plain field). */
export interface PartInfo {
  name: string;
  filename: string | null;
}

/** Where the bytes of one part go. */
export interface PartSink {
  data(chunk: Uint8Array): void;
  end(): void;
}

/**
 * The `boundary` parameter of a `multipart/*` content type: null when absent, '' when present but unusable
 * (empty, longer than 70 characters, or with characters RFC 2046 does not allow).
 */
export function multipartBoundary(contentType: string): string | null {
  const m = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  if (!m) return null;
  const b = m[1] ?? m[2] ?? '';
  return b.length >= 1 && b.length <= 70 && /^[0-9A-Za-z'()+_,\-./:=? ]*[0-9A-Za-z'()+_,\-./:=?]$/.test(b) ? b : '';
}

/** HTML's encoding of field and file names: `"`, CR and LF as %22, %0D, %0A (as browsers and undici send them). */
const HTML_ESCAPES: Record<string, string> = { '%22': '"', '%0d': '\r', '%0a': '\n' };

function unquote(raw: string): string {
  const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw.trim();
  return value.replace(/%(22|0d|0a)/gi, (m) => HTML_ESCAPES[m.toLowerCase()]!);
}

/** The parameters of a `Content-Disposition` value (names lower-cased; `filename*` decoded from RFC 8187). */
function dispositionParams(value: string): { type: string; params: Map<string, string> } {
  const semi = value.indexOf(';');
  const type = (semi === -1 ? value : value.slice(0, semi)).trim().toLowerCase();
  const params = new Map<string, string>();
  const re = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (let m = re.exec(value); m; m = re.exec(value)) {
    const key = m[1]!.toLowerCase();
    if (!params.has(key)) params.set(key, unquote(m[2]!));
  }
  const extended = params.get('filename*');
  if (extended !== undefined) {
    const x = /^utf-8'[^']*'(.*)$/i.exec(extended);
    if (x) {
      try {
        params.set('filename', decodeURIComponent(x[1]!));
      } catch {
        // a broken encoding: the plain filename (if any) stays
      }
    }
  }
  return { type, params };
}

function parsePartHeaders(block: Uint8Array): PartInfo {
  const text = new TextDecoder().decode(block);
  let disposition: string | null = null;
  for (const line of text.split('\r\n')) {
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new MultipartError('A part header line has no name.');
    if (line.slice(0, colon).trim().toLowerCase() === 'content-disposition') disposition = line.slice(colon + 1).trim();
  }
  if (disposition === null) throw new MultipartError('A part has no Content-Disposition header.');
  const { type, params } = dispositionParams(disposition);
  const name = params.get('name');
  if (type !== 'form-data' || name === undefined) throw new MultipartError('A part is not a named form-data field.');
  return { name, filename: params.get('filename') ?? null };
}

type State = 'preamble' | 'boundary' | 'headers' | 'body' | 'done';

/**
 * Push-style parser: `write` each chunk as it arrives, then `end`. `onPart` is called at the start of each part with
 * its headers and returns where its bytes go (null drops them). Errors: `MultipartError` for broken framing; an
 * error thrown by a sink passes through unchanged (a size limit).
 * @example
 * const parser = new MultipartParser('b', (info) => (info.name === 'file' ? sink : null));
 * for await (const chunk of body) parser.write(chunk);
 * parser.end(); // throws MultipartError when the closing boundary never came
 */
export class MultipartParser {
  readonly #delimiter: Uint8Array;
  readonly #onPart: (info: PartInfo) => PartSink | null;
  #state: State = 'preamble';
  /** Undecided bytes from the end of the last write (a possible delimiter start). The CRLF before the first boundary is implied. */
  #carry: Uint8Array = new Uint8Array([CR, LF]);
  /** The header block read so far, led by the CRLF that ended the boundary line. */
  #header: Uint8Array = EMPTY;
  #sink: PartSink | null = null;

  constructor(boundary: string, onPart: (info: PartInfo) => PartSink | null) {
    this.#delimiter = new TextEncoder().encode(`\r\n--${boundary}`);
    this.#onPart = onPart;
  }

  /** Whether the closing boundary was read (what follows it, the epilogue, is ignored). */
  get done(): boolean {
    return this.#state === 'done';
  }

  write(chunk: Uint8Array): void {
    if (this.#state === 'done' || chunk.length === 0) return;
    let buf = chunk;
    if (this.#carry.length > 0) {
      buf = concatBytes([this.#carry, chunk]);
      this.#carry = EMPTY;
    }
    let i = 0;
    while (i < buf.length && !this.done) {
      switch (this.#state) {
        case 'preamble':
        case 'body':
          i = this.#scanBody(buf, i);
          break;
        case 'boundary':
          i = this.#afterBoundary(buf, i);
          break;
        case 'headers':
          i = this.#readHeaders(buf, i);
          break;
      }
    }
  }

  /** Ends the body: throws `MultipartError` unless the closing boundary was read. */
  end(): void {
    if (this.#state !== 'done') throw new MultipartError('The multipart body is truncated (no closing boundary).');
  }

  #emit(buf: Uint8Array, from: number, to: number): void {
    if (to > from && this.#state === 'body') this.#sink?.data(buf.subarray(from, to));
  }

  /** Body (or preamble) bytes up to the next delimiter; returns where reading goes on. */
  #scanBody(buf: Uint8Array, from: number): number {
    const d = this.#delimiter;
    for (let j = from; ; j++) {
      j = buf.indexOf(CR, j);
      if (j === -1) {
        this.#emit(buf, from, buf.length);
        return buf.length;
      }
      const n = Math.min(d.length, buf.length - j);
      let k = 1;
      while (k < n && buf[j + k] === d[k]) k++;
      if (k === d.length) {
        this.#emit(buf, from, j);
        if (this.#state === 'body') {
          this.#sink?.end();
          this.#sink = null;
        }
        this.#state = 'boundary';
        return j + d.length;
      }
      if (k === n) {
        // The buffer ends inside what may be a delimiter: keep that tail for the next write.
        this.#emit(buf, from, j);
        this.#carry = buf.slice(j);
        return buf.length;
      }
    }
  }

  /** After a delimiter: `--` closes the body; else optional padding and CRLF start a part's headers. */
  #afterBoundary(buf: Uint8Array, from: number): number {
    if (buf.length - from < 2) {
      this.#carry = buf.slice(from);
      return buf.length;
    }
    if (buf[from] === DASH && buf[from + 1] === DASH) {
      this.#state = 'done';
      return buf.length;
    }
    let k = from;
    while (k < buf.length && (buf[k] === SPACE || buf[k] === TAB)) k++;
    if (k - from > MAX_PADDING) throw new MultipartError('A boundary line is malformed.');
    if (buf.length - k < 2) {
      this.#carry = buf.slice(from);
      return buf.length;
    }
    if (buf[k] !== CR || buf[k + 1] !== LF) throw new MultipartError('A boundary line is malformed.');
    this.#state = 'headers';
    this.#header = new Uint8Array([CR, LF]);
    return k + 2;
  }

  /** A part's header block up to the blank line; then its body. */
  #readHeaders(buf: Uint8Array, from: number): number {
    const before = this.#header.length;
    const take = buf.subarray(from, Math.min(buf.length, from + MAX_PART_HEADER + 4));
    const header = concatBytes([this.#header, take]);
    for (let j = Math.max(0, before - 3); j + 3 < header.length; j++) {
      if (header[j] === CR && header[j + 1] === LF && header[j + 2] === CR && header[j + 3] === LF) {
        const info = parsePartHeaders(header.subarray(2, j));
        this.#header = EMPTY;
        this.#state = 'body';
        this.#sink = this.#onPart(info);
        // Body bytes follow the blank line; the delimiter before the next part starts with this CRLF's successor.
        return from + (j + 4 - before);
      }
    }
    if (header.length > MAX_PART_HEADER) throw new MultipartError('A part header block is too large.');
    this.#header = header;
    return from + take.length;
  }
}
