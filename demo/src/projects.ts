// 3. Projects and settings: the organization's projects (GET /projects/me), each one's stored upload configuration
// (GET /projects/{id}/config) with its own recognizers to edit, retention and whether originals are kept.
import type { ExternalUploadConfig, ProjectOverview, ReplacementConfig } from '../../src/browser.ts';
import { fill, formatTime, h, problemOf, problemView } from './dom.ts';
import { chip, LABEL_NAMES } from './labels.ts';
import { recognizersEditor } from './recognizers-editor.ts';
import { documentService } from './service.ts';

function describe(cfg: ReplacementConfig | null | undefined): string {
  if (!cfg) return 'pseudonym (PER-1 …)';
  switch (cfg.type) {
    case 'FULL_PSEUDONYMIZATION':
      return `replaced by “${cfg.pseudonym}”`;
    case 'PARTIAL_PSEUDONYMIZATION':
      return cfg.useNumericPartialPseudonymization
        ? `digits ${cfg.partialPseudonymizationStart} to ${cfg.partialPseudonymizationStop} → *`
        : `characters ${cfg.partialPseudonymizationStart} to ${cfg.partialPseudonymizationStop} → “${cfg.pseudonym}”`;
    case 'DATE_PSEUDONYMIZATION': {
      const parts = [cfg.replaceDay && 'day', cfg.replaceMonth && 'month', cfg.replaceYear && 'year'].filter(Boolean).join(', ');
      return `date: ${parts || 'nothing'} → * (${cfg.dateLocale}${cfg.showWeekday ? ', weekday shown' : ''})`;
    }
    case 'SUPPRESSION':
      return `${'*'.repeat(Math.min(cfg.suppressionLength, 12))} (${cfg.suppressionLength} characters)`;
  }
}

const hours = (n: number | null) => (n === null ? 'kept until deleted' : `deleted after ${n} h`);

function configView(config: ExternalUploadConfig): HTMLElement {
  const text = config.textAnonymization ?? {};
  const images = config.imageAnonymization?.labelsConfig ?? [];
  const lists = [...(text.blacklist ?? []).map((e) => ['always', e] as const), ...(text.whitelist ?? []).map((e) => ['never', e] as const)];
  return h(
    'div',
    { class: 'config' },
    h(
      'table',
      { class: 'data compact' },
      h('caption', null, 'Text labels'),
      h(
        'tbody',
        null,
        (text.labelsConfig ?? []).map((l) =>
          h('tr', null, h('th', { scope: 'row' }, chip(l.name), ' ', LABEL_NAMES[l.name]), h('td', null, describe(l.config))),
        ),
      ),
    ),
    h(
      'table',
      { class: 'data compact' },
      h('caption', null, 'In images'),
      h(
        'tbody',
        null,
        images.length
          ? images.map((l) =>
              h(
                'tr',
                null,
                h('th', { scope: 'row' }, l.name === 'face' ? 'Faces' : 'All text'),
                h('td', null, l.anonymizationType ?? 'MASK'),
              ),
            )
          : h('tr', null, h('td', null, 'nothing but the text labels')),
      ),
    ),
    lists.length
      ? h(
          'p',
          { class: 'small' },
          lists.map(([kind, e]) =>
            h('span', { class: 'list-entry' }, `${kind === 'always' ? 'Always' : 'Never'} anonymized: “${e.value}” `, chip(e.labelName)),
          ),
        )
      : null,
    h('details', null, h('summary', null, 'As JSON'), h('pre', { class: 'json' }, JSON.stringify(config, null, 2))),
  );
}

/** The stored configuration and the editor of its recognizers; the view follows each save. */
function configPanel(projectId: number, config: ExternalUploadConfig): HTMLElement {
  const view = h('div', null, configView(config));
  return h(
    'div',
    null,
    view,
    recognizersEditor(projectId, config, (saved) => fill(view, configView(saved))),
  );
}

function projectCard(
  p: ProjectOverview,
  config: ExternalUploadConfig | null,
  problem: HTMLElement | null,
  isDefault: boolean,
): HTMLElement {
  return h(
    'article',
    { class: 'card project', 'aria-labelledby': `project-${p.id}` },
    h(
      'div',
      { class: 'row between wrap' },
      h('h3', { id: `project-${p.id}` }, p.name, h('span', { class: 'muted' }, ` #${p.id}`)),
      h(
        'div',
        { class: 'row gap-s wrap' },
        isDefault ? h('span', { class: 'badge' }, 'default') : null,
        p.isTemporary ? h('span', { class: 'badge busy' }, 'temporary') : null,
        h('span', { class: `badge ${p.isStoringPII ? 'ok' : 'bad'}` }, p.isStoringPII ? 'keeps originals' : 'no originals'),
      ),
    ),
    p.description ? h('p', null, p.description) : null,
    h(
      'dl',
      { class: 'facts' },
      h('dt', null, 'Documents'),
      h('dd', null, String(p.documentCount), p.lastUpdatedDocumentDate ? ` · last change ${formatTime(p.lastUpdatedDocumentDate)}` : ''),
      h('dt', null, 'Retention'),
      h('dd', null, `completed: ${hours(p.deleteCompletedDocumentsAfterHours)}; others: ${hours(p.deleteNonCompletedDocumentsAfterHours)}`),
      h('dt', null, 'Originals and PII records'),
      h('dd', null, p.isStoringPII ? 'stored (downloadable)' : 'not stored: only the anonymized result is kept'),
    ),
    problem ?? (config ? configPanel(p.id, config) : null),
  );
}

export async function mountProjects(root: HTMLElement): Promise<void> {
  fill(root, h('p', { class: 'muted card' }, 'Reading the projects …'));
  try {
    const service = await documentService();
    const [projects, defaultConfig] = await Promise.all([service.projectsMe(), service.defaultConfig()]);
    const cards = await Promise.all(
      projects.map(async (p, i) => {
        try {
          return projectCard(p, await service.projects(p.id).config(), null, i === 0);
        } catch (err) {
          return projectCard(p, null, problemView(problemOf(err), 'Configuration'), i === 0);
        }
      }),
    );
    const key = service.apiKey;
    fill(
      root,
      h(
        'div',
        { class: 'card' },
        h(
          'p',
          null,
          `Organization ${projects[0]?.orgId ?? 1} with ${projects.length} projects. The page acts with an organization key (`,
          h('code', null, `${key.slice(0, 10)}…${key.slice(-4)}`),
          '), generated in this tab; nothing is registered anywhere.',
        ),
        h(
          'p',
          { class: 'muted small' },
          `Uploads without a configuration use the default project’s (${defaultConfig.textAnonymization?.labelsConfig?.length ?? 0} text labels). The setup is in demo/src/service.ts.`,
        ),
      ),
      h('div', { class: 'projects' }, cards),
    );
  } catch (err) {
    fill(root, problemView(problemOf(err), 'The projects could not be read'));
  }
}
