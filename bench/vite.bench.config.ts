import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
import type { Plugin } from 'vite';
import { appSource } from '../scripts/build/app-source';
import { chunkOf } from '../scripts/build/chunks';
import { compileHints } from '../scripts/build/compile-hints';

/**
 * Bench-only pages (never part of the app build). Built into dist/bench-pages/ — NOT under dist/h5,
 * which every `npm run build` on this shared machine empties (it wiped the pages mid-run). The
 * harness copies them to dist/h5/bench before opening a page, so the real server's static handler
 * serves them at /h5/bench/… on the origin of /api and /socket.io (the bridge derives its origin
 * from location.origin) and no server change is needed: `npx vite build -c bench/vite.bench.config.ts`.
 * The source compiles as in the app's build: appSource() (scripts/build/app-source.ts) is the one
 * list of defines and plugins both use.
 */
const CHART_LIB = 'chart-lib';
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The terminal bench's baseline is the same screen without its book and trades (`?book=0`). The
 * app has no such switch, so the bench build swaps the two modules that mount them for
 * bench/browser/pages/switch/*, which render the real component unless the flag is set. The swap
 * is by resolved file, so every importer gets it; the stand-ins' own imports are left alone.
 */
function bookSwitch(): Plugin {
  const swaps = new Map([
    [here('../src/components/book/OrderBook.tsx'), here('./browser/pages/switch/OrderBook.tsx')],
    [here('../src/pages/market/MarketTabs.tsx'), here('./browser/pages/switch/MarketTabs.tsx')],
  ]);
  const standIns = new Set(swaps.values());
  return {
    name: 'bench-book-switch',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || standIns.has(importer) || !/(OrderBook|MarketTabs)(\.tsx)?$/.test(source)) return null;
      const r = await this.resolve(source, importer, { ...options, skipSelf: true });
      return r && swaps.has(r.id) ? swaps.get(r.id) : null;
    },
  };
}

export default defineConfig(
  mergeConfig(appSource(), {
    base: '/h5/bench/',
    root: here('.'),
    publicDir: false,
    // The chart library in a chunk of its own, compiled eagerly as the app's 'chart' is (vite.config.ts;
    // another name here: these pages have an indicators chunk called 'chart'). BENCH_CHART_HINT=0: without.
    plugins: [bookSwitch(), ...(process.env.BENCH_CHART_HINT === '0' ? [] : [compileHints(null, [CHART_LIB])])],
    // BENCH_LWC_DEV=1: lightweight-charts' development build (readable names, a few asserts) for profiles
    resolve:
      process.env.BENCH_LWC_DEV === '1'
        ? {
            alias: {
              'lightweight-charts': here('../node_modules/lightweight-charts/dist/lightweight-charts.development.mjs'),
            },
          }
        : {},
    logLevel: 'warn',
    build: {
      outDir: here('../dist/bench-pages'),
      emptyOutDir: true,
      sourcemap: false,
      // BENCH_MINIFY=0: readable function names in CPU profiles (bench/browser/profile.ts)
      minify: process.env.BENCH_MINIFY !== '0',
      chunkSizeWarningLimit: 3000,
      rollupOptions: {
        output: { manualChunks: (id: string) => (chunkOf(id) === 'chart' ? CHART_LIB : undefined) },
        input: {
          app: here('./browser/pages/app.html'),
          baseline: here('./baseline-page/index.html'),
          baselineTerminal: here('./baseline-page/terminal.html'),
        },
      },
    },
  }),
);
