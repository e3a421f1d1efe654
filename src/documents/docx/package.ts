import { invalidFile } from '../../errors/problem.js';
import type { XmlDocument, XmlElement } from './xml.js';
import { NS, childElements, parseXml, serializeXml } from './xml.js';

/** One relationship of a part (or of the package), as read from its `.rels` part. */
export interface Relationship {
  id: string;
  type: string;
  /** The target as written (a URI for external targets). */
  target: string;
  external: boolean;
  /** The part it points to (internal targets only), resolved against the source part. */
  targetPart: string | null;
  el: XmlElement;
}

export const CONTENT_TYPES = '[Content_Types].xml';
const OFFICE_DOCUMENT = /\/officeDocument$/;

/**
 * An Open Packaging Conventions package (the ZIP of a DOCX): its parts by name (no leading slash), the XML parts parsed
 * once and written back once, content types and relationships.
 */
export class WordPackage {
  private readonly xmlCache = new Map<string, XmlDocument>();
  /** Lower-cased part name → the name as stored (OPC part names compare case-insensitively). */
  private readonly names = new Map<string, string>();

  constructor(readonly parts: Map<string, Uint8Array>) {
    for (const name of parts.keys()) this.names.set(name.toLowerCase(), name);
    if (!this.has(CONTENT_TYPES)) throw invalidFile('The Word document is damaged: it has no [Content_Types].xml.');
    this.xml(CONTENT_TYPES);
  }

  /** The stored name of a part, or null. */
  find(name: string): string | null {
    return this.names.get(name.toLowerCase()) ?? null;
  }

  has(name: string): boolean {
    return this.find(name) !== null;
  }

  /** The parsed XML of a part (parsed once; edits are written back by `serialize`). */
  xml(name: string): XmlDocument {
    const stored = this.find(name);
    if (stored === null) throw invalidFile(`The Word document is damaged: its part ${name} is missing.`);
    let doc = this.xmlCache.get(stored);
    if (!doc) {
      doc = parseXml(this.parts.get(stored)!, stored);
      this.xmlCache.set(stored, doc);
    }
    return doc;
  }

  /** Replaces a part's bytes (an edited XML part is written by `serialize` instead). */
  set(name: string, bytes: Uint8Array): void {
    const stored = this.find(name) ?? name;
    this.parts.set(stored, bytes);
    this.names.set(stored.toLowerCase(), stored);
    this.xmlCache.delete(stored);
  }

  /** Removes a part, its own relationships part and its content-type override. */
  drop(name: string): void {
    const stored = this.find(name);
    if (stored === null) return;
    this.parts.delete(stored);
    this.names.delete(stored.toLowerCase());
    this.xmlCache.delete(stored);
    const rels = relsPartOf(stored);
    if (rels !== stored) this.drop(rels);
    for (const o of childElements(this.xml(CONTENT_TYPES).documentElement!))
      if (o.localName === 'Override' && samePart(o.getAttribute('PartName') ?? '', stored)) o.parentNode!.removeChild(o);
  }

  /** The content type of a part: its Override, else the Default of its extension, else ''. */
  contentType(name: string): string {
    const types = childElements(this.xml(CONTENT_TYPES).documentElement!);
    const override = types.find((o) => o.localName === 'Override' && samePart(o.getAttribute('PartName') ?? '', name));
    if (override) return override.getAttribute('ContentType') ?? '';
    const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
    const def = types.find((d) => d.localName === 'Default' && (d.getAttribute('Extension') ?? '').toLowerCase() === ext);
    return def?.getAttribute('ContentType') ?? '';
  }

  /** Gives one part its own content type (an Override), whatever its extension says. */
  setContentType(name: string, contentType: string): void {
    const root = this.xml(CONTENT_TYPES).documentElement!;
    for (const o of childElements(root))
      if (o.localName === 'Override' && samePart(o.getAttribute('PartName') ?? '', name)) root.removeChild(o);
    const o = root.ownerDocument!.createElementNS(NS.ct, 'Override');
    o.setAttribute('PartName', `/${name}`);
    o.setAttribute('ContentType', contentType);
    root.appendChild(o);
  }

  /** The relationships of a part ('' for the package's own). */
  relationships(source: string): Relationship[] {
    const rels = this.find(relsPartOf(source));
    if (rels === null) return [];
    return childElements(this.xml(rels).documentElement!)
      .filter((el) => el.localName === 'Relationship')
      .map((el) => {
        const target = el.getAttribute('Target') ?? '';
        const external = el.getAttribute('TargetMode') === 'External';
        return {
          id: el.getAttribute('Id') ?? '',
          type: el.getAttribute('Type') ?? '',
          target,
          external,
          targetPart: external ? null : resolveTarget(source, target),
          el,
        };
      });
  }

  /** The main document part, named by the package's officeDocument relationship. */
  mainPart(): string {
    const rel = this.relationships('').find((r) => OFFICE_DOCUMENT.test(r.type) && r.targetPart !== null);
    const name = rel?.targetPart ?? null;
    if (name === null || !this.has(name)) throw invalidFile('The Word document is damaged: it names no main document part.');
    return this.find(name)!;
  }

  /** Every part name, in stored order. */
  partNames(): string[] {
    return [...this.parts.keys()];
  }

  /** Writes back every parsed XML part; returns the parts in stored order. */
  serialize(): Array<[string, Uint8Array]> {
    for (const [name, doc] of this.xmlCache) this.parts.set(name, serializeXml(doc));
    return [...this.parts];
  }
}

function samePart(partName: string, name: string): boolean {
  return partName.replace(/^\//, '').toLowerCase() === name.toLowerCase();
}

/** `word/document.xml` → `word/_rels/document.xml.rels`; the package ('') → `_rels/.rels`. */
export function relsPartOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

/** The part a relative (or absolute) internal target names, or null when it leaves the package. */
export function resolveTarget(source: string, target: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(target.split('#')[0]!);
  } catch {
    return null;
  }
  const base = path.startsWith('/') ? [] : source.split('/').slice(0, -1);
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (base.length === 0) return null;
      base.pop();
    } else base.push(seg);
  }
  return base.join('/');
}
