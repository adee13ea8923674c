/**
 * The web app's layout rules, checked on the sources themselves (docs/architecture.md, "Floors"):
 *
 * - The storefront's folders are floors, from the top: app → features → themes → ui → domain →
 *   api → lib. A file imports only its own floor and the floors below it (to its right); the entry
 *   (src/main.tsx) is app's.
 * - No feature imports another feature; nothing imports app/ except app/ and the entry.
 * - The back office (src/admin) is an app of its own: it imports itself, lib/ and, as types only,
 *   api/schema and api/types; nothing of the storefront imports it.
 * - No cycle between top-level folders.
 * - src/test/ (the test harness) may import anything, and only test code imports it: tests and the
 *   helpers only tests use. Tests otherwise keep the floors like the code they test.
 * - No barrel files; kebab-case file names.
 *
 * A broken rule fails with the offending `importer → imported` pairs.
 */
import { describe, expect, it } from 'vitest';

interface Source {
  path: string;
  text: string;
}

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.d.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
// Vite names this folder's own files `./…` and the others `../…`.
const files: Source[] = Object.entries(sources).map(([path, text]) => ({
  path: path.replace(/^\.\//, 'src/app/').replace(/^\.\.\//, 'src/'),
  text,
}));

/** The storefront's floors, top first: a folder may import only itself and the folders after it. */
const FLOORS = ['app', 'features', 'themes', 'ui', 'domain', 'api', 'lib'] as const;
const ENTRIES = ['src/main.tsx', 'src/admin/main.tsx'];

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

interface Edge {
  path: string;
  target: string;
}

/** Every relative import of the sources, resolved to the imported path (without its extension). */
function edgesOf(sources: readonly Source[]): Edge[] {
  return sources.flatMap(({ path, text }) =>
    imports(text)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => ({ path, target: resolve(path, spec) })),
  );
}

const show = (edges: readonly Edge[]) => edges.map(({ path, target }) => `${path} → ${target}`);

/** The top-level folder of a path under src/ (`main.tsx`, the storefront's entry, counts as app). */
function folderOf(path: string): string | null {
  if (!path.startsWith('src/')) return null;
  if (path === 'src/main.tsx') return 'app';
  const rest = path.slice('src/'.length);
  return rest.includes('/') ? (rest.split('/')[0] ?? null) : null;
}

const floorOf = (path: string) => FLOORS.indexOf(folderOf(path) as (typeof FLOORS)[number]);
const isTest = (path: string) => /\.test\.tsx?$/.test(path) || path.startsWith('src/test/');

/** Imports that go up a floor (or from the storefront into a folder that is no floor). */
function upwardImports(sources: readonly Source[]): Edge[] {
  return edgesOf(sources.filter(({ path }) => floorOf(path) >= 0)).filter(({ path, target }) => {
    const folder = folderOf(target);
    if (folder === null || folder === 'test' || folder === 'admin') return false; // rules of their own
    return floorOf(target) < floorOf(path);
  });
}

/** Imports from one feature folder into another. */
function crossFeatureImports(sources: readonly Source[]): Edge[] {
  return edgesOf(sources).filter(({ path, target }) => {
    const own = /^src\/features\/([^/]+)\//.exec(path)?.[1];
    return own !== undefined && target.startsWith('src/features/') && !target.startsWith(`src/features/${own}/`);
  });
}

/** The imports that tie top-level folders into a cycle: from a folder into one that imports it back. */
function folderCycles(edges: readonly Edge[]): Edge[] {
  const graph = new Map<string, Set<string>>();
  for (const { path, target } of edges) {
    const from = folderOf(path);
    const to = folderOf(target);
    if (from === null || to === null || from === to) continue;
    graph.set(from, (graph.get(from) ?? new Set()).add(to));
  }
  const reaches = (from: string, to: string): boolean => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length > 0) {
      const node = stack.pop() as string;
      if (node === to) return true;
      if (seen.has(node)) continue;
      seen.add(node);
      stack.push(...(graph.get(node) ?? []));
    }
    return false;
  };
  return edges.filter(({ path, target }) => {
    const from = folderOf(path);
    const to = folderOf(target);
    return from !== null && to !== null && from !== to && reaches(to, from);
  });
}

/**
 * Cycle edges one line per pair of folders, with one of its imports, the pairs with the fewest
 * imports first: the import that closed the cycle is usually a lonely one.
 */
function byFolders(edges: readonly Edge[]): string[] {
  const pairs = new Map<string, Edge[]>();
  for (const edge of edges) {
    const key = `${folderOf(edge.path)} → ${folderOf(edge.target)}`;
    pairs.set(key, [...(pairs.get(key) ?? []), edge]);
  }
  return [...pairs]
    .sort(([, a], [, b]) => a.length - b.length)
    .map(
      ([key, [first, ...rest]]) =>
        `${key}: ${show(first ? [first] : [])[0]}${rest.length ? ` (and ${rest.length} more)` : ''}`,
    );
}

/** The files reachable from the entries through imports: what ships. */
function shipped(sources: readonly Source[]): Set<string> {
  const byModule = new Map(sources.map((source) => [source.path.replace(/\.tsx?$/, ''), source]));
  const reached = new Set<string>();
  const stack = sources.filter(({ path }) => ENTRIES.includes(path));
  while (stack.length > 0) {
    const source = stack.pop() as Source;
    if (reached.has(source.path)) continue;
    reached.add(source.path);
    for (const { target } of edgesOf([source])) {
      const next = byModule.get(target);
      if (next) stack.push(next);
    }
  }
  return reached;
}

describe('source layout', () => {
  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(30);
    expect(files.filter(({ path }) => !path.startsWith('src/'))).toEqual([]);
    expect(files.map(({ path }) => path)).toContain('src/app/router.tsx');
    const entries = files.filter(({ path }) => ENTRIES.includes(path)).map(({ path }) => path);
    expect(entries.sort()).toEqual([...ENTRIES].sort());
  });

  it('imports only down the floors: app → features → themes → ui → domain → api → lib', () => {
    expect(show(upwardImports(files))).toEqual([]);
  });

  it('has no imports between features', () => {
    expect(show(crossFeatureImports(files))).toEqual([]);
  });

  it('imports app/ only from app/ and the entry', () => {
    const offenders = edgesOf(
      files.filter(
        ({ path }) => !path.startsWith('src/app/') && path !== 'src/main.tsx' && !path.startsWith('src/test/'),
      ),
    ).filter(({ target }) => target.startsWith('src/app/'));
    expect(show(offenders)).toEqual([]);
  });

  it('has no import cycle between top-level folders', () => {
    const production = files.filter(({ path }) => !path.startsWith('src/test/'));
    const edges = edgesOf(production).filter(({ target }) => !target.startsWith('src/test/'));
    expect(byFolders(folderCycles(edges))).toEqual([]);
  });

  it('lets only test code import the test harness (src/test)', () => {
    const ships = shipped(files);
    // Most of the code ships (the rest is tests and their helpers); the entries reach it all.
    expect(ships.size).toBeGreaterThan(files.filter(({ path }) => !isTest(path)).length * 0.9);
    const offenders = edgesOf(files).filter(
      ({ path, target }) => target.startsWith('src/test/') && !isTest(path) && ships.has(path),
    );
    expect(show(offenders)).toEqual([]);
  });

  it('keeps the back office (src/admin) and the storefront apart: only lib/ and the generated API types cross', () => {
    const intoAdmin = edgesOf(
      files.filter(({ path }) => !path.startsWith('src/admin/') && !path.startsWith('src/test/')),
    ).filter(({ target }) => target.startsWith('src/admin/'));
    const outOfAdmin = edgesOf(
      files.filter(({ path }) => path.startsWith('src/admin/') && !/\.test\.tsx?$/.test(path)),
    ).filter(
      ({ target }) =>
        !target.startsWith('src/admin/') &&
        !target.startsWith('src/lib/') &&
        target !== 'src/api/schema' &&
        target !== 'src/api/types',
    );
    expect(show([...intoAdmin, ...outOfAdmin])).toEqual([]);
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

describe('the layout checks themselves', () => {
  // Synthetic sources, so that a check that stopped seeing imports cannot pass silently.
  const synthetic: Source[] = [
    { path: 'src/lib/format.ts', text: "import { cartKeys } from '../features/cart/cart-api';\n" },
    { path: 'src/ui/price.tsx', text: "import type { Cart } from '../domain/cart/cart-store';\n" },
    { path: 'src/domain/cart/cart-store.ts', text: "const layer = import('../../themes/registry');\n" },
    { path: 'src/features/cart/cart-page.tsx', text: "export { OrderList } from '../orders/order-list';\n" },
    { path: 'src/features/orders/order-list.tsx', text: "import { api } from '../../api/client';\n" },
  ];

  it('catches an upward import, static or dynamic, and names both files', () => {
    expect(show(upwardImports(synthetic))).toEqual([
      'src/lib/format.ts → src/features/cart/cart-api',
      'src/domain/cart/cart-store.ts → src/themes/registry',
    ]);
  });

  it('catches an import between features', () => {
    expect(show(crossFeatureImports(synthetic))).toEqual([
      'src/features/cart/cart-page.tsx → src/features/orders/order-list',
    ]);
  });

  it('catches a cycle between folders, and only the imports that make it', () => {
    const cycle: Source[] = [
      { path: 'src/lib/format.ts', text: "import { Price } from '../ui/price';\n" },
      { path: 'src/ui/price.tsx', text: "import { formatYen } from '../lib/format';\n" },
      { path: 'src/ui/date-text.tsx', text: "import { api } from '../api/client';\n" },
    ];
    expect(show(folderCycles(edgesOf(cycle)))).toEqual([
      'src/lib/format.ts → src/ui/price',
      'src/ui/price.tsx → src/lib/format',
    ]);
    expect(byFolders(folderCycles(edgesOf(cycle)))).toEqual([
      'lib → ui: src/lib/format.ts → src/ui/price',
      'ui → lib: src/ui/price.tsx → src/lib/format',
    ]);
  });

  it('tells shipped code from test code', () => {
    const ships = shipped([
      { path: 'src/main.tsx', text: "import { boot } from './app/boot';\n" },
      { path: 'src/app/boot.ts', text: "const later = import('../lib/format');\n" },
      { path: 'src/lib/format.ts', text: '' },
      { path: 'src/features/cart/cart-test-data.ts', text: "import { renderApp } from '../../test/render-app';\n" },
    ]);
    expect([...ships].sort()).toEqual(['src/app/boot.ts', 'src/lib/format.ts', 'src/main.tsx']);
  });
});
