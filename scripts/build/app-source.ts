import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';
import { localeBundles } from './locale-bundles';
import { pureLibraries } from './pure';

/**
 * What the app's source compiles to: the part of the Vite config that every build of src/ must
 * share — the app's (vite.config.ts) and the bench pages' (bench/vite.bench.config.ts), which mount
 * the real screens. A plugin that resolves, transforms or defines something src/ imports belongs
 * here; one that shapes the app's own pages (its index.html, entry chunk, service worker, compressed
 * files) stays in vite.config.ts. The bench smoke (scripts/bench-smoke.ts, in npm test) builds the
 * bench pages, so a plugin missing here fails CI.
 */
export function appSource(): UserConfig {
  return {
    define: {
      // a deploy's identity; the service-worker e2e builds twice with different ids (e2e/sw-update.spec.ts)
      __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? ''),
    },
    plugins: [localeBundles(fileURLToPath(new URL('../../locales', import.meta.url))), react(), pureLibraries()],
    worker: { format: 'es' },
  };
}
