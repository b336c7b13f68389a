/**
 * The service worker (vite-plugin-pwa / Workbox, vite.config.ts): registered once the first screen
 * is up. A new deploy's worker installs in the background and waits; `update.ready` tells the
 * UpdatePrompt to offer it, and taking it activates the new worker and reloads onto the new build.
 * The server is asked for a new worker when the market socket comes back after a disconnect (a
 * deploy restarts the server: the recovery) and when the app returns to the foreground.
 */
import { proxy, subscribe } from 'valtio';
import { registerSW } from 'virtual:pwa-register';
// the store alone, not src/market: its index brings the worker bridge and comlink into the shell
import { marketStore } from '../market/store';
import { whenIdle } from '../lib/idle';

export const update = proxy({ ready: false });

let apply: ((reload?: boolean) => Promise<void>) | null = null;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  let registration: ServiceWorkerRegistration | undefined;
  const check = () => void registration?.update().catch(() => undefined);
  apply = registerSW({
    immediate: false,
    onNeedRefresh: () => void (update.ready = true),
    onRegisteredSW: (_url, r) => {
      registration = r;
      void cacheWhatThisPageLoaded();
    },
  });
  let wasConnected = marketStore.connected;
  subscribe(marketStore, () => {
    if (marketStore.connected && !wasConnected) check();
    wasConnected = marketStore.connected;
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/** Activates the waiting worker; the page reloads onto the new build when it takes control. */
export function takeUpdate(): void {
  update.ready = false;
  // workbox-window reloads only a page that was controlled when it registered; the first visit's
  // page was claimed later, so reload here when the new worker takes over
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  void apply?.(true);
}

/**
 * The first visit loaded its language, route and libraries before any service worker existed;
 * they are in the HTTP cache (immutable), so copying them into the worker's runtime cache costs
 * no network and the next launch opens without a single asset request.
 */
async function cacheWhatThisPageLoaded(): Promise<void> {
  if (!('caches' in window)) return;
  const urls = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => new URL(u).pathname.startsWith('/h5/assets/') && !u.endsWith('.map'));
  const cache = await caches.open('h5-assets');
  // one at a time, each in its own idle period: all at once was one ≈50 ms task at 4× CPU right
  // after the first screen, and so were batches of 4; nothing waits for this copy
  for (const u of urls) {
    await new Promise<void>((r) => whenIdle(r, 2000));
    await cache
      .match(u)
      .then((hit) => (hit ? undefined : cache.add(u)))
      .catch(() => undefined);
  }
}
