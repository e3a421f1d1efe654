import type { ProcessingStatus } from '../spec/types.js';
import type { LiveProgress } from './progress.js';

/** What runners and the API tell each other: a status changed, a document moved on, or new work was queued. */
export type JobEvent =
  | { type: 'status'; documentId: number; status: ProcessingStatus }
  | { type: 'progress'; documentId: number; progress: LiveProgress }
  | { type: 'wake' };

/** A channel every runner and API face of one store shares. */
export interface JobEvents {
  publish(event: JobEvent): void;
  subscribe(listener: (event: JobEvent) => void): () => void;
  close(): void;
}

/** In one process: listeners are called in a later task, as a BroadcastChannel would. */
export function memoryEvents(): JobEvents {
  const listeners = new Set<(event: JobEvent) => void>();
  return {
    publish(event) {
      for (const l of [...listeners]) setTimeout(() => l(event), 0);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => listeners.clear(),
  };
}

/**
 * Across tabs and workers of the origin: a BroadcastChannel named after the store. A channel does not deliver to
 * itself, so local listeners are called directly as well.
 */
export function broadcastEvents(storeName: string): JobEvents {
  const channel = new BroadcastChannel(`local-anonymizer:${storeName}`);
  const local = memoryEvents();
  channel.onmessage = (e: MessageEvent<JobEvent>) => local.publish(e.data);
  return {
    publish(event) {
      channel.postMessage(event);
      local.publish(event);
    },
    subscribe: (listener) => local.subscribe(listener),
    close() {
      channel.close();
      local.close();
    },
  };
}
