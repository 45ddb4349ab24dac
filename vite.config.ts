import { accessSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * Console build: src/client -> dist/client; in dev, /sapi and /static go to the Fastify server on 8080.
 * Every text asset (js, css, html, svg) is also written precompressed (`.gz`, `.br`) next to itself, which the
 * server sends to a browser that accepts them (src/server/http/staticAssets.ts; issue 14 "First load").
 * Code splitting: every module the entry imports statically (rolldown's `$initial` tag: what `/login` runs) is
 * one chunk, the entry; left to the automatic splitting, the many lazy chunks (a list's views, its widget
 * modules, its dialogs) cut that set into ~18 files that compress worse (bench/README.md "First load").
 */
export default defineConfig(({ command }) => ({
  root: 'src/client',
  // react-router 7 exports only its development build (ENABLE_DEV_WARNINGS on; remix-run/react-router#14102, open):
  // a production build takes the production files it ships next to it. `vite` (dev) keeps the warnings.
  resolve: command === 'build' ? { alias: reactRouterProduction() } : undefined,
  plugins: [
    react(),
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt)$/,
      threshold: 256, // index.html (about 700 bytes) too
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress')],
    }),
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
  },
  server: { proxy: { '/sapi': 'http://127.0.0.1:8080', '/static': 'http://127.0.0.1:8080' } },
}));

/**
 * Aliases of `react-router` and `react-router/dom` (react-router-dom re-exports both) to react-router's
 * dist/production ES modules. Throws at build time when a react-router update moves them, rather than silently
 * shipping the development build again.
 */
function reactRouterProduction() {
  const require = createRequire(import.meta.url);
  const dist = join(dirname(require.resolve('react-router/package.json')), 'dist/production');
  const file = (name: string) => {
    const path = join(dist, name);
    accessSync(path);
    return path;
  };
  return [
    { find: /^react-router$/, replacement: file('index.mjs') },
    { find: /^react-router\/dom$/, replacement: file('dom-export.mjs') },
  ];
}
