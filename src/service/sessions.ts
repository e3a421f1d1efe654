import * as v from 'valibot';
import type { TextCallOptions } from '../engine/text-engine.js';
import { AnonymizerError, notFound, validationFailed } from '../errors/problem.js';
import type { Clock } from '../jobs/clock.js';
import type { RestoreResult } from '../roundtrip/restore.js';
import type { RestoreReport } from '../roundtrip/restorer.js';
import type { PlaceholderStyle, VaultScope } from '../roundtrip/vault.js';
import { PLACEHOLDER_STYLES, VAULT_SCOPES } from '../roundtrip/vault.js';
import type { RoundTripSession } from '../sessions/session.js';
import { createSession } from '../sessions/session.js';
import type { ExternalUploadConfig, PseudonymizedText, TextLabelName, TextRequest } from '../spec/types.js';
import { parseOrThrow, TextRequestSchema } from '../validation/schemas.js';
import { explicitProject, resolvedProject } from './access.js';
import type { Organization, Principal } from './setup.js';

/*
 * LLM round-trip sessions behind the HTTP face's `/local/v1/sessions` (our extension, docs/decisions.md "LLM round-trip
 * sessions over HTTP"). They live in memory only: an idle session is forgotten after `idleMs`, a key holds at most
 * `maxPerKey`. A session belongs to the key that created it; any other key is told it does not exist. Nothing of a
 * session's texts or vault reaches a log or a problem's detail.
 */

/** Idle time after which a session is forgotten by default: one hour. */
export const SESSION_IDLE_MS = 60 * 60 * 1000;
/** Sessions one key may hold at once by default. */
export const MAX_SESSIONS_PER_KEY = 100;

/** `POST /local/v1/sessions`. */
export interface CreateSessionRequest {
  style?: PlaceholderStyle;
  scope?: VaultScope;
  /** The project whose configuration (lists, recognizers, `sessionScope`) applies; default: the key's resolved project. */
  projectId?: number;
  /** Labels each turn detects unless the turn names its own (default: all). */
  textLabels?: TextLabelName[];
}

/** A new session. */
export interface CreatedSession {
  sessionId: string;
  style: PlaceholderStyle;
  scope: VaultScope;
}

/** `POST /local/v1/sessions/{id}/pseudonymize`. */
export interface SessionTurnRequest {
  text: string;
  textLabels?: TextLabelName[];
}

/** One entity of a session's vault. */
export interface SessionVaultEntry {
  label: TextLabelName;
  number: number;
  /** What left the device for it (`PER-1`, or a surrogate). */
  placeholder: string;
  /** What it restores to: the user's own text, returned to the key that created the session only. */
  original: string;
  /** How many forms of it were met (`Anna Schmidt`, `Schmidt` …). */
  forms: number;
}

/** `GET /local/v1/sessions/{id}/vault`. */
export interface SessionVault {
  sessionId: string;
  style: PlaceholderStyle;
  scope: VaultScope;
  entries: SessionVaultEntry[];
}

/** The sessions as one key sees them. */
export interface SessionsApi {
  /** Starts a session (422 for an invalid body or a project scope the project does not enable; 404/403 for its project). */
  create(request: CreateSessionRequest): Promise<CreatedSession>;
  /** One turn: the spec's `PseudonymizedText` of the text, with the session's mapping. */
  pseudonymize(sessionId: string, request: SessionTurnRequest, options?: Pick<TextCallOptions, 'signal'>): Promise<PseudonymizedText>;
  /** Restores a whole answer; its report becomes the session's last. */
  restore(sessionId: string, request: { text: string }): RestoreResult;
  /** Restores a streamed answer chunk by chunk; when the stream ends, its report becomes the session's last. */
  restoreStream(sessionId: string): ReadableWritablePair<string, string>;
  /** The report of the session's last finished restore; null before the first. */
  report(sessionId: string): RestoreReport | null;
  /** The vault's entries, originals included. */
  vault(sessionId: string): SessionVault;
  /** Forgets the session and its vault (a project's shared vault once its last session is gone). */
  delete(sessionId: string): void;
}

/** What the registry needs from the service. */
export interface SessionRegistryDeps {
  org: Organization;
  clock: Clock;
  /** The text engine within the service's limits (credits, concurrency, length). */
  text: (request: TextRequest, options?: TextCallOptions) => Promise<PseudonymizedText>;
  idleMs?: number;
  maxPerKey?: number;
}

/** The sessions of all keys. */
export interface SessionRegistry {
  /** The sessions as the holder of `key` (already authenticated as `principal`). */
  as(principal: Principal, key: string): SessionsApi;
  /** How many sessions are held (expired ones dropped first). */
  size(): number;
}

interface Held {
  owner: string;
  style: PlaceholderStyle;
  scope: VaultScope;
  labels: TextLabelName[] | undefined;
  session: RoundTripSession;
  /** The key of the project's shared vault, null for a session's own. */
  shared: string | null;
  lastUsed: number;
  report: RestoreReport | null;
}

const labels = v.optional(TextRequestSchema.entries.textLabels);
const CreateSchema = v.object({
  style: v.optional(v.picklist(PLACEHOLDER_STYLES, 'must be labels or surrogates'), 'labels'),
  scope: v.optional(v.picklist(VAULT_SCOPES, 'must be conversation, project or none'), 'conversation'),
  projectId: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER))),
  textLabels: labels,
});
const TurnSchema = v.object({ text: TextRequestSchema.entries.text, textLabels: labels });
const RestoreSchema = v.object({ text: v.string() });

/** 128 random bits, URL-safe: guessing another key's session is hopeless (and answered 404 anyway). */
function newSessionId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return 'ses_' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function tooManySessions(max: number, retryAfterSeconds: number): AnonymizerError {
  const err = new AnonymizerError({
    title: 'Too Many Requests',
    status: 429,
    detail: `This key holds ${max} sessions, the most it may; delete one or retry after ${retryAfterSeconds} s.`,
    problemCode: 'RATE_LIMIT_EXCEEDED',
  });
  err.retryAfterSeconds = retryAfterSeconds;
  return err;
}

const noSuchSession = () => notFound('The session does not exist.');

/** Creates the in-memory session registry of a service. */
export function createSessionRegistry(deps: SessionRegistryDeps): SessionRegistry {
  const { org, clock } = deps;
  const idleMs = deps.idleMs ?? SESSION_IDLE_MS;
  const maxPerKey = deps.maxPerKey ?? MAX_SESSIONS_PER_KEY;
  const sessions = new Map<string, Held>();
  /** `projectId/style` → the one session whose vault all project-scope sessions of that project and style share. */
  const projectVaults = new Map<string, RoundTripSession>();
  const engine = { text: deps.text };

  function drop(id: string): void {
    const held = sessions.get(id);
    if (!held) return;
    sessions.delete(id);
    if (held.shared === null) held.session.clear();
    else if (![...sessions.values()].some((h) => h.shared === held.shared)) {
      projectVaults.get(held.shared)?.clear();
      projectVaults.delete(held.shared);
    }
  }

  function sweep(): void {
    const now = clock.now();
    for (const [id, held] of sessions) if (now - held.lastUsed >= idleMs) drop(id);
  }

  function api(principal: Principal, key: string): SessionsApi {
    /** The key's own live session, touched; 404 for any other (never saying whether it exists). */
    function own(id: string): Held {
      sweep();
      const held = sessions.get(id);
      if (!held || held.owner !== key) throw noSuchSession();
      held.lastUsed = clock.now();
      return held;
    }

    return {
      async create(request) {
        const body = parseOrThrow(CreateSchema, request);
        const project = body.projectId === undefined ? resolvedProject(org, principal) : explicitProject(org, principal, body.projectId);
        const config: ExternalUploadConfig = project.config;
        if (body.scope === 'project' && config.textAnonymization?.sessionScope !== 'project') {
          throw validationFailed([
            { field: 'scope', code: 'InvalidValue', message: "project scope is not enabled in the project's configuration" },
          ]);
        }
        sweep();
        const mine = [...sessions.values()].filter((h) => h.owner === key);
        if (mine.length >= maxPerKey) {
          const oldest = Math.min(...mine.map((h) => h.lastUsed));
          throw tooManySessions(maxPerKey, Math.max(1, Math.ceil((oldest + idleMs - clock.now()) / 1000)));
        }
        const options = { style: body.style, scope: body.scope, config };
        let session: RoundTripSession;
        let shared: string | null = null;
        if (body.scope === 'project') {
          shared = `${project.id}/${body.style}`;
          session = projectVaults.get(shared) ?? createSession(engine, options);
          projectVaults.set(shared, session);
        } else session = createSession(engine, options);
        let sessionId = newSessionId();
        while (sessions.has(sessionId)) sessionId = newSessionId();
        sessions.set(sessionId, {
          owner: key,
          style: body.style,
          scope: body.scope,
          labels: body.textLabels as TextLabelName[] | undefined,
          session,
          shared,
          lastUsed: clock.now(),
          report: null,
        });
        return { sessionId, style: body.style, scope: body.scope };
      },

      async pseudonymize(id, request, options = {}) {
        const held = own(id);
        const body = parseOrThrow(TurnSchema, request);
        const turnLabels = (body.textLabels as TextLabelName[] | undefined) ?? held.labels;
        const result = await held.session.pseudonymize(body.text, {
          ...(turnLabels ? { labels: turnLabels } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        });
        held.lastUsed = clock.now();
        return result;
      },

      restore(id, request) {
        const held = own(id);
        const body = parseOrThrow(RestoreSchema, request);
        const result = held.session.restore(body.text);
        held.report = result.report;
        return result;
      },

      restoreStream(id) {
        const held = own(id);
        const inner = held.session.restoreStream();
        // Runs after the inner stream's flush, which settles its report: the report is the session's before the
        // restored text's end reaches the reader.
        const recorder = new TransformStream<string, string>({
          async flush() {
            held.report = await inner.report;
            held.lastUsed = clock.now();
          },
        });
        return { writable: inner.writable, readable: inner.readable.pipeThrough(recorder) };
      },

      report: (id) => own(id).report,

      vault(id) {
        const held = own(id);
        const entries = held.session.vault().entities.map((e) => ({
          label: e.label,
          number: e.number,
          placeholder: e.placeholder,
          original: e.original,
          forms: e.forms.length,
        }));
        return { sessionId: id, style: held.style, scope: held.scope, entries };
      },

      delete(id) {
        own(id);
        drop(id);
      },
    };
  }

  return {
    as: api,
    size() {
      sweep();
      return sessions.size;
    },
  };
}
