import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { chmod, mkdir, open, readdir, rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileSink, FileSinkFactory } from '../../http/byte-sink.js';

/** Bytes queued for the disk before the body reader waits (`FileSink.ready`). */
const HIGH_WATER = 4 * 1024 * 1024;
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * Streams one uploaded file into a private spool file: writes are queued in order and `ready` holds the body reader
 * while more than `HIGH_WATER` bytes wait, so memory stays bounded whatever the file size. `close` gives the file as
 * a disk-backed Blob; `discard` removes it.
 */
class SpoolSink implements FileSink {
  readonly #path: string;
  readonly #handle: Promise<FileHandle>;
  /** The chain of queued writes; it never rejects (the first error is kept in `#error`). */
  #tail: Promise<void>;
  #queued = 0;
  #length = 0;
  #error: unknown = null;
  #closed = false;

  constructor(path: string) {
    this.#path = path;
    // `wx`: a fresh file; the mode is set again after open, since the umask may have cleared bits of it.
    this.#handle = open(path, 'wx', FILE_MODE).then(async (h) => {
      await h.chmod(FILE_MODE);
      return h;
    });
    this.#tail = this.#handle.then(
      () => undefined,
      (err: unknown) => void (this.#error ??= err),
    );
  }

  get length(): number {
    return this.#length;
  }

  write(chunk: Uint8Array): void {
    const copy = chunk.slice();
    this.#length += copy.length;
    this.#queued += copy.length;
    this.#tail = this.#tail.then(async () => {
      try {
        if (this.#error === null) await (await this.#handle).write(copy);
      } catch (err) {
        this.#error ??= err;
      } finally {
        this.#queued -= copy.length;
      }
    });
  }

  ready(): Promise<void> | null {
    return this.#queued > HIGH_WATER ? this.#tail : null;
  }

  async close(): Promise<Blob> {
    await this.#tail;
    if (this.#error !== null) throw this.#error;
    this.#closed = true;
    await (await this.#handle).close();
    return openAsBlob(this.#path);
  }

  async discard(): Promise<void> {
    await this.#tail;
    if (!this.#closed) {
      this.#closed = true;
      await this.#handle.then((h) => h.close()).catch(() => undefined);
    }
    await rm(this.#path, { force: true });
  }
}

/**
 * Upload sinks that spool to `dir` (made private to this user: 0700, files 0600). Files left there by a process
 * that died mid-upload are removed first; the caller owns `dir` (one process per data folder).
 */
export async function spoolFileSinks(dir: string): Promise<FileSinkFactory> {
  await mkdir(dir, { recursive: true, mode: DIR_MODE });
  await chmod(dir, DIR_MODE);
  for (const name of await readdir(dir)) await rm(join(dir, name), { force: true, recursive: true });
  return () => new SpoolSink(join(dir, `${randomBytes(8).toString('hex')}.upload`));
}
