import { randomBytes } from 'node:crypto';
import { chmod, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/** Suffix of the temporary files `writeFileAtomically` leaves behind only when the process dies mid-write. */
export const PARTIAL_SUFFIX = '.partial';

/**
 * Writes `content` next to `path` under a temporary name, then renames: a reader (or a crash) never sees a part. With
 * `mode`, the file has exactly that mode (whatever the umask) before it appears under its name.
 */
export async function writeFileAtomically(path: string, content: Uint8Array | string | Blob, mode?: number): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`);
  // A Blob (a spooled upload) is streamed, never read whole.
  const data = content instanceof Blob ? Readable.fromWeb(content.stream() as NodeReadableStream<Uint8Array>) : content;
  try {
    if (mode === undefined) await writeFile(temp, data);
    else {
      await writeFile(temp, data, { mode, flag: 'wx' });
      await chmod(temp, mode);
    }
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}
