import { concatBytes } from '../bytes/concat-bytes.js';

/**
 * Where an uploaded file's bytes go while the body streams: memory (`ByteSink`) or, on a platform with a disk, a
 * spool file. Writes are synchronous and may be queued; `ready` is the back-pressure signal the body reader waits on.
 */
export interface FileSink {
  /** Bytes written so far. */
  readonly length: number;
  /** Takes a copy of `chunk` (the caller may reuse its buffer). */
  write(chunk: Uint8Array): void;
  /** A promise to wait on before the next write when too much is queued, else null. */
  ready(): Promise<void> | null;
  /** Everything is written: the file, in memory or disk-backed. */
  close(): Promise<Uint8Array | Blob>;
  /** Drops the file (a failed upload, or once the store holds its own copy). */
  discard(): Promise<void>;
}

/** Makes a sink for one file; `hint` is an upper bound of its size, or null. */
export type FileSinkFactory = (hint: number | null) => FileSink;

/** Slack beyond which a preallocated buffer is copied down to the bytes it holds. */
const MAX_SLACK = 1024 * 1024;
/** Block size while no size is known. */
const BLOCK = 1024 * 1024;

/**
 * Collects a streamed file into one buffer. With a size hint (the declared body length, which bounds the file) the
 * buffer is allocated once and filled in place, so the file exists once; without one, it is kept in 1 MB blocks and
 * joined at the end. Every chunk is copied, so the caller's chunks (socket buffers) are free at once.
 */
export class ByteSink implements FileSink {
  /** Filled buffers, each with the bytes of it in use; the last one is being filled. */
  #blocks: { buf: Uint8Array; used: number }[] = [];
  #length = 0;
  readonly #hint: number | null;

  /** `hint`: an upper bound of the final size, or null. */
  constructor(hint: number | null) {
    this.#hint = hint !== null && Number.isSafeInteger(hint) && hint >= 0 ? hint : null;
  }

  get length(): number {
    return this.#length;
  }

  write(chunk: Uint8Array): void {
    let at = 0;
    while (at < chunk.length) {
      let last = this.#blocks[this.#blocks.length - 1];
      if (!last || last.used === last.buf.length) {
        // The first buffer takes the hint whole; past it (a wrong hint) or without one, 1 MB blocks.
        const size = this.#blocks.length === 0 && this.#hint !== null ? this.#hint : BLOCK;
        last = { buf: new Uint8Array(Math.max(size, 1)), used: 0 };
        this.#blocks.push(last);
      }
      const n = Math.min(chunk.length - at, last.buf.length - last.used);
      last.buf.set(at === 0 && n === chunk.length ? chunk : chunk.subarray(at, at + n), last.used);
      last.used += n;
      at += n;
      this.#length += n;
    }
  }

  ready(): null {
    return null;
  }

  async close(): Promise<Uint8Array> {
    return this.bytes();
  }

  async discard(): Promise<void> {
    this.#blocks = [];
  }

  /** The bytes written, in one buffer (its `byteOffset` is 0; its `buffer` may be up to 1 MB larger). */
  bytes(): Uint8Array {
    const blocks = this.#blocks;
    this.#blocks = [];
    if (blocks.length === 0) return new Uint8Array(0);
    if (blocks.length === 1) {
      const { buf, used } = blocks[0]!;
      return buf.length - used > MAX_SLACK ? buf.slice(0, used) : buf.subarray(0, used);
    }
    return concatBytes(blocks.map((b) => b.buf.subarray(0, b.used)));
  }
}

/** Files kept in memory, each held once. */
export const memoryFileSinks: FileSinkFactory = (hint) => new ByteSink(hint);
