import type { DocumentProcessor, JobRunner, JobRunnerOptions } from '../jobs/runner.js';
import { startJobRunner } from '../jobs/runner.js';
import type { JobEvents } from '../jobs/events.js';
import type { Locks } from '../jobs/locks.js';
import type { Clock } from '../jobs/clock.js';
import type { DocumentService, DocumentServiceDeps, KeyedApi } from './document-service.js';
import { createDocumentService } from './document-service.js';
import { purgeTemporary } from './retention.js';
import type { OrganizationSetup } from './setup.js';
import { createOrganization } from './setup.js';
import type { DocumentStore } from '../store/store.js';
import type { DocumentAdapter } from '../documents/adapter.js';
import type { Anonymizer } from '../engine/text-engine.js';
import { DEFAULT_DOCUMENT_CONFIG } from '../engine/document-engine.js';

/** Options every platform's local service shares. */
export interface LocalServiceOptions {
  /** Organization, projects, users and API keys (section 5). Default: one project, one generated organization key. */
  setup?: OrganizationSetup;
  /** Credit budget (pages of documents, characters of text); unset: unlimited. */
  credits?: DocumentServiceDeps['credits'];
  /** Uploads waiting or in work beyond which uploads get 429. Default 100. */
  maxQueued?: number;
  /** Text requests in flight beyond which `text` gets 429. Default 32. */
  maxConcurrentText?: number;
  /** Longest text of one text request (characters); longer → 413. Default 2 Mi. */
  maxTextChars?: number;
  /** How often retention runs. Default every 10 minutes (and once at start). */
  retentionIntervalMs?: number;
  /** Runner limits (concurrency, lease, attempts, time per document). */
  runner?: Pick<JobRunnerOptions, 'concurrency' | 'leaseMs' | 'maxAttempts' | 'jobTimeoutMs' | 'scanIntervalMs'>;
  /** Base address the engine answers on, for `imageUrl` in PII records. Default `http://localhost`. */
  baseUrl?: string;
  clock?: Clock;
  /** LLM round-trip sessions (`/local/v1/sessions`): idle time after which one is forgotten (default 1 hour), sessions per key (default 100). */
  sessions?: DocumentServiceDeps['sessions'];
}

/** The local service: the default key's endpoints as methods, plus `as(key)` for the others. */
export interface LocalAnonymizer extends KeyedApi {
  /** The endpoints as the holder of `key` (401 for an unknown key). */
  as(key: string | null | undefined): KeyedApi;
  /** The key the methods above act with (the first organization key; generated when the setup has none). */
  readonly apiKey: string;
  /** The text engine for calls beyond the spec (`detect`). */
  readonly engine: Anonymizer;
  /** Runs retention now; returns how many documents were deleted. */
  purge(): Promise<number>;
  /** Stops the runner and timers and closes the store. */
  close(): Promise<void>;
}

/** Platform pieces: the store, the channel and locks shared with other runners, and where documents are processed. */
export interface LocalServicePlatform {
  store: DocumentStore;
  events: JobEvents;
  locks: Locks;
  clock: Clock;
  text: Anonymizer;
  /**
   * The formats in sniffing order, as the engine that processes the documents has them: uploads are sniffed and the
   * images PII records name are served with them.
   */
  adapters: readonly DocumentAdapter[];
  /** In-process processing (Node); absent when runners live elsewhere (a browser worker). */
  processor?: DocumentProcessor;
  /** Called by `close()` after the service stopped (workers, engines). */
  dispose?: () => Promise<void>;
  /**
   * Whether no other engine (another tab) has the store open: temporary projects' documents are purged only then,
   * so one tab never deletes what another is working on. Absent: this engine is the only one (Node).
   */
  soleSession?: () => Promise<boolean>;
}

/**
 * Assembles the local service over platform pieces: purges temporary projects' leftovers and expired documents,
 * runs retention on a timer, and starts an in-process job runner when a processor is given.
 */
export async function assembleLocalAnonymizer(options: LocalServiceOptions, platform: LocalServicePlatform): Promise<LocalAnonymizer> {
  const clock = options.clock ?? platform.clock;
  const org = createOrganization(options.setup, DEFAULT_DOCUMENT_CONFIG);
  const { store, events } = platform;
  const sole = platform.soleSession ?? (async () => true);
  await store.syncProjects(org.projects);
  if (await sole()) await purgeTemporary(store, org.projects);
  const service: DocumentService = createDocumentService({
    org,
    store,
    events,
    clock,
    text: platform.text,
    adapters: platform.adapters,
    ...(options.credits ? { credits: options.credits } : {}),
    ...(options.maxQueued !== undefined ? { maxQueued: options.maxQueued } : {}),
    ...(options.maxConcurrentText !== undefined ? { maxConcurrentText: options.maxConcurrentText } : {}),
    ...(options.maxTextChars !== undefined ? { maxTextChars: options.maxTextChars } : {}),
    ...(options.sessions ? { sessions: options.sessions } : {}),
  });
  await service.purge();
  const retention = clock.setInterval(() => void service.purge().catch(() => undefined), options.retentionIntervalMs ?? 600_000);
  const runner: JobRunner | null = platform.processor
    ? startJobRunner({
        ...options.runner,
        store,
        events,
        locks: platform.locks,
        clock,
        processor: platform.processor,
        imageBaseUrl: options.baseUrl ?? 'http://localhost',
        ...(options.credits?.pages !== undefined ? { pageBudget: options.credits.pages } : {}),
      })
    : null;
  const main = service.as(org.defaultKey);
  return {
    ...main,
    as: (key) => service.as(key),
    apiKey: org.defaultKey,
    engine: platform.text,
    purge: () => service.purge(),
    async close() {
      clock.clearInterval(retention);
      await runner?.stop();
      if (await sole().catch(() => false)) await purgeTemporary(store, org.projects).catch(() => undefined);
      events.close();
      store.close();
      await platform.dispose?.();
    },
  };
}
