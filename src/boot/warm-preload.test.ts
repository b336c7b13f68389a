import { afterEach, describe, expect, it, vi } from 'vitest';
import { skipScriptPreloadsUnderServiceWorker } from '../../scripts/build/warm-preload';

/** a stand-in for Vite's generated helper: it records the deps it would add links for */
const HELPER =
  'const seen = {};export const __vitePreload = function preload(baseModule, deps) { globalThis.asked = deps; return baseModule(); }';

/** the module's export as a value: its code run as a function body */
function load(code: string): (base: () => Promise<string>, deps?: string[]) => Promise<string> {
  return new Function(
    `${code.replace('export const __vitePreload', 'const __vitePreload')}\nreturn __vitePreload;`,
  )() as never;
}

const asked = () => (globalThis as { asked?: string[] }).asked;

describe('script preloads skipped under a service worker (scripts/build/warm-preload.ts)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a page served by a worker asks only for the route’s styles; a cold page for its scripts too; the module loads either way', async () => {
    const preload = load(skipScriptPreloadsUnderServiceWorker(HELPER));
    const deps = ['assets/contract-a1.js', 'assets/chart-b2.js', 'assets/contract-c3.css'];

    vi.stubGlobal('navigator', { serviceWorker: { controller: {} } });
    await expect(preload(async () => 'module', deps)).resolves.toBe('module');
    expect(asked()).toEqual(['assets/contract-c3.css']);

    vi.stubGlobal('navigator', { serviceWorker: { controller: null } });
    await expect(preload(async () => 'module', deps)).resolves.toBe('module');
    expect(asked()).toEqual(deps);

    vi.stubGlobal('navigator', {}); // no service workers at all (an old browser, http)
    await preload(async () => 'module', deps);
    expect(asked()).toEqual(deps);
  });

  it('fails the build, not the page, when Vite renames its helper’s export', () => {
    expect(() => skipScriptPreloadsUnderServiceWorker('export const preloadHelper = () => 0')).toThrow(
      /update scripts\/build\/warm-preload\.ts/,
    );
  });
});
