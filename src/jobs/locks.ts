/** Exclusive named locks, tried without waiting: the holder of a document's lock is the one runner processing it. */
export interface Locks {
  /** Runs `fn` while holding `name`; resolves to false at once (without running it) when someone else holds it. */
  tryRun(name: string, fn: () => Promise<void>): Promise<boolean>;
}

/**
 * Web Locks: shared by every tab and worker of the origin, and released by the browser when the holder dies (a
 * closed tab, a crashed worker), which is what makes a job left in PROCESSING recoverable at once.
 */
export function webLocks(locks: LockManager = navigator.locks): Locks {
  return {
    async tryRun(name, fn) {
      let ran = false;
      await locks.request(name, { ifAvailable: true }, async (lock) => {
        if (!lock) return;
        ran = true;
        await fn();
      });
      return ran;
    },
  };
}

/** Locks within one process (Node), for runners that share a store there. */
export function memoryLocks(): Locks {
  const held = new Set<string>();
  return {
    async tryRun(name, fn) {
      if (held.has(name)) return false;
      held.add(name);
      try {
        await fn();
      } finally {
        held.delete(name);
      }
      return true;
    },
  };
}
