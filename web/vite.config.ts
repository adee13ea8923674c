/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { reactRouterProduction } from './react-router-production';

// The Rust server (`shop serve`) listens here; the dev server forwards the API to it.
const api = 'http://127.0.0.1:8080';

/**
 * A screen's chunk and the dozen small chunks it shares with others each cost a request; over
 * HTTP/1.1 (six connections) on a slow phone those requests queue for several round trips before
 * the first paint. The product screens' modules go into one chunk, and the small shared
 * presentational pieces they use (price, product card and its heart, bookmark button, breadcrumbs,
 * pagination, the review form's fields, the size suggestion's rule…) into another —
 * each with its CSS in one file. Modules of the first load (header, spinner, toaster) stay there.
 */
// The catalogue's loaders and what they use are in the first bundle (see app/router.tsx).
const CATALOG = /src[\\/]features[\\/]catalog[\\/](?!order-sheet|product-loaders|catalog-queries|product-filters)/;
const SHOP_UI =
  /src[\\/](ui[\\/](breadcrumbs|date-text|pagination|price|product-card|product-image|product-price|stock-badge|favorite-button|bookmark-button|form-field)|themes[\\/]product-grid|lib[\\/](format|paged)|domain[\\/][a-z-]+[\\/](product-history|favorites|ask-login|size-suggestion|bookmark-queries|measurement-queries))\.|node_modules[\\/]@tanstack[\\/](react-query[\\/].*useMutation|query-core[\\/].*mutationObserver)/;

/**
 * The entry stylesheet (a few KB: the frame, the first views, the theme variables) goes into
 * index.html itself: as a separate file it blocked the first paint for a round trip on a slow
 * phone (Lighthouse: ~150 ms of FCP). The CSP allows inline styles (server/src/infra/csp.rs).
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'inline-entry-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file];
          return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
        });
      },
    },
  };
}

/**
 * The back office in the dev server: /admin and its client routes get admin.html (its own entry,
 * built separately by vite.admin.config.ts); everything else as before (index.html, the proxy).
 */
function adminDevEntry(): Plugin {
  return {
    name: 'admin-dev-entry',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [path = '', query] = (req.url ?? '').split('?');
        if (path === '/admin' || (path.startsWith('/admin/') && !path.slice('/admin/'.length).includes('.'))) {
          req.url = query === undefined ? '/admin.html' : `/admin.html?${query}`;
        }
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), reactRouterProduction(), adminDevEntry(), inlineEntryStylesheet()],
  server: {
    // Tests compare the route table with ../../shared/spec/routes.txt when it is there.
    fs: process.env.VITEST ? { allow: ['.', '../../shared'] } : undefined,
    proxy: {
      '/v1': { target: api, changeOrigin: false },
      // Uploaded product photos (docs/contracts/photos.md), served by the API server.
      '/media': { target: api, changeOrigin: false },
      '/public.json': { target: api, changeOrigin: false },
      '/healthz': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the first load needs in one file (the entry), not half a dozen.
            { name: 'boot', tags: ['$initial'], priority: 3 },
            { name: 'catalog', test: CATALOG, priority: 2, includeDependenciesRecursively: false },
            { name: 'shop-ui', test: SHOP_UI, priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
    unstubGlobals: true,
    // A whole form journey (typing twenty fields) takes 2–3 s alone and over 5 s, vitest's
    // default limit, when the 2-core machine is busy with other builds.
    testTimeout: 15_000,
  },
});
