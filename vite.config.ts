import { defineConfig, mergeConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './scripts/build/precompress';
import { chunkOf } from './scripts/build/chunks';
import { shellOnly } from './scripts/build/shell';
import { routePreload } from './scripts/build/route-preload';
import { compileHints } from './scripts/build/compile-hints';
import { warmPreload } from './scripts/build/warm-preload';
import { appSource } from './scripts/build/app-source';

const OUT_DIR = process.env.BUILD_OUT_DIR
  ? path.resolve(process.env.BUILD_OUT_DIR)
  : fileURLToPath(new URL('./dist/h5', import.meta.url));

// The web app is served by the Fastify server under /h5/ (hash routing inside). How src/ compiles
// (defines, locale bundles, React, pure libraries) is appSource(), shared with the bench pages;
// the plugins below shape the app's own pages and come after appSource()'s.
export default defineConfig(
  mergeConfig(appSource(), {
    base: '/h5/',
    root: 'src',
    publicDir: '../public',
    plugins: [
      compileHints('main', ['chart']),
      warmPreload(),
      // An installable app that opens from the phone's cache. `prompt`: a new version waits
      // until the user takes it (src/app/UpdatePrompt.tsx). Precache = the shell only (index.html and
      // what it loads); every other hashed asset is cached on first use (they never change), and
      // nothing under /api/ or /socket.io/ is ever cached: money answers must be live.
      VitePWA({
        registerType: 'prompt',
        injectRegister: false,
        filename: 'sw.js',
        manifest: {
          name: 'H5 Exchange',
          short_name: 'H5 Exchange',
          start_url: '/h5/',
          scope: '/h5/',
          display: 'standalone',
          background_color: '#ffffff',
          theme_color: '#ffffff',
          icons: [{ src: 'icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
        },
        workbox: {
          globPatterns: ['index.html', 'icon.svg', 'assets/*.{js,css}'],
          manifestTransforms: [shellOnly(OUT_DIR)],
          navigateFallback: '/h5/index.html',
          navigateFallbackDenylist: [/^\/api\//, /^\/admin/, /^\/socket\.io/, /^\/h5\/admin/],
          cleanupOutdatedCaches: true,
          // the first worker takes the open page at once (its later asset requests come from the cache);
          // an update still waits for the user (registerType prompt), then takes over and reloads it
          clientsClaim: true,
          runtimeCaching: [
            {
              // coin logos: kept a week, revalidated in the background
              urlPattern: ({ url }) => url.pathname.startsWith('/h5/coins/'),
              handler: 'StaleWhileRevalidate',
              options: { cacheName: 'h5-coins', expiration: { maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 7 } },
            },
            {
              urlPattern: ({ url }) => url.pathname.startsWith('/h5/assets/') && !url.pathname.endsWith('.map'),
              handler: 'CacheFirst',
              options: { cacheName: 'h5-assets', expiration: { maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 365 } },
            },
          ],
        },
      }),
      routePreload(fileURLToPath(new URL('./src/app/routes.ts', import.meta.url))),
      precompress(),
    ],
    build: {
      outDir: OUT_DIR,
      emptyOutDir: true,
      sourcemap: true,
      // chunk graph for scripts/bundle-budget.ts
      manifest: true,
      // budgets are enforced by scripts/bundle-budget.ts (npm test), in brotli bytes per route
      chunkSizeWarningLimit: 500,
      // two pages: the customer app and the operators' back office (reached at /h5/admin/)
      rollupOptions: {
        input: {
          main: fileURLToPath(new URL('./src/index.html', import.meta.url)),
          admin: fileURLToPath(new URL('./src/admin/index.html', import.meta.url)),
        },
        output: { manualChunks: chunkOf },
      },
    },
    server: {
      proxy: {
        '/api': 'http://127.0.0.1:8080',
        '/h5/coins': 'http://127.0.0.1:8080',
        '/socket.io': { target: 'ws://127.0.0.1:8080', ws: true },
      },
    },
  }),
);
