/** One endpoint: method, path pattern (`{name}` segments) relative to its prefix, and the name of its operation. */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  pattern: string;
  operation: Operation;
}

export type Operation =
  | 'projectsMe'
  | 'defaultConfig'
  | 'projectConfig'
  | 'setProjectConfig'
  | 'textLabels'
  | 'imageLabels'
  | 'text'
  | 'upload'
  | 'status'
  | 'result'
  | 'original'
  | 'piis'
  | 'delete'
  | 'list'
  | 'projectUpload'
  | 'projectList'
  | 'projectStatus'
  | 'projectResult'
  | 'projectOriginal'
  | 'projectPiis'
  | 'projectDelete'
  | 'image'
  | 'projectImage'
  | 'createSession'
  | 'sessionPseudonymize'
  | 'sessionRestore'
  | 'sessionReport'
  | 'sessionVault'
  | 'deleteSession';

/** Every endpoint of spec section 4, and the image endpoint of PII records, relative to `/external/v1`. */
export const ROUTES: readonly Route[] = [
  { method: 'GET', pattern: 'projects/me', operation: 'projectsMe' },
  { method: 'GET', pattern: 'documents/default-config', operation: 'defaultConfig' },
  { method: 'GET', pattern: 'projects/{projectId}/config', operation: 'projectConfig' },
  // Our extension: a project's stored configuration written (decisions.md); not in section 4.
  { method: 'PUT', pattern: 'projects/{projectId}/config', operation: 'setProjectConfig' },
  { method: 'GET', pattern: 'text-labels', operation: 'textLabels' },
  { method: 'GET', pattern: 'image-labels', operation: 'imageLabels' },
  { method: 'POST', pattern: 'text', operation: 'text' },
  { method: 'POST', pattern: 'documents/upload', operation: 'upload' },
  { method: 'GET', pattern: 'documents/{documentId}/status', operation: 'status' },
  { method: 'GET', pattern: 'documents/{documentId}/result', operation: 'result' },
  { method: 'GET', pattern: 'documents/{documentId}/original', operation: 'original' },
  { method: 'GET', pattern: 'documents/{documentId}/result/piis', operation: 'piis' },
  { method: 'DELETE', pattern: 'documents/{documentId}', operation: 'delete' },
  { method: 'GET', pattern: 'documents', operation: 'list' },
  { method: 'POST', pattern: 'projects/{projectId}/documents', operation: 'projectUpload' },
  { method: 'GET', pattern: 'projects/{projectId}/documents', operation: 'projectList' },
  { method: 'GET', pattern: 'projects/{projectId}/documents/{documentId}/status', operation: 'projectStatus' },
  { method: 'GET', pattern: 'projects/{projectId}/documents/{documentId}/result', operation: 'projectResult' },
  { method: 'GET', pattern: 'projects/{projectId}/documents/{documentId}/original', operation: 'projectOriginal' },
  { method: 'GET', pattern: 'projects/{projectId}/documents/{documentId}/result/piis', operation: 'projectPiis' },
  { method: 'DELETE', pattern: 'projects/{projectId}/documents/{documentId}', operation: 'projectDelete' },
  // What a PII record's `imageUrl` names (decisions.md); not in section 4.
  { method: 'GET', pattern: 'documents/{documentId}/images/{xref}', operation: 'image' },
  { method: 'GET', pattern: 'projects/{projectId}/documents/{documentId}/images/{xref}', operation: 'projectImage' },
];

export const API_PREFIX = '/external/v1/';

/**
 * Our extension, outside the spec's namespace: LLM round-trip sessions (README "HTTP face", docs/decisions.md), relative
 * to `/local/v1`. Same keys, problems and 404/405 rules as the spec's endpoints.
 */
export const LOCAL_ROUTES: readonly Route[] = [
  { method: 'POST', pattern: 'sessions', operation: 'createSession' },
  { method: 'POST', pattern: 'sessions/{sessionId}/pseudonymize', operation: 'sessionPseudonymize' },
  { method: 'POST', pattern: 'sessions/{sessionId}/restore', operation: 'sessionRestore' },
  { method: 'GET', pattern: 'sessions/{sessionId}/report', operation: 'sessionReport' },
  { method: 'GET', pattern: 'sessions/{sessionId}/vault', operation: 'sessionVault' },
  { method: 'DELETE', pattern: 'sessions/{sessionId}', operation: 'deleteSession' },
];

export const LOCAL_PREFIX = '/local/v1/';

/** Each prefix the handler answers, with its routes. */
const TABLES: ReadonlyArray<readonly [string, readonly Route[]]> = [
  [API_PREFIX, ROUTES],
  [LOCAL_PREFIX, LOCAL_ROUTES],
];

/** Whether a path lies under a prefix the handler answers (what a Service Worker intercepts). */
export function isHandledPath(pathname: string): boolean {
  return TABLES.some(([prefix]) => pathname.startsWith(prefix));
}

/** What a path matched: the operation for the method, or the methods the path allows (405), or nothing (404). */
export type RouteMatch =
  { kind: 'found'; operation: Operation; params: Record<string, string> } | { kind: 'method'; allowed: string[] } | { kind: 'none' };

function matchPattern(pattern: string, segments: readonly string[]): Record<string, string> | null {
  const parts = pattern.split('/');
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (p.startsWith('{')) params[p.slice(1, -1)] = segments[i]!;
    else if (p !== segments[i]) return null;
  }
  return params;
}

/**
 * Finds the endpoint of a path (pure). Literal routes win over parameter routes (`projects/me` is not a project
 * id); a trailing slash is not the same path.
 */
export function matchRoute(method: string, pathname: string): RouteMatch {
  const table = TABLES.find(([prefix]) => pathname.startsWith(prefix));
  if (!table) return { kind: 'none' };
  const [prefix, routes] = table;
  let segments: string[];
  try {
    segments = pathname.slice(prefix.length).split('/').map(decodeURIComponent);
  } catch {
    return { kind: 'none' };
  }
  const candidates = routes.map((r) => ({ r, params: matchPattern(r.pattern, segments) })).filter((c) => c.params !== null);
  const literal = candidates.filter((c) => !c.r.pattern.includes('{'));
  const pool = literal.length > 0 ? literal : candidates;
  const hit = pool.find((c) => c.r.method === method);
  if (hit) return { kind: 'found', operation: hit.r.operation, params: hit.params! };
  if (pool.length > 0) return { kind: 'method', allowed: [...new Set(pool.map((c) => c.r.method))] };
  return { kind: 'none' };
}
