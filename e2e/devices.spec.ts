import { test, expect, type Browser, type Page, type WebSocket } from '@playwright/test';
import fs from 'node:fs';
import { startOwnServer, type OwnServer } from './own-server';
import { axeClean, latestCode, shot, uniqueEmail } from './helpers';

/**
 * Security → Devices: a user signed in on two browsers sees both, signs the other one out from the
 * first; the other's socket is closed at once and its next call sends it to the login page. In
 * English and in Chinese. Its own server: the sign-ins and sign-outs are this file's alone.
 */
const PORT = Number(process.env.DEVICES_E2E_PORT ?? 9260);
const BASE = `http://127.0.0.1:${PORT}`;
const SHOTS = '/work/wt/shots-devices';
const PASSWORD = 'devices-pass-1';
const PHONE = { width: 390, height: 844 };

let server: OwnServer | undefined;
test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({ port: PORT, name: 'devices', env: { DEMO_COPY_HISTORY: 'off' } });
  fs.mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await server?.stop();
});

async function register(email: string): Promise<void> {
  const { request } = await import('@playwright/test');
  const api = await request.newContext({ baseURL: BASE });
  await api.post('/api/sms_mail', { form: { user_string: email, scene: 'register' } });
  const code = await latestCode(api, email);
  const r = (await (
    await api.post('/api/user/register', {
      form: { user_string: email, password: PASSWORD, re_password: PASSWORD, code },
    })
  ).json()) as { type: string };
  expect(r.type).toBe('ok');
  await api.dispose();
}

/** A phone-sized browser in `locale`, signed in through the login page; its sockets are recorded. */
async function signedIn(browser: Browser, email: string, locale: string, userAgent: string) {
  const context = await browser.newContext({ baseURL: BASE, viewport: PHONE, locale, userAgent });
  const page = await context.newPage();
  const sockets: WebSocket[] = [];
  page.on('websocket', (ws) => sockets.push(ws));
  await page.goto('/h5/#/pages/common/login');
  await page.locator('input[autocomplete=username]').fill(email);
  await page.locator('input[autocomplete=current-password]').fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/pages\/index\/index/);
  return { context, page, sockets };
}

async function openDevices(page: Page) {
  await page.goto('/h5/#/pages/setting/security');
  await page.getByTestId('sec-devices').click();
  const sheet = page.getByTestId('devices');
  await expect(sheet).toBeVisible();
  return sheet;
}

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';

for (const lang of [
  { locale: 'en-US', name: 'en', current: 'This device', end: 'Sign out' },
  { locale: 'zh-CN', name: 'zh', current: '本机', end: '退出登录' },
]) {
  test(`Devices (${lang.name}): two sessions listed, the other one signed out and its socket closed`, async ({
    browser,
  }) => {
    const email = uniqueEmail(`devices-${lang.name}`);
    await register(email);
    const first = await signedIn(browser, email, lang.locale, ANDROID);
    const other = await signedIn(browser, email, lang.locale, IPHONE);
    // the other browser's market worker holds an authenticated socket
    await expect
      .poll(() => other.sockets.filter((s) => s.url().includes('/socket.io/')).length, { timeout: 20_000 })
      .toBeGreaterThan(0);

    const sheet = await openDevices(first.page);
    await expect(sheet.getByTestId('device-current')).toHaveCount(1);
    await expect(sheet.getByTestId('device-other')).toHaveCount(1);
    await expect(sheet.getByTestId('device-current')).toContainText(lang.current);
    await expect(sheet.getByTestId('device-current')).toContainText('Chrome 120');
    await expect(sheet.getByTestId('device-other')).toContainText('Mobile Safari 17');
    await expect(sheet.getByTestId('device-other')).toContainText('127.0.0.x');
    await shot(first.page, `devices-${lang.name}`);
    await first.page.screenshot({ path: `${SHOTS}/devices-${lang.name}.png` });
    await axeClean(first.page, `devices ${lang.name}`);

    await sheet.getByTestId('device-other').getByRole('button', { name: lang.end }).click();
    await first.page.getByRole('dialog').getByRole('button', { name: lang.end }).click();
    await expect(sheet.getByTestId('device-other')).toHaveCount(0);
    await expect(sheet.getByTestId('device-current')).toHaveCount(1);
    await first.page.screenshot({ path: `${SHOTS}/devices-${lang.name}-after.png` });

    // the server closed the other browser's socket at once (no sweep, no page action)
    await expect
      .poll(() => other.sockets.some((s) => s.url().includes('/socket.io/') && s.isClosed()), { timeout: 10_000 })
      .toBe(true);
    // its next API call is refused and it lands on the login page
    await other.page.goto('/h5/#/pages/setting/security');
    await expect(other.page).toHaveURL(/pages\/common\/login/, { timeout: 15_000 });

    await first.context.close();
    await other.context.close();
  });
}
