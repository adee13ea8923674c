/**
 * House rules that a linter would otherwise enforce (STYLE.md, front end): no feature imports
 * another feature, nothing imports `app/` except `app/` and the entry, no barrel files,
 * kebab-case file names.
 */
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.d.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const files = Object.entries(sources).map(([path, text]) => ({ path: path.replace(/^\.\.\//, 'src/'), text }));

function imports(text: string): string[] {
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (m) => m[1] ?? m[2] ?? '',
  );
}

function resolve(from: string, spec: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const segment of spec.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

describe('source layout', () => {
  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it('has no imports between features', () => {
    const offenders = files.flatMap(({ path, text }) => {
      const own = /^src\/features\/([^/]+)\//.exec(path)?.[1];
      if (!own) return [];
      return imports(text)
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => resolve(path, spec))
        .filter((target) => target.startsWith('src/features/') && !target.startsWith(`src/features/${own}/`))
        .map((target) => `${path} → ${target}`);
    });
    expect(offenders).toEqual([]);
  });

  it('imports app/ only from app/ and the entry', () => {
    const offenders = files.flatMap(({ path, text }) => {
      if (path.startsWith('src/app/') || path === 'src/main.tsx' || path.startsWith('src/test/')) return [];
      return imports(text)
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => resolve(path, spec))
        .filter((target) => target.startsWith('src/app/'))
        .map((target) => `${path} → ${target}`);
    });
    expect(offenders).toEqual([]);
  });

  it('keeps the back office (src/admin) and the storefront apart: only the generated API types cross', () => {
    const relative = ({ path, text }: { path: string; text: string }) =>
      imports(text)
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => ({ path, target: resolve(path, spec) }));
    const intoAdmin = files
      .filter(({ path }) => !path.startsWith('src/admin/') && !path.startsWith('src/test/'))
      .flatMap(relative)
      .filter(({ target }) => target.startsWith('src/admin/'));
    const outOfAdmin = files
      .filter(({ path }) => path.startsWith('src/admin/') && !/\.test\.tsx?$/.test(path))
      .flatMap(relative)
      .filter(
        ({ target }) => !target.startsWith('src/admin/') && target !== 'src/api/schema' && target !== 'src/api/types',
      );
    expect([...intoAdmin, ...outOfAdmin].map(({ path, target }) => `${path} → ${target}`)).toEqual([]);
    // What the back office takes from src/api is types only: nothing of it reaches its bundle.
    const valueImports = files
      .filter(({ path }) => path.startsWith('src/admin/'))
      .flatMap(({ path, text }) =>
        [...text.matchAll(/^import\s+(?!type\b)[^'"]*from\s+['"](\.\.\/)+api\/(schema|types)['"]/gm)].map(() => path),
      );
    expect(valueImports).toEqual([]);
  });

  it('has no barrel files and only kebab-case names', () => {
    const names = files.map(({ path }) => path.split('/').pop() ?? '');
    expect(names.filter((n) => /^index\./.test(n))).toEqual([]);
    expect(names.filter((n) => !/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)*\.(ts|tsx)$/.test(n))).toEqual([]);
  });
});
