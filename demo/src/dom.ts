// Small DOM helpers: elements from a tag, attributes and children (no inline styles: the page's CSP forbids them),
// problem rendering, downloads, sizes.
import { AnonymizerError } from '../../src/errors/problem.ts';
import type { ProblemDetail } from '../../src/browser.ts';

export type Child = Node | string | number | null | undefined | false | readonly Child[];
type Listener = (event: never) => void;
export type Attrs = Record<string, string | number | boolean | null | undefined | Listener>;

/** Properties set as properties (their attribute is only the initial value). */
const PROPS = new Set(['value', 'checked', 'selected', 'indeterminate']);

function append(parent: Node, children: readonly Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(parent, c as readonly Child[]);
    else parent.appendChild(typeof c === 'object' ? (c as Node) : document.createTextNode(String(c)));
  }
}

function apply(el: Element, attrs: Attrs | null | undefined): void {
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(key.slice(2).toLowerCase(), value as EventListener);
    else if (PROPS.has(key)) (el as unknown as Record<string, unknown>)[key] = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
}

/** An HTML element: `h('button', { class: 'primary', onClick: run }, 'Run')`. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Attrs | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  apply(el, attrs);
  append(el, children);
  return el;
}

/** An SVG element. */
export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs?: Attrs | null, ...children: Child[]): SVGElementTagNameMap[K] {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  apply(el, attrs);
  append(el, children);
  return el;
}

/** Replaces an element's children. */
export function fill(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}

/** The element with this id (a programming error when it is missing). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing`);
  return el as T;
}

let ids = 0;
/** A unique id for label/aria wiring. */
export const uid = (prefix: string) => `${prefix}-${++ids}`;

/** The ProblemDetail of anything thrown: the engine's AnonymizerError carries one; anything else gets a generic one. */
export function problemOf(err: unknown): ProblemDetail {
  if (err instanceof AnonymizerError) return err.problem;
  const problem = (err as { problem?: ProblemDetail } | null)?.problem;
  if (problem && typeof problem.title === 'string') return problem;
  const message = err instanceof Error ? err.message : String(err);
  return { title: 'Something went wrong', status: 500, detail: message || 'An unexpected error occurred in this page.' };
}

/** A problem as people read it: the title, the detail, the field errors; the status and code small. */
export function problemView(problem: ProblemDetail, context?: string): HTMLElement {
  const code = [problem.status ? `HTTP ${problem.status}` : '', problem.problemCode ?? ''].filter(Boolean).join(' · ');
  return h(
    'div',
    { class: 'problem', role: 'alert' },
    h('p', { class: 'problem-title' }, context ? `${context}: ` : '', h('strong', null, problem.title)),
    problem.detail ? h('p', { class: 'problem-detail' }, problem.detail) : null,
    problem.errors?.length
      ? h(
          'ul',
          { class: 'problem-errors' },
          problem.errors.map((e) => h('li', null, h('code', null, e.field), ' ', e.message)),
        )
      : null,
    code ? h('p', { class: 'problem-code' }, code) : null,
  );
}

/** Saves bytes as a file (a blob: URL, revoked once the download started). */
export function download(data: BlobPart, fileName: string, type = 'application/octet-stream'): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = h('a', { href: url, download: fileName, class: 'visually-hidden' });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 1234567 → "1.2 MB". */
export function formatBytes(n: number): string {
  if (n < 1000) return `${n} B`;
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)} kB`;
  return `${(n / 1_000_000).toFixed(n < 10_000_000 ? 2 : 1)} MB`;
}

/** An ISO time as a short local one. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '–';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' });
}

/** A short message in the live region (screen readers) and as a toast. */
export function announce(message: string): void {
  const region = document.getElementById('toast');
  if (!region) return;
  region.textContent = message;
  region.classList.add('show');
  clearTimeout((region as unknown as { timer?: number }).timer);
  (region as unknown as { timer?: number }).timer = window.setTimeout(() => region.classList.remove('show'), 2600);
}

/** Copies text to the clipboard (the async API where allowed, else a selected textarea). */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = h('textarea', { class: 'visually-hidden', readonly: true, value: text });
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}
