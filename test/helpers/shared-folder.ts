// Vitest global setup of both projects: the corpus and dataset tests read ../shared/ (beside this checkout) and skip
// without it; one line says so, instead of a count of skipped tests that nobody reads.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const SHARED = join(import.meta.dirname, '..', '..', '..', 'shared');
// Each project loads this file on its own; the line is printed once per run.
const WARNED = Symbol.for('local-anonymizer:shared-warned');

export default function warnWithoutShared(): void {
  const flags = globalThis as { [WARNED]?: true };
  if (existsSync(join(SHARED, 'corpus')) || flags[WARNED]) return;
  flags[WARNED] = true;
  console.warn(`../shared/corpus is missing (${SHARED}): the tests that read real files and datasets skip.`);
}
