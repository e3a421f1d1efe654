/** Time and timers, injected so retention and leases can be tested with a fake clock. */
export interface Clock {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** The real clock. Timers are unref'd in Node so an idle engine never keeps a process alive. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setInterval(fn, ms) {
    const handle = setInterval(fn, ms) as unknown as { unref?: () => void };
    handle.unref?.();
    return handle;
  },
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};
