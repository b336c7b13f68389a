import { seriousAxe } from './axe';
import { execFileSync } from 'node:child_process';
import { test, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { LANGS } from '../core';
import { startOwnServer, type OwnServer, tsxCommand } from './own-server';
import {
  axeClean,
  DEMO_TRADER,
  dismissHomePopup,
  goTo,
  latestCode,
  logInAs,
  shot,
  uniqueEmail,
  toastsGone,
} from './helpers';
import { labelsThatDoNotFit, showRoute, switchLang } from './fit';

/**
 * The chat room between two people (live delivery, an unverified sender's link hidden, a report and
 * the operator's mute from the back office's Chat room tab), the Home badge counting a service
 * reply live, the up/down game played through one round to its result, recomputed on the verify
 * screen and seen with its stakes in the back office's Game tab, a guest verifying its email and
 * sending an image; the pages at 390×844 in both themes, axe clean, labels fitting in all eight
 * languages. Its own server: 12-second rounds (GAME_ROUND_SECONDS) and an operator from the CLI.
 */
const PORT = Number(process.env.GAME_E2E_PORT ?? Number(process.env.E2E_PORT ?? 8102) + 1000);
const BASE = `http://127.0.0.1:${PORT}`;
const OP = { name: 'e2e-game-op', password: 'operator-pass-3' };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
const B = { email: uniqueEmail('chat-b'), password: 'secret-pass-1' };
let server: OwnServer | undefined;
let opToken = '';
let bId = 0;
let settledRound = 0;

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

interface Reply<T> {
  type: string;
  message: T;
}

async function register(request: APIRequestContext): Promise<void> {
  expect(
    (
      (await (
        await request.post('/api/sms_mail', { form: { user_string: B.email, scene: 'register' } })
      ).json()) as Reply<unknown>
    ).type,
  ).toBe('ok');
  const code = await latestCode(request, B.email);
  const reg = (await (
    await request.post('/api/user/register', {
      form: { user_string: B.email, password: B.password, re_password: B.password, code },
    })
  ).json()) as Reply<unknown>;
  expect(reg.type, JSON.stringify(reg)).toBe('ok');
}

const admin = async <T>(request: APIRequestContext, url: string, form: Record<string, string | number>) =>
  (await (
    await request.post(`/admin/api/${url}`, { headers: { authorization: `Bearer ${opToken}` }, form })
  ).json()) as Reply<T>;

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  server = await startOwnServer({
    port: PORT,
    name: 'game',
    env: { DEMO_USER: 'on', GAME_ROUND_SECONDS: '12', MARKET_BACKFILL: 'off' },
    beforeStart: (env) =>
      execFileSync(...tsxCommand('server/admin/cli.ts', 'create', OP.name, OP.password), { env, stdio: 'inherit' }),
  });
  const res = await request.post(`${BASE}/admin/api/login`, { form: OP, headers: { 'x-operator-csrf': '1' } });
  const setCookie = res.headers()['set-cookie'];
  const cookie = setCookie?.split('\n').find((c) => c.startsWith('h5_operator='));
  opToken = decodeURIComponent(cookie!.slice('h5_operator='.length).split(';')[0]);
  await register(request);
  const login = (await (
    await request.post(`${BASE}/api/user/login`, { form: { user_string: B.email, password: B.password } })
  ).json()) as Reply<string>;
  const info = (await (
    await request.get(`${BASE}/api/user/info`, { headers: { authorization: login.message } })
  ).json()) as Reply<{ id: number }>;
  bId = info.message.id;
  expect(
    (
      await admin(request, 'users/adjust', {
        user_id: bId,
        currency_id: 4,
        type: 2,
        amount: '100',
        reason: 'e2e game stake',
      })
    ).type,
  ).toBe('ok');
});
test.afterAll(async () => server?.stop());

async function operatorPage(browser: Browser): Promise<Page> {
  const op = await (await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 } })).newPage();
  await op.goto('/h5/admin/');
  await op.getByPlaceholder('Operator name').fill(OP.name);
  await op.getByPlaceholder('Password').fill(OP.password);
  await op.getByRole('button', { name: 'Sign in' }).click();
  return op;
}

async function person(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 } })).newPage();
  await logInAs(page, who);
  await dismissHomePopup(page);
  return page;
}

test('two people in the chat room: live messages, a hidden link, an operator mute', async ({ browser, request }) => {
  const a = await person(browser, DEMO_TRADER);
  const b = await person(browser, B);
  await goTo(a, 'game/game');
  await a.getByTestId('open-chatroom').click();
  await expect(a.locator('h1')).toHaveText('Chat room');
  await goTo(b, 'game/chatroom');
  await expect(b.getByTestId('chat-input')).toBeVisible();

  await a.getByTestId('chat-input').locator('input').fill('Morning all, BTC looks strong');
  await a.getByTestId('chat-send').click();
  await expect(b.getByTestId('chat-list')).toContainText('Morning all, BTC looks strong'); // live: b never reloaded

  await b.getByTestId('chat-input').locator('input').fill('free USDT at https://claim.example/x');
  await b.getByTestId('chat-send').click();
  const masked = a.getByTestId('chat-list').locator('article').filter({ hasText: 'free USDT at ***' });
  await expect(masked).toContainText('Links and addresses are hidden');
  await expect(a.getByTestId('chat-list')).not.toContainText('claim.example');
  await shot(a, 'game-chatroom-light');

  // a reports b's message; the operator, in the back office's Chat room tab, mutes b for 10 minutes
  await masked.getByRole('button', { name: /Report/ }).click();
  await a.locator('.adm-dialog').getByRole('button', { name: 'Report' }).click();
  const op = await operatorPage(browser);
  await op.getByRole('tab', { name: 'Chat room' }).click();
  const reported = op.getByTestId('chat-admin-message').filter({ hasText: 'free USDT at ***' });
  await expect(reported).toContainText('1 report');
  await reported.getByRole('button', { name: 'Mute' }).click();
  await op.getByTestId('chat-mute-for').selectOption('10');
  await op.locator('.adm-dialog').getByRole('textbox', { name: 'Reason' }).fill('link spam');
  await op.locator('.adm-dialog').getByRole('button', { name: 'Mute' }).click();
  await expect(reported.getByTestId('chat-admin-mute')).toContainText('muted (operator) until');
  await expect(op.getByTestId('chat-admin-log')).toContainText('chat_mute');
  await expect(op.getByTestId('chat-admin-log')).toContainText('link spam');
  await expect(op.locator('.adm-dialog')).toHaveCount(0);
  await expect(op.locator('.adm-toast-main')).toHaveCount(0);
  await shot(op, 'admin-chatroom-desk');
  await axeClean(op, 'chat room desk', '[data-testid="chatroom-desk"]');
  await op.context().close();
  await b.getByTestId('chat-input').locator('input').fill('anyone?');
  await b.getByTestId('chat-send').click();
  await expect(b.locator('.adm-toast-main')).toContainText('You are muted');
  await expect(b.getByTestId('chat-muted')).toContainText('You are muted until');
  await expect(b.getByTestId('chat-input').locator('input')).toBeDisabled();
  await shot(b, 'game-chatroom-muted-light');

  // customer service answers a while a is on Home: the badge on Home's service icon counts it, live
  await goTo(a, 'index/index');
  await expect(a.getByTestId('home-service')).toBeVisible();
  await expect(a.getByTestId('service-unread')).toHaveCount(0);
  const aLogin = (await (
    await request.post('/api/user/login', { form: { user_string: DEMO_TRADER.email, password: DEMO_TRADER.password } })
  ).json()) as Reply<string>;
  expect(
    (
      (await (
        await request.post('/api/service/send', {
          headers: { authorization: aLogin.message },
          form: { body: 'Is the game fee fixed?' },
        })
      ).json()) as Reply<unknown>
    ).type,
  ).toBe('ok');
  const inbox = (await (
    await request.get('/admin/api/service/inbox', { headers: { authorization: `Bearer ${opToken}` } })
  ).json()) as Reply<{ list: { id: number }[] }>;
  expect(
    (
      await admin(request, 'service/reply', {
        id: inbox.message.list[0].id,
        body: 'Yes: 3 % of the pool, shown before you stake',
      })
    ).type,
  ).toBe('ok');
  await expect(a.getByTestId('home-service').getByTestId('service-unread')).toHaveText('1');
  await a.context().close();
  await b.context().close();
});

test('a round played to its result and recomputed on the verify screen', async ({ page, request, browser }) => {
  await logInAs(page, DEMO_TRADER);
  await dismissHomePopup(page);
  await goTo(page, 'game/game');
  const open = page.getByTestId('game-open');
  await expect(open).toBeVisible();
  // enough time left before the lock to stake twice
  await expect(page.getByTestId('game-lock-in')).toHaveText(/Locks in 00:(0[6-9]|1\d)/, { timeout: 20_000 });
  const roundId = Number((await open.locator('h2').textContent())!.replace(/\D/g, ''));
  await page.getByTestId('game-amount').locator('input').fill('10');
  await page.getByTestId('game-up').click();
  await expect(page.getByTestId('confirm-sheet')).toContainText('3%');
  await shot(page, 'game-confirm-light');
  await page.locator('.adm-dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('game-my-stake')).toContainText('Up 10.00 USDT');
  // b takes the other side through the API
  const bLogin = (await (
    await request.post('/api/user/login', { form: { user_string: B.email, password: B.password } })
  ).json()) as Reply<string>;
  const staked = (await (
    await request.post('/api/game/stake', {
      headers: { authorization: bLogin.message },
      form: { round_id: roundId, side: 'down', amount: '20' },
    })
  ).json()) as Reply<unknown>;
  expect(staked.type, JSON.stringify(staked)).toBe('ok');
  await shot(page, 'game-open-light');

  // lock after ≤ 12 s, close 12 s later
  await expect(page.getByTestId('game-live')).toContainText(`#${roundId}`, { timeout: 25_000 });
  await shot(page, 'game-live-light');
  const result = page.getByTestId(`game-result-${roundId}`);
  await expect(result).toBeVisible({ timeout: 40_000 });
  await result.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('verify-verdict')).toHaveText('Recomputed here: everything matches what was paid');
  await expect(page.getByTestId('verify-report')).toContainText(`Round #${roundId}`);
  await shot(page, 'game-verify-light');
  settledRound = roundId;

  // the operator's Game tab: the round among the settled ones, its stakes with who was paid what
  const op = await operatorPage(browser);
  await op.getByRole('tab', { name: 'Game' }).click();
  await op
    .getByTestId('game-admin-rounds')
    .getByRole('button', { name: `#${roundId}` })
    .click();
  const detail = op.getByTestId('game-admin-round');
  await expect(detail).toContainText(`Round #${roundId}`);
  await expect(detail.locator('tbody tr')).toHaveCount(2);
  await expect(detail).toContainText(B.email);
  await detail.scrollIntoViewIfNeeded();
  await shot(op, 'admin-game-round');
  await axeClean(op, 'game desk', '[data-testid="game-desk"]');
  await op.context().close();
});

test('the game pages at 390×844, light and dark, axe clean, labels fit in every language', async ({ page }) => {
  await logInAs(page, DEMO_TRADER);
  await dismissHomePopup(page);
  const pages = ['game/game', 'game/chatroom', `game/verify?id=${settledRound || 1}`, 'index/index'];
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(
      (th) => localStorage.setItem('ui', JSON.stringify({ theme: th, priceMode: 'green-up' })),
      theme,
    );
    for (const p of pages) {
      await goTo(page, p);
      await page.reload();
      await expect(page.locator('h1')).toBeVisible();
      await expect(page.locator('.adm-skeleton')).toHaveCount(0);
      await page.waitForTimeout(400);
      await expect(page.locator('body')).not.toContainText('NaN');
      await shot(page, `game-page-${p.replace(/[/?=]/g, '-')}-${theme}`);
      await toastsGone(page);
      expect((await seriousAxe(page)).map((v) => `${theme} ${p}: ${v}`)).toEqual([]);
    }
  }
  await page.setViewportSize({ width: 360, height: 800 });
  const problems: string[] = [];
  for (const p of pages) {
    const err = await showRoute(page, `#/pages/${p}`);
    if (err) problems.push(err);
    for (const lang of LANGS) {
      await switchLang(page, lang);
      for (const x of await labelsThatDoNotFit(page)) problems.push(`${lang} ${p}: ${x}`);
    }
    await switchLang(page, 'en');
  }
  expect(problems).toEqual([]);
});

test('a guest verifies the email with its code and sends an image', async ({ browser, request }) => {
  const page = await (await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 } })).newPage();
  const email = uniqueEmail('guest');
  await goTo(page, 'kefu/index');
  await page.getByPlaceholder('name@example.com').fill(email);
  await page.getByRole('button', { name: 'Start chat' }).click();
  const form = page.getByTestId('service-guest-verify');
  await expect(form).toBeVisible();
  await page.getByTestId('service-file').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('service-thread').locator('img')).toHaveCount(1);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(
      (th) => localStorage.setItem('ui', JSON.stringify({ theme: th, priceMode: 'green-up' })),
      theme,
    );
    await page.reload();
    await expect(form).toBeVisible();
    await shot(page, `service-guest-verify-${theme}`);
    await axeClean(page, `guest chat ${theme}`);
  }
  await form.getByRole('textbox', { name: '6-digit code' }).fill(await latestCode(request, email));
  await form.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Replies are also sent to your email.')).toBeVisible();
  await page.context().close();
});
