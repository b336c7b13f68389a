import type { Plugin } from 'vite';

/** Vite's virtual module that holds `__vitePreload`, the helper every lazy `import()` goes through */
const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';
const EXPORT = 'export const __vitePreload = ';

/**
 * The helper's code with its scripts' `modulepreload` links skipped while a service worker serves
 * the page (its stylesheets still load: a route's CSS reaches the page only that way).
 *
 * Why: on a later visit every module is already at hand, so a preload link hides no round
 * trip — and Chromium compiles a module found in its memory cache inside the link's insertion. Going
 * to the contract screen in a warm visit spent 140 ms of one task in `appendChild` at 4× CPU
 * (bench/browser/load-probe.ts --warm=1 --cpu=1). The `import()` itself then fetches the module
 * from the worker and compiles it off the main thread while it streams. The same rule as
 * route-preload.ts's script for the landing route.
 */
export function skipScriptPreloadsUnderServiceWorker(helperCode: string): string {
  if (!helperCode.includes(EXPORT))
    throw new Error(
      `warm-preload: Vite's preload helper no longer has "${EXPORT.trim()}"; update scripts/build/warm-preload.ts`,
    );
  return (
    helperCode.replace(EXPORT, 'const preloadAll = ') +
    '\nconst servedByWorker = () => typeof navigator !== "undefined" && !!navigator.serviceWorker && !!navigator.serviceWorker.controller;' +
    '\nexport const __vitePreload = (baseModule, deps, importerUrl) => preloadAll(baseModule, deps && servedByWorker() ? deps.filter((d) => /\\.css$/.test(d)) : deps, importerUrl);\n'
  );
}

export function warmPreload(): Plugin {
  let seen = false;
  return {
    name: 'warm-preload',
    apply: 'build',
    transform: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler(code, id) {
        if (id !== PRELOAD_HELPER_ID) return null;
        seen = true;
        // the helper is generated code with no file behind it: its map has nothing to point at
        return { code: skipScriptPreloadsUnderServiceWorker(code), map: null };
      },
    },
    buildEnd() {
      // a Vite that stops passing its helper through plugins would silently drop the rule
      if (!seen && this.environment?.config.consumer === 'client')
        this.warn('warm-preload: the preload helper was not seen (no lazy import, or Vite changed)');
    },
  };
}
