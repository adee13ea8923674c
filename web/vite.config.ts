/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The Rust server (`shop serve`) listens here; the dev server forwards the API to it.
const api = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    // Tests compare the route table with ../../shared/spec/routes.txt when it is there.
    fs: process.env.VITEST ? { allow: ['.', '../../shared'] } : undefined,
    proxy: {
      '/v1': { target: api, changeOrigin: false },
      '/public.json': { target: api, changeOrigin: false },
      '/healthz': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
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
