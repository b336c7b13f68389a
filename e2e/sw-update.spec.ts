import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { startOwnServer, type OwnServer } from './own-server';
import { closeHomePopupWhenShown, shot } from './helpers';

/**
 * A deploy reaches a user who has the app installed: the service worker installs on the
 * first visit, the server restarts with a new build (WEB_ROOT points at it), the app notices when
 * its market socket comes back, offers the new version, and taking it reloads onto the new build
 * with a working page — prices on Home, no script error. A server of its own, restarted mid-test.
 */
const PORT = Number(process.env.SW_E2E_PORT ?? 8310);
const BASE = `http://127.0.0.1:${PORT}`;
let server: OwnServer | undefined;
let builds: string | undefined;
/** the next build, made while the first is served and installed (a build is a minute on a loaded 2-core runner) */
let nextBuild: Promise<string> | undefined;

/** A production build of the app with its own BUILD_ID into a folder of its own; resolves to that folder. */
function build(id: string): Promise<string> {
  const out = path.join(builds as string, id);
  const child = spawn('npx', ['vite', 'build', '--logLevel', 'error'], {
    env: { ...process.env, BUILD_ID: id, BUILD_OUT_DIR: out },
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`vite build ${id} exited with ${code}`)),
    );
  });
}

test.use({ baseURL: BASE });

test.beforeAll(async () => {
  test.setTimeout(400_000);
  builds = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-builds-'));
  const v1 = await build('v1');
  nextBuild = build('v2');
  nextBuild.catch(() => undefined); // awaited (and reported) by the test
  server = await startOwnServer({ port: PORT, name: 'sw-update', env: { WEB_ROOT: v1, MARKET_BACKFILL: 'off' } });
});

test.afterAll(async () => {
  await server?.stop();
  await nextBuild?.catch(() => undefined); // its folder is removed next
  if (builds) fs.rmSync(builds, { recursive: true, force: true });
});

test('after a deploy the installed app offers the new version and takes it without a broken page', async ({ page }) => {
  test.setTimeout(400_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // the back office's once-a-session notice is a modal <dialog>: a user closes it before tapping on
  await closeHomePopupWhenShown(page);
  await page.goto('/h5/#/pages/index/index');
  await expect(page.locator('html')).toHaveAttribute('data-build', 'v1', { timeout: 30_000 });
  await expect(page.getByTestId('last-price').first()).toHaveText(/\d/, { timeout: 30_000 });
  // installed: the worker is active and the shell is in its cache
  await page.waitForFunction(
    async () => (await navigator.serviceWorker.ready).active?.state === 'activated',
    undefined,
    { timeout: 60_000 },
  );
  expect(await page.evaluate(async () => (await caches.keys()).some((k) => k.includes('precache')))).toBe(true);

  // the next build, while the page stays open
  const v2 = await (nextBuild as Promise<string>);
  await server!.stop({ keepData: true });
  server!.env.WEB_ROOT = v2;
  await server!.restart();

  const prompt = page.getByTestId('update-prompt');
  await expect(prompt).toBeVisible({ timeout: 90_000 });
  await expect(page.locator('html')).toHaveAttribute('data-build', 'v1', { timeout: 30_000 }); // nothing reloaded under the user
  await shot(page, 'sw-update-offered');
  await prompt.getByRole('button').click();

  await expect(page.locator('html')).toHaveAttribute('data-build', 'v2', { timeout: 60_000 });
  await expect(page.getByTestId('last-price').first()).toHaveText(/\d/, { timeout: 30_000 });
  await expect(prompt).toBeHidden();
  expect(errors).toEqual([]);

  // a launch after the update opens from the new worker's cache, on the new build
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-build', 'v2', { timeout: 30_000 });
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // under the worker a lazy route comes in by its import() alone: no script preload link, whose
  // insertion would compile the cached module in one long task (scripts/build/warm-preload.ts)
  const preloadLinks = () => page.locator('link[rel="modulepreload"]').count();
  const linksBefore = await preloadLinks(); // index.html's own, for the boot stages
  await page.goto('/h5/#/pages/transaction/contract');
  await expect(page.getByTestId('kind-contract')).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('pair-last').first()).toHaveText(/\d/, { timeout: 30_000 });
  expect(await preloadLinks()).toBe(linksBefore);
  expect(errors).toEqual([]);
});
