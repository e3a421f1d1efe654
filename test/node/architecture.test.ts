import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** House rules that a type checker cannot see, checked over the source tree. */
const root = join(import.meta.dirname, '..', '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const shipped = [...files(join(root, 'src')), ...files(join(root, 'workers'))].map((path) => ({
  path: relative(root, path),
  code: readFileSync(path, 'utf8'),
}));

describe('architecture', () => {
  it('logs nothing outside the CLI (no PII in logs)', () => {
    const offenders = shipped.filter((f) => !f.path.startsWith('src/cli/') && /\bconsole\.\w+\(/.test(f.code)).map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  it('names no remote address in shipped code', () => {
    // XML namespace names of Office files (OOXML, W3C) are identifiers compared as strings, never fetched.
    const namespaces = /https?:\/\/(?:schemas\.openxmlformats\.org|schemas\.microsoft\.com|www\.w3\.org)\/[\w./-]*/g;
    const offenders = shipped
      .filter((f) =>
        /https?:\/\/(?!localhost|127\.0\.0\.1)[\w.-]+\.\w+/.test(f.code.replace(/^\s*(\/\/|\*).*$/gm, '').replace(namespaces, '')),
      )
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  it('keeps detection, replacement and text pure of I/O layers', () => {
    const pure = shipped.filter((f) => /^src\/(detection|replacement|text|dates|spec|validation|errors|bytes|util)\//.test(f.path));
    const offenders = pure
      .filter(
        (f) =>
          /from '(\.\.\/)+(engine|cli|platform|service|jobs|store|http|documents|inference)\//.test(f.code) || /from 'node:/.test(f.code),
      )
      .map((f) => f.path);
    expect(pure.length).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
  });

  it('throws only AnonymizerErrors from the API face (no string throws anywhere)', () => {
    const offenders = shipped.filter((f) => /\bthrow\s+['"`]/.test(f.code)).map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  it('keeps worker entry points thin', () => {
    for (const f of shipped.filter((s) => s.path.startsWith('workers/'))) {
      expect(f.code.split('\n').length, f.path).toBeLessThanOrEqual(40);
    }
  });

  it("has no import cycle between files, type imports included (ESLint's no-cycle skips those)", () => {
    const sources = new Map(shipped.filter((f) => f.path.startsWith('src/')).map((f) => [f.path, f.code]));
    const edges = new Map<string, string[]>();
    for (const [path, code] of sources) {
      const targets = [...code.matchAll(/from '(\.{1,2}\/[^']+)'/g)]
        .map((m) => normalize(join(dirname(path), m[1]!.replace(/\.js$/, '.ts'))))
        .filter((t) => sources.has(t));
      edges.set(path, targets);
    }
    // Depth-first search: a file met again while still on the path closes a cycle.
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (path: string, trail: string[]) => {
      if (state.get(path) === 'done') return;
      if (state.get(path) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(path)), path].join(' -> '));
        return;
      }
      state.set(path, 'open');
      for (const next of edges.get(path) ?? []) visit(next, [...trail, path]);
      state.set(path, 'done');
    };
    for (const path of sources.keys()) visit(path, []);
    expect(sources.size).toBeGreaterThan(100);
    expect(cycles).toEqual([]);
  });
});
