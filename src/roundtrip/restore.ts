import type { RestoreReport } from './restorer.js';
import { createRestorer } from './restorer.js';
import { restoreTable } from './restore-table.js';
import type { Vault } from './vault.js';

/** A restored answer and what restore did. */
export interface RestoreResult {
  text: string;
  report: RestoreReport;
}

/** Restores a whole answer against `vault`. */
export function restoreText(vault: Vault, text: string): RestoreResult {
  const restorer = createRestorer(restoreTable(vault));
  const restored = restorer.push(text) + restorer.flush();
  return { text: restored, report: restorer.report() };
}

/**
 * Restores a streamed answer: each chunk's completed text is written on at once; only a tail that may still begin a
 * placeholder waits for the next chunk. `report` settles when the stream ends.
 */
export class RestoreStream extends TransformStream<string, string> {
  readonly report: Promise<RestoreReport>;

  constructor(vault: Vault) {
    const restorer = createRestorer(restoreTable(vault));
    let settle!: (r: RestoreReport) => void;
    const report = new Promise<RestoreReport>((resolve) => (settle = resolve));
    super({
      transform(chunk, controller) {
        const out = restorer.push(chunk);
        if (out !== '') controller.enqueue(out);
      },
      flush(controller) {
        const out = restorer.flush();
        if (out !== '') controller.enqueue(out);
        settle(restorer.report());
      },
    });
    this.report = report;
  }
}
