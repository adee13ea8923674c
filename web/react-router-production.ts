import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * React Router 7's package.json exports only its development build (remix-run/react-router#14102):
 * its dev warnings reach the production console and the entry script. The build takes the
 * package's own production build instead (same version, same API, ENABLE_DEV_WARNINGS = false).
 *
 * Its `React.forwardRef`, `React.createContext` and `React.memo` calls at module level are not
 * marked pure, so components and contexts this app never uses (`Form`, the RSC and framework-mode
 * contexts) stay in the bundle. These React calls have no side effect; marking them lets the
 * bundler drop what nothing imports. Its `X.displayName = "…"` assignments (read only by React
 * DevTools) would keep those components alive too, so they go. Each step was measured: without
 * either one, nothing leaves the bundle. `npm run size` fails if the entry grows back.
 */
export function reactRouterProduction(): Plugin {
  const dist = fileURLToPath(new URL('./node_modules/react-router/dist/', import.meta.url));
  const entries: Record<string, string> = {
    'react-router': `${dist}production/index.mjs`,
    'react-router/dom': `${dist}production/dom-export.mjs`,
  };
  return {
    name: 'react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return entries[source] ?? null;
    },
    transform(code, id) {
      if (!id.startsWith(dist)) return null;
      return code
        .replace(/(?<!@__PURE__ \*\/ )\b(React\d*\.(?:forwardRef|createContext|memo))\(/g, '/* @__PURE__ */ $1(')
        .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '');
    },
  };
}
