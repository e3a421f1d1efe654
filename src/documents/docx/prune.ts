import type { WordPackage } from './package.js';
import { CONTENT_TYPES } from './package.js';
import { ELEMENT_NODE, NS, childElements, remove } from './xml.js';
import type { XmlElement } from './xml.js';

const HYPERLINK = /\/hyperlink$/;
const RELS = /^(.*?)_rels\/([^/]*)\.rels$/;

/** The part a `.rels` part belongs to ('' for the package's own). */
function sourceOf(relsPart: string): string | null {
  const m = RELS.exec(relsPart);
  return m ? `${m[1]}${m[2]}` : null;
}

/**
 * After parts were dropped: removes every relationship that points to a part no longer there (or never there: a
 * dangling relationship, reliability D6) and every external one but hyperlinks (template paths, linked files and
 * images name places on the author's machine), then the elements that used them (an OLE object, a linked picture's
 * link), and content-type overrides of missing parts. Returns how many relationships went.
 */
export function pruneRelationships(pkg: WordPackage): number {
  let removed = 0;
  for (const relsPart of pkg.partNames().filter((n) => n.endsWith('.rels'))) {
    const source = sourceOf(relsPart);
    if (source === null || (source !== '' && !pkg.has(source))) {
      pkg.drop(relsPart);
      continue;
    }
    const gone = new Set<string>();
    for (const rel of pkg.relationships(source)) {
      const keep = rel.external ? HYPERLINK.test(rel.type) : rel.targetPart !== null && pkg.has(rel.targetPart);
      if (keep) continue;
      gone.add(rel.id);
      remove(rel.el);
      removed++;
    }
    if (gone.size > 0 && source !== '' && /\.xml$/i.test(source)) removeUsers(pkg.xml(source).documentElement!, gone);
  }
  const types = pkg.xml(CONTENT_TYPES).documentElement!;
  for (const o of childElements(types))
    if (o.localName === 'Override' && !pkg.has((o.getAttribute('PartName') ?? '').replace(/^\//, ''))) remove(o);
  return removed;
}

/** Elements that reference a removed relationship go; a picture's `r:link` (a linked copy of an embedded one) goes alone. */
function removeUsers(root: XmlElement, gone: ReadonlySet<string>): void {
  const users: Array<{ el: XmlElement; attr: string }> = [];
  const stack: XmlElement[] = [root];
  while (stack.length > 0) {
    const el = stack.pop()!;
    const attrs = el.attributes;
    for (let i = 0; i < attrs.length; i++) {
      const a = attrs.item(i)!;
      if (a.namespaceURI === NS.r && gone.has(a.value)) users.push({ el, attr: a.name });
    }
    for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === ELEMENT_NODE) stack.push(n as XmlElement);
  }
  for (const { el, attr } of users) {
    if (attr.endsWith(':link')) el.removeAttribute(attr);
    else remove(el);
  }
}
