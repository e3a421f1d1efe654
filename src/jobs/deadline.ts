/**
 * Runs `task` under a time limit: when `ms` have passed, its signal aborts with `timedOut` and the call rejects with
 * `timedOut`, even if the task ignores the signal; whatever the task throws once the time is up counts as the time-out.
 */
export async function withDeadline<T>(task: (signal: AbortSignal) => Promise<T>, ms: number, timedOut: Error): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(timedOut);
      reject(timedOut);
    }, ms);
  });
  try {
    return await Promise.race([task(controller.signal), deadline]);
  } catch (err) {
    throw controller.signal.aborted ? timedOut : err;
  } finally {
    clearTimeout(timer);
  }
}
