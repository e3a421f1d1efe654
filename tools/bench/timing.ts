/** Runs `run` once to warm up, then `runs` times: the median and the fastest, in ms (the page and Node benches alike). */
export async function timeRuns(run: () => Promise<unknown>, runs: number): Promise<{ median: number; min: number }> {
  await run();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await run();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)]!, min: ms[0]! };
}
