import { test, expect } from '@playwright/test';
import {
  closeHomePopupWhenShown,
  DEMO_TRADER,
  goTo,
  latestCode,
  logInAs,
  parseRowName,
  shot,
  uniqueEmail,
} from './helpers';

// The walking skeleton, as a new user would do it at 390×844 in Debian's Chromium.
test('register with the emailed code, log in, watch a price move, log out', async ({ page, request }) => {
  const email = uniqueEmail('newcomer');
  const password = 'secret-pass-1';
  await closeHomePopupWhenShown(page);

  await page.goto('/h5/');
  await expect(page.getByRole('link', { name: 'Markets' })).toBeVisible();
  await shot(page, 'home-guest');

  // Register: the code arrives in the outbox, the form validates, then sends us to login.
  await page.goto('/h5/#/pages/common/register');
  await page.getByPlaceholder('Enter your email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await latestCode(request, email);
  await page.getByPlaceholder('6-digit code').fill(code);
  await page.getByPlaceholder('At least 7 characters, letters and digits').fill(password);
  await page.getByPlaceholder('Enter the password again').fill(password);
  await shot(page, 'register-filled');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/pages\/common\/login/);

  // Log in with the new account.
  await page.getByPlaceholder('Email or phone number').fill(email);
  await page.getByPlaceholder('Enter your password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/pages\/index\/index/);

  // Markets: the BTC row ticks live (price text changes without a reload).
  await page.getByRole('link', { name: 'Markets' }).click();
  // the list row (the page also shows hot-pair cards above the list)
  // (its figures are painted by the market worker; the row's accessible name carries them)
  const btc = page.locator('[data-symbol="BTC/USDT"]').last();
  const lastPrice = async () => parseRowName(await btc.getAttribute('aria-label'))?.last ?? '';
  await expect.poll(lastPrice).toMatch(/\d/);
  const first = await lastPrice();
  await expect.poll(lastPrice, { timeout: 20_000 }).not.toBe(first);
  await shot(page, 'markets-live');

  // Log out from settings.
  await page.goto('/h5/#/pages/setting/setting');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog').getByText('Log out', { exact: true }).click();
  await expect(page).toHaveURL(/pages\/common\/login/);
});

test('a protected page while logged out toasts and lands on login', async ({ page }) => {
  await page.goto('/h5/#/pages/fund/withdraw');
  await expect(page.getByText('Please log in first')).toBeVisible();
  await expect(page).toHaveURL(/pages\/common\/login/, { timeout: 5_000 });
});

test('switching the language to zh changes the tab labels', async ({ page }) => {
  await page.goto('/h5/#/pages/setting/setting');
  await page.getByTestId('setting-language').click();
  await page.getByText('简体中文').click();
  await page.goto('/h5/#/pages/market/market');
  await expect(page.getByRole('link', { name: '行情' })).toBeVisible();
  await expect(page.getByRole('link', { name: '首页' })).toBeVisible();
  await shot(page, 'markets-zh');
});

test('a page opened right after logging in stays open (the fading Login page does not send the user Home)', async ({
  page,
}) => {
  await logInAs(page, DEMO_TRADER);
  // at once, while Login is still fading out
  await goTo(page, 'transaction/seconds_order?symbol=BTC/USDT');
  await expect(page.getByTestId('seconds-30')).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL(/transaction\/seconds_order/);
  await expect(page.getByTestId('seconds-30')).toBeVisible();
});

test('register by phone with the texted code, then log in with the phone number', async ({ page, request }) => {
  const phone = `139${String(Date.now()).slice(-8)}`;
  const password = 'phone-pass-1';
  await page.goto('/h5/#/pages/common/register');
  await page.getByRole('tab', { name: 'Phone' }).click();
  await page.getByTestId('area-code').selectOption('HK');
  await page.getByPlaceholder('11-digit phone number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Code sent, check your text messages')).toBeVisible();
  const code = await latestCode(request, `+852 ${phone}`);
  await page.getByPlaceholder('6-digit code').fill(code);
  await page.getByPlaceholder('At least 7 characters, letters and digits').fill(password);
  await page.getByPlaceholder('Enter the password again').fill(password);
  await shot(page, 'register-phone');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/pages\/common\/login/);
  // the login page opens with the new account filled in
  await expect(page.getByPlaceholder('Email or phone number')).toHaveValue(phone);
  await page.getByPlaceholder('Enter your password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/pages\/index\/index/);
});
