import { forbidden, invalidPathParam, notFound, unauthorized } from '../errors/problem.js';
import type { ProjectRecord } from '../store/records.js';
import type { Organization, Principal } from './setup.js';

/** The principal of a key, or 401 (no detail about which part was wrong). */
export function authenticate(org: Organization, key: string | null | undefined): Principal {
  const principal = key ? org.keys.get(key) : undefined;
  if (!principal) throw unauthorized();
  return principal;
}

/** Section 5.3: a project key resolves to its bound project; a user or organization key to the default project. */
export function resolvedProjectId(org: Organization, principal: Principal): number {
  return principal.kind === 'PROJECT' ? principal.projectId : org.defaultProjectId;
}

/** Whether the principal may act on the project. */
export function canAccess(org: Organization, principal: Principal, projectId: number): boolean {
  switch (principal.kind) {
    case 'ORGANIZATION':
      return true;
    case 'USER':
      return org.members.get(principal.userId)?.has(projectId) ?? false;
    case 'PROJECT':
      return principal.projectId === projectId;
  }
}

/** `projects/me`: all projects (organization key), the user's projects (user key), the bound one (project key). */
export function visibleProjects(org: Organization, principal: Principal): ProjectRecord[] {
  return org.projects.filter((p) => canAccess(org, principal, p.id));
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * A path id: any decimal int64 (an optional `-`, digits, leading zeros allowed) is accepted, else 400
 * `INVALID_PATH_PARAM`. Ids are positive and below 2^53, so an int64 outside that range names nothing: null, which
 * the lookups answer with 404.
 */
export function parsePathId(value: number | string, param: string): number | null {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw invalidPathParam(param);
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  }
  const m = /^(-?)0*(\d{0,19})$/.exec(value);
  if (!m || !/\d/.test(value)) throw invalidPathParam(param);
  const n = BigInt(`${m[1]}${m[2] || '0'}`);
  if (n < INT64_MIN || n > INT64_MAX) throw invalidPathParam(param);
  return n > 0n && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : null;
}

/** The project of an explicit path id: 404 when unknown, 403 when the key may not access it (section 5.4). */
export function explicitProject(org: Organization, principal: Principal, projectId: number | null): ProjectRecord {
  const project = projectId === null ? undefined : org.projects.find((p) => p.id === projectId);
  if (!project) throw notFound('The project does not exist.');
  if (!canAccess(org, principal, project.id)) throw forbidden('The project is not accessible with this key.');
  return project;
}

/** The resolved project of the default-workflow endpoints; 403 when a user key is not a member of it. */
export function resolvedProject(org: Organization, principal: Principal): ProjectRecord {
  const id = resolvedProjectId(org, principal);
  const project = org.projects.find((p) => p.id === id);
  if (!project) throw notFound('The project does not exist.');
  if (!canAccess(org, principal, id)) throw forbidden('The default project is not accessible with this key.');
  return project;
}
