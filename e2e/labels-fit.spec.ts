import { test, expect, type Page } from '@playwright/test';
import { ROUTES, type RouteDef } from '../src/app/routes';
import { LANGS, type Lang } from '../core';
import { startOwnServer, type OwnServer } from './own-server';
import { labelsThatDoNotFit, showRoute, switchLang, thaiFaces } from './fit';
import { DEMO_TRADER as DEMO } from './helpers';
import { demoToken, pageQueries } from './page-queries';

/**
 * Labels fit at 360 wide in every language: each page of src/app/routes.ts, logged in as the demo
 * user (public-only pages as a guest), in all eight languages; a label cut by its box or sticking
 * past the screen fails the test with its text and place. One page and one login; the language is
 * switched through the stored session and one reload per language. Coming-soon frames share one
 * component, so one stands for all of them.
 */
const PORT = Number(process.env.LABELS_E2E_PORT ?? Number(process.env.E2E_PORT ?? 8091) + 100);
const BASE = `http://127.0.0.1:${PORT}`;
const GUEST_ONLY = new Set(['common/login', 'common/register', 'common/forget']);
const firstComingSoon = ROUTES.find((r) => !r.load)?.name;
const PAGES = ROUTES.filter((r) => r.load || r.name === firstComingSoon);
/**
 * Pages that show more than one screen on one route, by query: P2P's tabs (its default tab is the
 * route's own visit). The filled screens (ad cards, an order, the post-ad sheet) are measured in all
 * eight languages by e2e/otc.spec.ts, which makes a merchant and orders first.
 */
const VARIANTS: Record<string, string[]> = { 'otc/otc': ['tab=sell', 'tab=quick', 'tab=orders', 'tab=merchant'] };

let server: OwnServer | undefined;
test.afterAll(async () => server?.stop());

async function setSession(page: Page, patch: Record<string, unknown>) {
  await page.evaluate((p) => {
    const cur = JSON.parse(localStorage.getItem('session') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('session', JSON.stringify({ ...cur, ...p }));
  }, patch);
  await page.reload();
}

/** Each route (and each of its query variants) once; on it, each language in turn (switched in place) is measured. */
async function pass(
  page: Page,
  routes: RouteDef[],
  langs: readonly Lang[],
  query: Record<string, string>,
): Promise<string[]> {
  const findings: string[] = [];
  const visits = routes.flatMap((r) =>
    [query[r.name] ?? '', ...(VARIANTS[r.name] ?? [])].map((q) => (q ? `${r.name}?${q}` : r.name)),
  );
  for (const v of visits) {
    const t0 = Date.now();
    await switchLang(page, 'en');
    const problem = await showRoute(page, `#/pages/${v}`);
    if (problem) findings.push(problem);
    for (const lang of langs) {
      await switchLang(page, lang);
      for (const f of await labelsThatDoNotFit(page)) findings.push(`[${lang}] ${v}: ${f}`);
    }
    if (process.env.LABELS_TIMING) console.log(`${v} ${Date.now() - t0} ms`);
  }
  return findings;
}

test('every page fits at 360 wide in all eight languages', async ({ browser, request }) => {
  test.setTimeout(420_000);
  const t0 = Date.now();
  server = await startOwnServer({ port: PORT, name: 'labels', env: { DEMO_USER: 'on' } });
  const query = await pageQueries(request, BASE, await demoToken(request, BASE));
  if (process.env.LABELS_TIMING) console.log(`server up ${Date.now() - t0} ms`);
  const context = await browser.newContext({
    baseURL: BASE,
    reducedMotion: 'reduce',
    viewport: { width: 360, height: 780 },
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto(`${BASE}/h5/#/pages/common/login`);
  await page.evaluate(() => sessionStorage.setItem('home.popSeen', '1')); // Home's once-a-session notice would cover it
  await page.getByPlaceholder('Email or phone number').fill(DEMO.email);
  await page.getByPlaceholder('Enter your password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/pages\/index\/index/);

  // Thai is drawn in a Thai face from the app's font stack, not as boxes in a Latin one
  await switchLang(page, 'th');
  const faces = await thaiFaces(page);
  expect(
    faces.some((f) => /thai|thonburi|leelawadee|tahoma/i.test(f)),
    `Thai drawn with ${faces.join(', ')}`,
  ).toBe(true);
  await switchLang(page, 'en');

  const only = process.env.LABELS_ONLY ? new RegExp(process.env.LABELS_ONLY) : null;
  const langs = LANGS.filter((l) => !process.env.LABELS_LANGS || process.env.LABELS_LANGS.split(',').includes(l));
  const routes = PAGES.filter((r) => !GUEST_ONLY.has(r.name) && (!only || only.test(r.name)));
  const findings: string[] = [];
  findings.push(...(await pass(page, routes, langs, query)));
  // the guest-only pages (login, register, forgot password)
  const session = await page.evaluate(() => localStorage.getItem('session'));
  await setSession(page, { token: '', user: null });
  const guest = PAGES.filter((r) => GUEST_ONLY.has(r.name) && (!only || only.test(r.name)));
  findings.push(...(await pass(page, guest, langs, query)));
  await page.evaluate((s) => s && localStorage.setItem('session', s), session);
  await context.close();
  if (findings.length) console.log(`\n${findings.join('\n')}`);
  expect(findings).toEqual([]);
});
