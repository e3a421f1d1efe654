import { format, inspect } from 'node:util';

type Write = typeof process.stdout.write;
const CONSOLE_METHODS = ['log', 'info', 'debug', 'warn', 'error', 'trace', 'dir'] as const;

/**
 * Routes everything that libraries print to `sink` (null: nowhere) until the returned function is called: the console
 * methods, and writes to `process.stdout` / `process.stderr` themselves. The streams are caught too because pdf-lib,
 * pdf.js and tesseract.js's emscripten code may hold `console.log.bind(console)` from before, and what worker threads
 * print reaches this thread as writes to these streams. The CLI's own output uses writers taken before (`processSinks`).
 */
export function routeLibraryOutput(sink: ((text: string) => void) | null): () => void {
  const send = (text: string) => {
    if (!sink) return;
    try {
      sink(text);
    } catch {
      // a log line never fails the command
    }
  };
  const savedConsole = CONSOLE_METHODS.map((m) => [m, console[m]] as const);
  for (const m of CONSOLE_METHODS) {
    console[m] = m === 'dir' ? (value: unknown) => send(`${inspect(value)}\n`) : (...args: unknown[]) => send(`${format(...args)}\n`);
  }
  const streams = [process.stdout, process.stderr].map((stream) => {
    const own = Object.hasOwn(stream, 'write');
    const saved = stream.write;
    const write = (chunk: unknown, encoding?: unknown, done?: unknown): boolean => {
      send(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
      const callback = typeof encoding === 'function' ? encoding : done;
      if (typeof callback === 'function') queueMicrotask(() => (callback as () => void)());
      return true;
    };
    stream.write = write as Write;
    return () => {
      if (own) stream.write = saved;
      else delete (stream as { write?: Write }).write;
    };
  });
  return () => {
    for (const [m, fn] of savedConsole) (console as unknown as Record<string, unknown>)[m] = fn;
    for (const restore of streams) restore();
  };
}
