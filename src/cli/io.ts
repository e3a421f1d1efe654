import type { TextSink } from './progress.js';

/** What the CLI reads and writes: the process's streams, or a test's stand-ins. */
export interface CliIo {
  stdout: TextSink;
  stderr: TextSink;
  stdin: AsyncIterable<Buffer | string> & NodeJS.ReadableStream;
  env: Record<string, string | undefined>;
}

function sinkOf(stream: NodeJS.WriteStream): TextSink {
  // Bound now: `routeLibraryOutput` later replaces `stream.write` to catch what libraries print.
  const write = stream.write.bind(stream);
  return {
    write: (text: string) => write(text),
    get isTTY() {
      return stream.isTTY === true;
    },
    get columns() {
      return stream.columns;
    },
  };
}

/** The process's own streams, with their writers taken before anything reroutes them. */
export function processIo(): CliIo {
  return { stdout: sinkOf(process.stdout), stderr: sinkOf(process.stderr), stdin: process.stdin, env: process.env };
}

/** All of stdin, as UTF-8 text. */
export async function readStdin(io: CliIo): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** The ProblemDetail line of a failure, as stderr carries it. */
export function problemLine(problem: object): string {
  return `${JSON.stringify(problem)}\n`;
}
