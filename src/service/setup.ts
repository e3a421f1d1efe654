import * as v from 'valibot';
import { validationFailed } from '../errors/problem.js';
import { ExternalUploadConfigSchema, parseOrThrow } from '../validation/schemas.js';
import type { ExternalUploadConfig } from '../spec/types.js';
import type { ProjectRecord } from '../store/records.js';
import { configRecognizers } from '../engine/recognizers.js';

/** The three credential kinds of section 5. */
export type KeyKind = 'USER' | 'ORGANIZATION' | 'PROJECT';

/** Who a key acts as. */
export type Principal = { kind: 'ORGANIZATION' } | { kind: 'USER'; userId: number } | { kind: 'PROJECT'; projectId: number };

const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER));
const hours = v.nullish(v.pipe(v.number(), v.minValue(0)));

const ProjectSetupSchema = v.object({
  id,
  name: v.pipe(v.string(), v.minLength(1)),
  description: v.optional(v.string(), ''),
  isTemporary: v.optional(v.boolean(), false),
  deleteCompletedDocumentsAfterHours: v.optional(hours, null),
  deleteNonCompletedDocumentsAfterHours: v.optional(hours, null),
  isStoringPII: v.optional(v.boolean(), true),
  documentCorrection: v.optional(v.boolean(), false),
  config: v.optional(ExternalUploadConfigSchema),
});

const KeySchema = v.variant('kind', [
  v.object({ kind: v.literal('ORGANIZATION'), key: v.pipe(v.string(), v.minLength(16)) }),
  v.object({ kind: v.literal('USER'), key: v.pipe(v.string(), v.minLength(16)), userId: id }),
  v.object({ kind: v.literal('PROJECT'), key: v.pipe(v.string(), v.minLength(16)), projectId: id }),
]);

const SetupSchema = v.object({
  orgId: v.optional(id, 1),
  defaultProjectId: v.optional(id),
  projects: v.optional(v.array(ProjectSetupSchema)),
  users: v.optional(v.array(v.object({ id, projectIds: v.array(id) })), []),
  keys: v.optional(v.array(KeySchema), []),
});

/** The organization an engine serves: its projects (one default), users and API keys. Everything is optional. */
export type OrganizationSetup = v.InferInput<typeof SetupSchema>;
export type ProjectSetup = v.InferInput<typeof ProjectSetupSchema>;
export type ApiKeySetup = v.InferInput<typeof KeySchema>;

/** A validated organization. */
export interface Organization {
  orgId: number;
  defaultProjectId: number;
  projects: ProjectRecord[];
  /** User id → ids of the projects the user is a member of. */
  members: ReadonlyMap<number, ReadonlySet<number>>;
  keys: ReadonlyMap<string, Principal>;
  /** The key the TypeScript API uses when none is given (the first organization key). */
  defaultKey: string;
}

/** Name of the project created when the setup lists none. */
export const DEFAULT_PROJECT_NAME = 'Default project';

/** A fresh organization key: 32 random bytes, hex, with a recognisable prefix. */
export function generateApiKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return 'la_org_' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Validates a setup (422 `VALIDATION_FAILED` naming the field) and fills its defaults: organization 1, one default
 * project (id 1) when none is listed, and a generated organization key when none is given.
 */
export function createOrganization(setup: OrganizationSetup = {}, defaultConfig: ExternalUploadConfig = {}): Organization {
  const s = parseOrThrow(SetupSchema, setup, 'setup');
  const projectSetups =
    s.projects && s.projects.length > 0 ? s.projects : [v.parse(ProjectSetupSchema, { id: 1, name: DEFAULT_PROJECT_NAME })];
  const projects: ProjectRecord[] = projectSetups.map((p) => ({
    id: p.id,
    orgId: s.orgId,
    name: p.name,
    description: p.description,
    isTemporary: p.isTemporary,
    deleteCompletedDocumentsAfterHours: p.deleteCompletedDocumentsAfterHours ?? null,
    deleteNonCompletedDocumentsAfterHours: p.deleteNonCompletedDocumentsAfterHours ?? null,
    isStoringPII: p.isStoringPII,
    documentCorrection: p.documentCorrection,
    config: (p.config as ExternalUploadConfig | undefined) ?? defaultConfig,
  }));
  // Our extension: a project's ad-hoc recognizers are checked when the setup is written, not at its first document.
  projects.forEach((p, i) => configRecognizers(p.config.textAnonymization, `setup.projects[${i}].config`));
  const ids = new Set(projects.map((p) => p.id));
  const invalid = (field: string, message: string): never => {
    throw validationFailed([{ field, code: 'InvalidValue', message }]);
  };
  if (ids.size !== projects.length) invalid('setup.projects', 'project ids must be unique');
  const defaultProjectId = s.defaultProjectId ?? projects[0]!.id;
  if (!ids.has(defaultProjectId)) invalid('setup.defaultProjectId', 'must name a listed project');

  const members = new Map<number, Set<number>>();
  for (const u of s.users) {
    for (const pid of u.projectIds) if (!ids.has(pid)) invalid('setup.users', 'must name listed projects');
    members.set(u.id, new Set(u.projectIds));
  }
  const keys = new Map<string, Principal>();
  for (const k of s.keys) {
    if (keys.has(k.key)) invalid('setup.keys', 'keys must be unique');
    if (k.kind === 'PROJECT' && !ids.has(k.projectId)) invalid('setup.keys', 'a project key must name a listed project');
    if (k.kind === 'USER' && !members.has(k.userId)) invalid('setup.keys', 'a user key must name a listed user');
    keys.set(
      k.key,
      k.kind === 'ORGANIZATION'
        ? { kind: k.kind }
        : k.kind === 'USER'
          ? { kind: k.kind, userId: k.userId }
          : { kind: k.kind, projectId: k.projectId },
    );
  }
  let defaultKey = s.keys.find((k) => k.kind === 'ORGANIZATION')?.key;
  if (!defaultKey) {
    defaultKey = generateApiKey();
    keys.set(defaultKey, { kind: 'ORGANIZATION' });
  }
  return { orgId: s.orgId, defaultProjectId, projects, members, keys, defaultKey };
}
