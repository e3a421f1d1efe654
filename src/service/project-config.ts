import { configRecognizers } from '../engine/recognizers.js';
import { forbidden } from '../errors/problem.js';
import type { TextCallOptions } from '../engine/text-engine.js';
import type { ExternalUploadConfig } from '../spec/types.js';
import type { DocumentStore } from '../store/store.js';
import { parseUploadConfig } from '../validation/schemas.js';
import type { Organization, Principal } from './setup.js';

/**
 * Our extension `PUT /projects/{projectId}/config` (organization keys only: 403 for others): a project's new stored
 * configuration, checked as an upload's is
 * (422 VALIDATION_FAILED naming the field, each ad-hoc recognizer included), written to the store (where runners read
 * it) and then to the running organization. The setup stays the source at start, when it is synced into the store
 * again (docs/decisions.md, "Recognizers in a project's configuration").
 */
export async function storeProjectConfig(
  store: DocumentStore,
  org: Organization,
  principal: Principal,
  projectId: number,
  raw: unknown,
): Promise<ExternalUploadConfig> {
  // What a project's documents are redacted for is the organization's to say: a project or user key that may read the
  // configuration may not weaken it for the others.
  if (principal.kind !== 'ORGANIZATION') throw forbidden("Only an organization key may change a project's configuration.");
  const config = parseUploadConfig(raw);
  configRecognizers(config.textAnonymization, '');
  const at = org.projects.findIndex((p) => p.id === projectId);
  const updated = { ...org.projects[at]!, config };
  await store.syncProjects([updated]);
  org.projects[at] = updated;
  return config;
}

/**
 * A text request's options with the resolved project's ad-hoc recognizers (our extension): a call that carries its own
 * configuration keeps it, as an upload's own configuration wins over its project's.
 */
export function withProjectRecognizers(project: ExternalUploadConfig, options: TextCallOptions | undefined): TextCallOptions | undefined {
  const stored = project.textAnonymization?.recognizers;
  return stored && !options?.config ? { ...options, config: { textAnonymization: { recognizers: stored } } } : options;
}
