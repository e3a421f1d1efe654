/**
 * What the anonymized DOCX keeps, by content type (an allow-list: a part not named here is dropped, with the
 * relationships that point to it).
 * - `story`: text the reader sees (body, headers, footers, notes, glossary, SmartArt data, charts), detected and edited;
 * - `copy`: a cached second rendering of a story (SmartArt drawing), edited like one but not counted again;
 * - `settings`: kept with personal settings removed (`settings.ts`);
 * - `image`: re-encoded through the image pipeline (`media.ts`);
 * - `keep`: formatting only (styles, numbering, fonts, theme, layouts), kept as is and still verified;
 * - `drop`: everything else: document properties (core, app, custom), comments and people, custom XML data, macros,
 *   embedded and ActiveX objects, alternative-format chunks, thumbnails, printer settings.
 */
export type PartRole = 'main' | 'story' | 'copy' | 'settings' | 'image' | 'keep' | 'drop';

const WML = 'application/vnd.openxmlformats-officedocument.wordprocessingml.';
const DML = 'application/vnd.openxmlformats-officedocument.drawingml.';

const MAIN = new Set(
  [
    `${WML}document.main+xml`,
    `${WML}template.main+xml`,
    'application/vnd.ms-word.document.macroEnabled.main+xml',
    'application/vnd.ms-word.template.macroEnabledTemplate.main+xml',
  ].map((t) => t.toLowerCase()),
);

const ROLES: ReadonlyMap<string, PartRole> = new Map<string, PartRole>(
  (
    [
      [`${WML}header+xml`, 'story'],
      [`${WML}footer+xml`, 'story'],
      [`${WML}footnotes+xml`, 'story'],
      [`${WML}endnotes+xml`, 'story'],
      [`${WML}document.glossary+xml`, 'story'],
      [`${DML}diagramData+xml`, 'story'],
      [`${DML}chart+xml`, 'story'],
      ['application/vnd.ms-office.drawingml.diagramDrawing+xml', 'copy'],
      [`${WML}settings+xml`, 'settings'],
      [`${WML}styles+xml`, 'keep'],
      ['application/vnd.ms-word.stylesWithEffects+xml', 'keep'],
      [`${WML}numbering+xml`, 'keep'],
      [`${WML}fontTable+xml`, 'keep'],
      [`${WML}webSettings+xml`, 'keep'],
      ['application/vnd.openxmlformats-officedocument.theme+xml', 'keep'],
      [`${DML}diagramLayout+xml`, 'keep'],
      [`${DML}diagramStyle+xml`, 'keep'],
      [`${DML}diagramColors+xml`, 'keep'],
      ['application/vnd.ms-office.chartstyle+xml', 'keep'],
      ['application/vnd.ms-office.chartcolorstyle+xml', 'keep'],
      ['application/vnd.openxmlformats-officedocument.obfuscatedFont', 'keep'],
      ['application/vnd.openxmlformats-package.relationships+xml', 'keep'],
    ] as Array<[string, PartRole]>
  ).map(([t, r]) => [t.toLowerCase(), r]),
);

/** The role of a part from its content type (compared case-insensitively, as MIME types are). */
export function roleOf(contentType: string): PartRole {
  const type = contentType.toLowerCase().split(';')[0]!.trim();
  if (MAIN.has(type)) return 'main';
  if (type.startsWith('image/')) return 'image';
  return ROLES.get(type) ?? 'drop';
}
