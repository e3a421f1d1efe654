/// <reference lib="webworker" />
import type { NerBackend, NerModelInfo, NerRecognition } from '../../detection/ner/ner-backend.js';
import { AnonymizerError, textModelUnavailable, toAnonymizerError } from '../../errors/problem.js';
import type { NerLoadSpec } from '../../inference/model-source.js';
import type { ProblemDetail, TextLabelName } from '../../spec/types.js';
import { createNerWorkerBackend } from './ner-client.js';

/**
 * The text model for a Service Worker. A Service Worker can start no workers and import no modules at run time,
 * so it cannot run onnxruntime-web itself: it relays each model call to an open page of the app, which runs the
 * model in its own NER worker (`serveNerToServiceWorker`). With no page open, model labels answer 502.
 */

type Request =
  | { type: 'local-anonymizer:ner'; op: 'ping' }
  | { type: 'local-anonymizer:ner'; op: 'load' }
  | { type: 'local-anonymizer:ner'; op: 'recognize'; text: string };
type Reply = { ok: true; value: NerModelInfo | null | NerRecognition } | { ok: false; problem: ProblemDetail };

const PING_TIMEOUT_MS = 2_000;
const LOAD_TIMEOUT_MS = 120_000;
const RUN_TIMEOUT_MS = 60_000;

function ask(
  client: Client,
  message: Request & { spec: NerLoadSpec; declaredLabels: readonly TextLabelName[] },
  timeoutMs: number,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => reject(textModelUnavailable('The page running the text model did not answer.')), timeoutMs);
    channel.port1.onmessage = (e: MessageEvent<Reply>) => {
      clearTimeout(timer);
      resolve(e.data);
    };
    client.postMessage(message, [channel.port2]);
  });
}

/** The Service Worker's NER backend: the same load spec, run by a page. */
export function createRelayNerBackend(
  sw: ServiceWorkerGlobalScope,
  spec: NerLoadSpec,
  declaredLabels: readonly TextLabelName[],
): NerBackend {
  let chosen: Client | null = null;
  /** The first open page that answers a ping runs the model (other windows of the origin may not serve it). */
  async function page(): Promise<Client> {
    if (chosen && (await sw.clients.get(chosen.id))) return chosen;
    const pages = await sw.clients.matchAll({ type: 'window' });
    try {
      chosen = await Promise.any(
        pages.map((p) => ask(p, { type: 'local-anonymizer:ner', op: 'ping', spec, declaredLabels }, PING_TIMEOUT_MS).then(() => p)),
      );
      return chosen;
    } catch {
      throw textModelUnavailable('No page of the app is open to run the text model.');
    }
  }
  async function call(request: Request, timeoutMs: number): Promise<NerModelInfo | null | NerRecognition> {
    const reply = await ask(await page(), { ...request, spec, declaredLabels }, timeoutMs).catch((err: unknown) => {
      chosen = null;
      throw err;
    });
    if (reply.ok) return reply.value;
    throw new AnonymizerError(reply.problem);
  }
  return {
    declaredLabels,
    load: async () => (await call({ type: 'local-anonymizer:ner', op: 'load' }, LOAD_TIMEOUT_MS)) as NerModelInfo | null,
    recognize: async (text) => (await call({ type: 'local-anonymizer:ner', op: 'recognize', text }, RUN_TIMEOUT_MS)) as NerRecognition,
  };
}

/** Page side: answers the Service Worker's model calls with this page's NER worker (started on first call). */
export function serveNerToServiceWorker(container: ServiceWorkerContainer = navigator.serviceWorker): () => void {
  let backend: NerBackend | null = null;
  const onMessage = (event: MessageEvent) => {
    const data = event.data as (Request & { spec: NerLoadSpec; declaredLabels: TextLabelName[] }) | null;
    if (data?.type !== 'local-anonymizer:ner') return;
    const port = event.ports[0];
    if (!port) return;
    if (data.op === 'ping') {
      port.postMessage({ ok: true, value: null } satisfies Reply);
      return;
    }
    backend ??= createNerWorkerBackend({ spec: data.spec, declaredLabels: data.declaredLabels });
    const work = data.op === 'load' ? backend.load() : backend.recognize(data.text);
    work.then(
      (value) => port.postMessage({ ok: true, value } satisfies Reply),
      (err: unknown) => port.postMessage({ ok: false, problem: toAnonymizerError(err).problem } satisfies Reply),
    );
  };
  container.addEventListener('message', onMessage);
  return () => container.removeEventListener('message', onMessage);
}
