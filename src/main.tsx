/**
 * The entry: the first screen's code is evaluated in stages, each in a task of its own,
 * instead of as one module graph in one long task (≈270 ms at 4× CPU on a slow phone, all of it
 * blocking time while the static app shell is on screen). Every stage's chunks and styles are in
 * index.html already (scripts/build/route-preload.ts puts them there), so a stage costs no
 * request: only the evaluation moves, and the browser can paint, take input and run the
 * language's fetch between stages.
 */
import { nextTask } from './lib/idle';

/** how long to wait for the shell's frame at most (a background tab produces none) */
const SHELL_FRAME_WAIT_MS = 100;

/**
 * Resolves once the browser has produced a frame — the static shell on screen — or after a short
 * wait. On a warm visit the scripts are ready as soon as the HTML is; a chain of short boot tasks
 * started then kept the first paint waiting behind them (warm FCP 0.67 → 1.12 s at 4×).
 */
function shellPainted(): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, SHELL_FRAME_WAIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(t);
        resolve();
      }, 0),
    );
  });
}

async function start(): Promise<void> {
  await shellPainted();
  // React, ReactDOM and the router (the largest evaluation)
  await import('./boot/libraries');
  await nextTask();
  // i18next and the session store; starts the current language's (preloaded) chunk
  await import('./i18n');
  await nextTask();
  // the app itself: its layouts, router table and the kit's parts the shell uses; renders
  const { boot } = await import('./boot/app');
  await boot();
}

void start();
