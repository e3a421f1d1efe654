import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Docs that stay true (issue 38, step 8): every repository path the README and docs/ name in backticks exists. A
 * path counts when it starts with a top-level folder of the project; `*` matches within one name, `{a,b}` lists
 * alternatives, and a placeholder (`<format>`) or an ellipsis makes it an example, not a path.
 */

const root = join(import.meta.dirname, '..', '..', '..');
const TOP = /^(?:src|test|tools|docs|models|workers|eval|bin|demo|samples|examples)\//u;
const DOCS = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** `a/{b,c}/d` → `a/b/d`, `a/c/d`. */
function expand(path: string): string[] {
  const m = /\{([^{}]*)\}/u.exec(path);
  if (!m) return [path];
  return m[1]!.split(',').flatMap((alt) => expand(path.slice(0, m.index) + alt + path.slice(m.index + m[0].length)));
}

/** Whether a path exists, with `*` matching any characters of one name. */
function exists(path: string): boolean {
  const clean = path.replace(/\/$/u, '');
  if (!clean.includes('*')) return existsSync(join(root, clean));
  const dir = dirname(clean);
  if (dir.includes('*')) return false;
  const name = new RegExp(`^${clean.slice(dir.length + 1).replace(/[.+?^$()|[\]\\]/gu, '\\$&').replace(/\*/gu, '.*')}$`, 'u');
  return existsSync(join(root, dir)) && readdirSync(join(root, dir)).some((f) => name.test(f));
}

/** The repository paths a Markdown file names in backticks. */
function pathsIn(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/`([^`\s]+)`/gu)) {
    const path = m[1]!.replace(/[:#].*$/u, '').replace(/[),.;]+$/u, '');
    if (TOP.test(path) && !/[<>…]/u.test(path)) out.push(...expand(path));
  }
  return out;
}

describe('the paths the docs name exist', () => {
  it.each(DOCS)('%s', (file) => {
    expect(pathsIn(file).filter((p) => !exists(p))).toEqual([]);
  });

  it('reads the paths it checks (the test can fail)', () => {
    expect(pathsIn('docs/architecture.md').length).toBeGreaterThan(5);
    expect(exists('src/entities/document-entities.ts')).toBe(true);
    expect(exists('src/platform/browser/ner-*.ts')).toBe(true);
    expect(exists('src/api/anonymizer.ts')).toBe(false);
    expect(expand('tools/bench/fixtures/letter-{de,en}.txt')).toEqual(['tools/bench/fixtures/letter-de.txt', 'tools/bench/fixtures/letter-en.txt']);
  });
});
