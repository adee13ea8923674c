/**
 * The back office (/admin) is built on its own, after the storefront, into the same dist/: a
 * second entry in the storefront's build would share chunks with it (React would leave the
 * storefront's entry for a common chunk, and the `$initial` group would merge both entries'
 * first loads into one file), so neither the storefront's bundles nor its first load may change
 * because of the back office. Its chunks go under dist/assets/ like the storefront's (hashed,
 * long-cached, precompressed by scripts/compress.mjs); dist/admin.html is served by the server
 * for /admin and /admin/* with the back office's own CSP.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { reactRouterProduction } from './react-router-production';

export default defineConfig({
  plugins: [react(), reactRouterProduction()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    // The storefront's build has just written dist/: keep it.
    emptyOutDir: false,
    sourcemap: false,
    // No inline `<script>` for the module preload polyfill: the CSP allows only 'self'.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { admin: 'admin.html' },
    },
  },
});
