import type { EnginePlatform } from '../engine/platform.js';
import type { Clock } from '../jobs/clock.js';
import type { JobEvents } from '../jobs/events.js';
import type { Locks } from '../jobs/locks.js';
import type { DocumentStore } from '../store/store.js';

/**
 * Everything that differs between Node and the browser, built once per platform (`nodePlatform`, `browserPlatform`):
 * the engines' parts, plus where the service keeps its documents and how its runners coordinate.
 */
export interface Platform extends EnginePlatform {
  /** Opens the document store (browser: an IndexedDB database; Node: memory, or a folder). */
  openStore(): Promise<DocumentStore>;
  /** A connection to the status changes that every runner of the store publishes. */
  events(): JobEvents;
  /** Per-document locks shared by every runner of the store. */
  locks: Locks;
  clock: Clock;
}
