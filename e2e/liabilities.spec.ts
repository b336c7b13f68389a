import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  UINT128_LIMIT,
  decodeProofText,
  encodeProofText,
  fromBase64url,
  toBase64url,
  type LiabilityProof,
  type LiabilitySnapshotSummary,
} from '../core/liabilities';
import { startOwnServer, type OwnServer, tsxCommand } from './own-server';
import {
  axeClean,
  DEMO_TRADER,
  dismissHomePopup,
  goTo,
  latestCode,
  logInAs,
  sessionToken,
  shot,
  uniqueEmail,
} from './helpers';
import { switchLang } from './fit';

/**
 * Proof of liabilities from the user's side: the operator takes two snapshots; the demo trader opens
 * "Verify my balance" from Assets and sees their proof recomputed in the browser pass (the page's
 * root and last step equal the server's root), the history checked, the proof downloadable; light
 * and dark, English and French, axe clean, 390×844 screenshots. Then tampered answers (route
 * interception, the served proof decoded, changed and encoded again): a lowered sibling sum fails and
 * the published leaf list names its step; an overflowing one fails at its own step; cut bytes fail
 * at the proof's bytes. Its own server (LIABILITIES_E2E_PORT).
 */
const PORT = Number(process.env.LIABILITIES_E2E_PORT ?? 9250);
const BASE = `http://127.0.0.1:${PORT}`;
const OP = { name: 'e2e-pol-op', password: 'operator-pass-9' };
let server: OwnServer | undefined;
let opToken = '';
let snapshots: LiabilitySnapshotSummary[] = [];

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

interface Reply<T> {
  type: string;
  message: T;
}

const admin = async <T>(request: APIRequestContext, url: string, form: Record<string, string | number>) =>
  (await (
    await request.post(`${BASE}/admin/api/${url}`, { headers: { authorization: `Bearer ${opToken}` }, form })
  ).json()) as Reply<T>;

/** a registered user with some USDT, so the tree has more than a couple of leaves */
async function fundedUser(request: APIRequestContext, i: number): Promise<void> {
  const who = { email: uniqueEmail(`pol-${i}`), password: 'secret-pass-1' };
  expect(
    (
      (await (
        await request.post(`${BASE}/api/sms_mail`, { form: { user_string: who.email, scene: 'register' } })
      ).json()) as Reply<unknown>
    ).type,
  ).toBe('ok');
  const code = await latestCode(request, who.email);
  const reg = (await (
    await request.post(`${BASE}/api/user/register`, {
      form: { user_string: who.email, password: who.password, re_password: who.password, code },
    })
  ).json()) as Reply<unknown>;
  expect(reg.type, JSON.stringify(reg)).toBe('ok');
  const login = (await (
    await request.post(`${BASE}/api/user/login`, { form: { user_string: who.email, password: who.password } })
  ).json()) as Reply<string>;
  const info = (await (
    await request.get(`${BASE}/api/user/info`, { headers: { authorization: login.message } })
  ).json()) as Reply<{ id: number }>;
  expect(
    (
      await admin(request, 'users/adjust', {
        user_id: info.message.id,
        currency_id: 4,
        type: 2,
        amount: String(100 + i * 37.5),
        reason: 'e2e liabilities',
      })
    ).type,
  ).toBe('ok');
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  server = await startOwnServer({
    port: PORT,
    name: 'liabilities',
    env: { DEMO_USER: 'on', MARKET_BACKFILL: 'off' },
    beforeStart: (env) =>
      execFileSync(...tsxCommand('server/admin/cli.ts', 'create', OP.name, OP.password), { env, stdio: 'inherit' }),
  });
  const res = await request.post(`${BASE}/admin/api/login`, { form: OP, headers: { 'x-operator-csrf': '1' } });
  const setCookie = res.headers()['set-cookie'];
  const cookie = setCookie?.split('\n').find((c) => c.startsWith('h5_operator='));
  opToken = decodeURIComponent(cookie!.slice('h5_operator='.length).split(';')[0]);
  for (let i = 1; i <= 6; i++) await fundedUser(request, i);
  expect((await admin(request, 'liabilities/snapshot', { reason: 'e2e: first snapshot' })).type).toBe('ok');
  await fundedUser(request, 7);
  expect((await admin(request, 'liabilities/snapshot', { reason: 'e2e: second snapshot' })).type).toBe('ok');
  snapshots = ((await (await request.get(`${BASE}/api/liabilities`)).json()) as Reply<LiabilitySnapshotSummary[]>)
    .message;
  expect(snapshots.length).toBeGreaterThanOrEqual(2); // with the demo's own first snapshot at start
});
test.afterAll(async () => server?.stop());

async function openVerify(page: Page): Promise<void> {
  await goTo(page, 'fund/assets');
  await page.getByTestId('assets-verify-balance').click();
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.getByTestId('pol-verdict')).toBeVisible({ timeout: 30_000 });
}

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((th) => localStorage.setItem('ui', JSON.stringify({ theme: th, priceMode: 'green-up' })), theme);
  await page.reload();
  await expect(page.getByTestId('pol-verdict')).toBeVisible({ timeout: 30_000 });
}

test("the demo trader verifies their balance: the browser's path ends on the server's root", async ({ page }) => {
  await logInAs(page, DEMO_TRADER);
  await dismissHomePopup(page);
  await openVerify(page);
  await expect(page.locator('h1')).toHaveText('Verify my balance');
  const latest = snapshots[0];
  await expect(page.getByTestId('pol-verdict')).toHaveAttribute('data-result', 'pass');
  await expect(page.getByTestId('pol-verdict')).toHaveText('✓ Your balances are included in the published totals');
  await expect(page.getByTestId('pol-root')).toHaveText(latest.rootHash);
  await expect(page.getByTestId('pol-journal')).toHaveText(`#${latest.journalId}`);

  // the same proof as the API gives, recomputed in the page: its last step is the server's root
  const token = await sessionToken(page);
  const served = (
    (await (
      await page.request.get(`${BASE}/api/liabilities/${latest.id}/proof`, { headers: { authorization: token } })
    ).json()) as Reply<string>
  ).message;
  const proof = decodeProofText(served);
  if (proof.path.length)
    await expect(page.getByTestId(`pol-step-${proof.path.length}`)).toHaveAttribute('data-hash', latest.rootHash);
  await expect(page.getByTestId('pol-step-root')).toHaveAttribute('data-mark', 'ok');
  await expect(page.getByTestId('pol-path').locator('[data-mark="bad"]')).toHaveCount(0);
  for (const c of latest.coins) await expect(page.getByTestId(`pol-totals-${c.symbol}`)).toBeVisible();
  // every earlier snapshot checked too
  for (const s of snapshots)
    await expect(page.getByTestId(`pol-history-${s.id}`)).toHaveAttribute('data-result', 'pass');
  await expect(page.locator('body')).not.toContainText('NaN');

  // the proof file for the standalone verifier is the API's proof
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pol-download-proof').click()]);
  expect(JSON.parse(fs.readFileSync(await download.path(), 'utf8'))).toBe(served);
  await expect(page.getByTestId('pol-download-leaves')).toHaveAttribute('href', `/api/liabilities/${latest.id}/leaves`);

  for (const lang of ['en', 'fra'] as const) {
    await switchLang(page, lang);
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await expect(page.getByTestId('pol-verdict')).toHaveAttribute('data-result', 'pass');
      await page.waitForTimeout(300);
      await shot(page, `liabilities-${lang}-${theme}`);
      await page.getByTestId('pol-path').scrollIntoViewIfNeeded();
      await shot(page, `liabilities-path-${lang}-${theme}`);
      await axeClean(page, `${lang} ${theme}`);
    }
  }
  await expect(page.getByTestId('pol-verdict')).toHaveText('✓ Vos soldes sont inclus dans les totaux publiés');
  await switchLang(page, 'en');
  await setTheme(page, 'light');
  // the way in, on Assets
  await goTo(page, 'fund/assets');
  await expect(page.getByTestId('assets-verify-balance')).toBeVisible();
  await shot(page, 'liabilities-assets-entry-light');
});

/** Answers the newest snapshot's proof request with the server's proof text changed by `edit`. */
async function tamperText(page: Page, edit: (text: string) => string): Promise<void> {
  await page.route(`**/api/liabilities/${snapshots[0].id}/proof`, async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as Reply<string>;
    if (body.type === 'ok') body.message = edit(body.message);
    await route.fulfill({ response: res, json: body });
  });
}

/** the same, with the proof decoded, changed by `edit` and encoded again */
const tamper = (page: Page, edit: (p: LiabilityProof) => void) =>
  tamperText(page, (text) => {
    const p = decodeProofText(text);
    edit(p);
    return encodeProofText(p);
  });

test('a tampered proof fails, and the page says which step broke', async ({ page }) => {
  await logInAs(page, DEMO_TRADER);
  await dismissHomePopup(page);
  const token = await sessionToken(page);
  const proof = decodeProofText(
    (
      (await (
        await page.request.get(`${BASE}/api/liabilities/${snapshots[0].id}/proof`, {
          headers: { authorization: token },
        })
      ).json()) as Reply<string>
    ).message,
  );
  expect(proof.path.length, 'the demo trader sits in a tree of several leaves').toBeGreaterThanOrEqual(2);
  const last = proof.path.length - 1;

  // a lowered sibling sum: each step hashes what it is given, so the root catches it; the leaf list names the step
  await tamper(page, (p) => {
    const s = p.path[last].sums;
    const j = s.findIndex((v) => v !== '0');
    s[j] = String(BigInt(s[j]) - 1n);
  });
  await openVerify(page);
  const verdict = page.getByTestId('pol-verdict');
  await expect(verdict).toHaveAttribute('data-result', 'fail');
  await expect(verdict).toHaveAttribute('data-step', String(last));
  await expect(verdict).toHaveText(`✗ The check failed at step ${last + 1}`);
  await expect(page.getByTestId(`pol-step-${last + 1}`)).toHaveAttribute('data-mark', 'bad');
  await expect(page.getByTestId('pol-step-root')).toHaveAttribute('data-mark', 'bad');
  await expect(page.getByTestId('pol-step-1')).toHaveAttribute('data-mark', last === 0 ? 'bad' : 'ok');
  await expect(page.getByTestId(`pol-history-${snapshots[0].id}`)).toHaveAttribute('data-result', 'fail');
  await shot(page, 'liabilities-tampered-light');
  await axeClean(page, 'tampered');

  // a sum that overflows 128 bits with the user's own balance is refused at its own step
  await page.unrouteAll({ behavior: 'wait' });
  await tamper(page, (p) => {
    const j = p.leaf.balances.findIndex((v) => v !== '0');
    p.path[0].sums[j] = String(UINT128_LIMIT - 1n);
  });
  await page.reload();
  await expect(verdict).toHaveAttribute('data-result', 'fail', { timeout: 30_000 });
  await expect(verdict).toHaveAttribute('data-step', '0');
  await expect(verdict).toHaveText('✗ The check failed at step 1');
  await expect(page.getByTestId('pol-step-1')).toHaveAttribute('data-mark', 'bad');
  await expect(page.getByTestId('pol-reason')).toContainText('128 bits');

  // a cut proof is refused before any hashing, with the byte where it ends
  await page.unrouteAll({ behavior: 'wait' });
  await tamperText(page, (text) => toBase64url(fromBase64url(text).subarray(0, -6)));
  await page.reload();
  await expect(verdict).toHaveAttribute('data-result', 'fail', { timeout: 30_000 });
  await expect(verdict).toHaveAttribute('data-step', 'format');
  await expect(verdict).toHaveText("✗ The check failed at the proof's bytes");
  await expect(page.getByTestId('pol-reason')).toContainText('ends at byte');
  await shot(page, 'liabilities-unreadable-light');
});
