/**
 * Runs `task` on every item with at most `limit` at once, starting them in order; rejects with the first failure
 * once the tasks already started have settled (none is left running behind the caller's back).
 */
export async function eachConcurrently<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed: { error: unknown } | null = null;
  const lane = async () => {
    while (next < items.length && !failed) {
      const item = items[next++]!;
      try {
        await task(item);
      } catch (error) {
        failed ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (failed) throw (failed as { error: unknown }).error;
}
