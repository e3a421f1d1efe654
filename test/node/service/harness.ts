// Builds local services over a fresh fake-indexeddb store, with the real or a scripted document processor.
import 'fake-indexeddb/auto';
import { createAnonymizer } from '../../../src/platform/node/text.js';
import type { LocalAnonymizer, LocalServiceOptions } from '../../../src/service/local-service.js';
import { assembleLocalAnonymizer } from '../../../src/service/local-service.js';
import { createNodeDocumentAnonymizer } from '../../../src/platform/node/platform.js';
import { createNodeCodec } from '../../../src/platform/node/codec.js';
import { memoryEvents } from '../../../src/jobs/events.js';
import { systemClock } from '../../../src/jobs/clock.js';
import { memoryLocks } from '../../../src/jobs/locks.js';
import type { DocumentProcessor } from '../../../src/jobs/runner.js';
import type { Clock } from '../../../src/jobs/clock.js';
import { openDocumentStore } from '../../../src/store/store.js';
import type { DocumentStore } from '../../../src/store/store.js';
import { raster } from '../../helpers/images.js';

let n = 0;
/** A unique database name per test. */
export const dbName = () => `test-${process.pid}-${++n}-${Math.random().toString(36).slice(2)}`;

/** A PNG of a few coloured stripes (no faces, no text): processing is a re-encode from pixels. */
export async function pngBytes(seed = 0): Promise<Uint8Array> {
  return createNodeCodec(50e6).encode(
    raster(64, 48, (x, y) => [(x * 4 + seed) % 256, (y * 5) % 256, 90]),
    'png',
  );
}

export const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** A config that asks for nothing but the re-encode (no OCR, no face model): fast and deterministic. */
export const BARE = { textAnonymization: { labelsConfig: [] }, imageAnonymization: { labelsConfig: [] } };

/** A clock that only moves when told; timers never fire on their own. */
export function fakeClock(start = Date.UTC(2026, 10, 22, 12, 0, 0)): Clock & { advance(ms: number): void } {
  let t = start;
  return { now: () => t, setInterval: () => 0, clearInterval: () => undefined, advance: (ms) => void (t += ms) };
}

export interface Harness {
  service: LocalAnonymizer;
  store: DocumentStore;
  storeName: string;
}

/** A service whose documents go through the real Node document engine (rules only), or through `processor`. */
export async function harness(options: LocalServiceOptions = {}, processor?: DocumentProcessor, storeName = dbName()): Promise<Harness> {
  const store = await openDocumentStore(storeName);
  // The engine's formats sniff uploads and serve images even when `processor` stands in for its pipeline.
  const engine = createNodeDocumentAnonymizer({ ner: false });
  const service = await assembleLocalAnonymizer(options, {
    store,
    events: memoryEvents(),
    locks: memoryLocks(),
    clock: systemClock,
    text: createAnonymizer({ ner: false }),
    adapters: engine.adapters,
    processor: processor ?? engine,
    dispose: () => engine.close(),
  });
  return { service, store, storeName };
}

/** A processor whose jobs wait until released, to hold documents in PROCESSING. */
export function gatedProcessor(inner: DocumentProcessor): DocumentProcessor & { release(): void; started: number } {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const p = {
    started: 0,
    release: () => open(),
    async anonymize(...args: Parameters<DocumentProcessor['anonymize']>) {
      p.started++;
      await gate;
      return inner.anonymize(...args);
    },
  };
  return p;
}
