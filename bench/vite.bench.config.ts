import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Bench-only pages (never part of the app build). Built into dist/h5/bench/ so the real server's
 * static handler serves them at /h5/bench/… on the same origin as /api and /socket.io — the bridge
 * derives its origin from location.origin, so no server change is needed. Build the app first
 * (`npm run build` empties dist/h5), then: `npx vite build -c bench/vite.bench.config.ts`.
 */
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  base: '/h5/bench/',
  root: here('.'),
  publicDir: false,
  plugins: [react()],
  worker: { format: 'es' },
  logLevel: 'warn',
  build: {
    outDir: here('../dist/h5/bench'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 3000,
    rollupOptions: {
      input: {
        app: here('./browser/pages/app.html'),
        baseline: here('./baseline-page/index.html'),
      },
    },
  },
});
