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
export default defineConfig({
  root: 'src/client',
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
});
