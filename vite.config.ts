import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The web app is served by the Fastify server under /h5/ (hash routing inside).
export default defineConfig({
  base: '/h5/',
  root: 'src',
  publicDir: '../public',
  plugins: [react()],
  worker: { format: 'es' },
  build: {
    outDir: '../dist/h5',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    // two pages: the customer app and the operators' back office (reached at /h5/admin/)
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./src/index.html', import.meta.url)),
        admin: fileURLToPath(new URL('./src/admin/index.html', import.meta.url)),
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/socket.io': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
