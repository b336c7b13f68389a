/**
 * The market worker's one door for the main thread (DESIGN.md §7): the contract types, the light
 * paint theme the page falls back to, and how to start the worker. src/ imports nothing else of
 * workers/ (eslint.config.js enforces it).
 */
export type * from './api-types';
export type { MarketWorkerApi } from './worker-api';
export { LIGHT_PAINT_THEME } from './paint/light-theme';
export type { LiabilitiesWorkerApi, Located } from './liabilities/verify';

/** A fresh market worker; the literal URL lets the bundler find and build the worker's entry. */
export function startMarketWorker(): Worker {
  return new Worker(new URL('./market.worker.ts', import.meta.url), { type: 'module', name: 'market' });
}

/** A proof-of-liabilities verifier (workers/liabilities): started by its page, ended when it leaves. */
export function startLiabilitiesWorker(): Worker {
  return new Worker(new URL('./liabilities/verify.worker.ts', import.meta.url), {
    type: 'module',
    name: 'liabilities',
  });
}
