/** Writes `chunks` through a transform stream and collects what comes out (benches and tests of streamed restore). */
export async function streamThrough(stream: TransformStream<string, string>, chunks: readonly string[]): Promise<string> {
  const out: string[] = [];
  const reading = (async () => {
    const reader = stream.readable.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) out.push(r.value);
  })();
  const writer = stream.writable.getWriter();
  for (const c of chunks) await writer.write(c);
  await writer.close();
  await reading;
  return out.join('');
}
