import { tsxCommand } from './own-server';
import { execFileSync } from 'node:child_process';
import { test, expect, type APIRequestContext } from '@playwright/test';
import { axeClean, latestCode, logInAs, shot, uniqueEmail } from './helpers';

/**
 * Customer service end to end on the shared e2e server: a user opens the chat from the recharge
 * page and sends a message and an image; an operator in a second browser context answers from the
 * back office; the user sees the reply live with the unread badge and read receipts; the
 * connection is cut and restored and nothing is lost or shown twice. Screenshots of the chat in
 * both themes and of the operator inbox, axe clean. The operator is made with the real CLI
 * against the running server's database (DATA_DIR of playwright.config.ts).
 */
const OP = { name: `e2e-service-${Date.now()}`, password: 'operator-service-pass-1' };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function register(request: APIRequestContext, email: string, password: string) {
  expect(
    (await (await request.post('/api/sms_mail', { form: { user_string: email, scene: 'register' } })).json()).type,
  ).toBe('ok');
  const code = await latestCode(request, email);
  const reg = await (
    await request.post('/api/user/register', { form: { user_string: email, password, re_password: password, code } })
  ).json();
  expect(reg.type, JSON.stringify(reg)).toBe('ok');
}

test('a user chats with an operator live: image, badge, receipts, and a cut connection loses nothing', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  execFileSync(...tsxCommand('server/admin/cli.ts', 'create', OP.name, OP.password), {
    env: { ...process.env, DATA_DIR: '.data/e2e' },
    stdio: 'inherit',
  });
  const user = { email: uniqueEmail('service'), password: 'service-pass-2024' };
  await register(request, user.email, user.password);
  await logInAs(page, user);
  const coins = (await (await request.get('/api/currency/list')).json()).message as { id: number; name: string }[];
  const usdt = coins.find((c) => c.name === 'USDT')!.id;

  // ── the user opens the chat from the recharge page, writes and sends an image ──
  await page.goto(`/h5/#/pages/fund/receive?currency=${usdt}`);
  await page.getByTestId('recharge-service').click();
  await expect(page).toHaveURL(/pages\/kefu\/index/);
  const thread = page.getByTestId('service-thread');
  await page.getByRole('textbox', { name: 'Write a message' }).fill('My USDT deposit has not arrived');
  await page.getByTestId('service-send').click();
  await expect(thread.getByText('My USDT deposit has not arrived')).toHaveCount(1);
  await page.getByTestId('service-file').setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: PNG });
  await expect(thread.locator('img')).toHaveCount(1);
  await expect(page.getByTestId('service-receipt')).toContainText('Sent');

  // ── the operator, in a browser context of their own, answers from the back office ──
  const opCtx = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const op = await opCtx.newPage();
  await op.goto('/h5/admin/');
  await op.getByPlaceholder('Operator name').fill(OP.name);
  await op.getByPlaceholder('Password').fill(OP.password);
  await op.getByRole('button', { name: 'Sign in' }).click();
  await op.getByRole('tab', { name: 'Service' }).click();
  const row = op.getByTestId('service-row').filter({ hasText: user.email });
  await row.click();
  const conv = op.getByTestId('service-conversation');
  await expect(conv.getByText('My USDT deposit has not arrived')).toBeVisible();
  await expect(conv.getByRole('img', { name: 'Attachment from the customer' })).toBeVisible();
  // the operator opened it: the user's receipt turns to Read live
  await expect(page.getByTestId('service-receipt')).toContainText('Read');

  // the user goes to settings; the operator's reply shows there as a badge, live
  await page.goto('/h5/#/pages/setting/setting');
  await expect(page.getByTestId('setting-service')).toBeVisible();
  await conv.getByRole('textbox', { name: 'Reply' }).fill('We see it, crediting now');
  await conv.getByTestId('service-reply').click();
  await expect(page.getByTestId('service-unread')).toHaveText('1');
  await page.getByTestId('setting-service').click();
  await expect(thread.getByText('We see it, crediting now')).toHaveCount(1);
  await expect(page.getByTestId('service-unread')).toHaveCount(0);
  await expect(conv.getByTestId('service-admin-receipt')).toHaveText('Read by the customer', { timeout: 20_000 });

  // a live reply while the chat is open
  await conv.getByRole('textbox', { name: 'Reply' }).fill('Done, please check your balance');
  await conv.getByTestId('service-reply').click();
  await expect(thread.getByText('Done, please check your balance')).toHaveCount(1);

  // ── the connection is cut; the operator answers twice; it comes back ──
  await page.context().setOffline(true);
  for (const text of ['While you were away (1)', 'While you were away (2)']) {
    await conv.getByRole('textbox', { name: 'Reply' }).fill(text);
    await conv.getByTestId('service-reply').click();
    await expect(conv.getByText(text)).toHaveCount(1);
  }
  // the cut is real: neither reply reached the page while offline
  await expect(thread.getByText('While you were away')).toHaveCount(0);
  await page.context().setOffline(false);
  await expect(thread.getByText('While you were away (2)')).toHaveCount(1, { timeout: 30_000 });
  const bodies = await thread.getByTestId('service-message').allInnerTexts();
  for (const text of [
    'My USDT deposit has not arrived',
    'We see it, crediting now',
    'Done, please check your balance',
    'While you were away (1)',
    'While you were away (2)',
  ]) {
    expect(
      bodies.filter((b) => b.includes(text)),
      text,
    ).toHaveLength(1);
  }
  await expect(thread.locator('img')).toHaveCount(1);

  // ── screenshots and axe: the chat in both themes, the operator inbox ──
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(
      (th) => localStorage.setItem('ui', JSON.stringify({ theme: th, priceMode: 'green-up' })),
      theme,
    );
    await page.reload();
    await expect(thread.getByText('While you were away (2)')).toBeVisible();
    await shot(page, `service-chat-${theme}`);
    await axeClean(page, `chat ${theme}`);
  }
  await op.evaluate(() => window.scrollTo(0, 0));
  await shot(op, 'service-operator-inbox');
  // the Service tab (the back office's shell bar is not this area's)
  await axeClean(op, 'operator inbox', '[data-testid="service-inbox"]');
  await opCtx.close();
});
