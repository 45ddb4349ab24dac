import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Console build: src/client -> dist/client; in dev, /sapi and /static go to the Fastify server on 8080. */
export default defineConfig({
  root: 'src/client',
  plugins: [react()],
  build: { outDir: '../../dist/client', emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  server: { proxy: { '/sapi': 'http://127.0.0.1:8080', '/static': 'http://127.0.0.1:8080' } },
});
