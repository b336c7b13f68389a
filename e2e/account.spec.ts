import { startOwnServer, type OwnServer, tsxCommand } from './own-server';
import { test, expect, type Page, type BrowserContext } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { generate } from 'otplib';
import { latestCode, shot, uniqueEmail } from './helpers';

/**
 * The account journey as a new user lives it, with an operator in a second browser context.
 * The operator account is made with the real CLI (`server/admin/cli.ts create`), which needs the
 * database to itself; so this file runs its own server on its own port and data dir, created
 * after the operator, and stops it at the end.
 */
const PORT = Number(process.env.ACCOUNT_E2E_PORT ?? 8137);
const BASE = `http://127.0.0.1:${PORT}`;
const OP = { name: 'e2e-operator', password: 'operator-pass-1' };
// a 1×1 PNG: vouchers, ID photos and QR images are checked by magic bytes, not content
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let server: OwnServer | undefined;

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({
    port: PORT,
    name: 'acct',
    // never opens copy trading: the demo traders' past (seconds of seeding at start) is not needed
    env: { DEMO_COPY_HISTORY: 'off' },
    // operators are created from the command line, on the server's data dir before it starts
    beforeStart: (env) =>
      execFileSync(...tsxCommand('server/admin/cli.ts', 'create', OP.name, OP.password), { env, stdio: 'inherit' }),
  });
});

test.afterAll(async () => {
  await server?.stop();
});

/** Pick an image in an ImageField and wait until /upload has answered for it. */
async function upload(page: Page, testId: string, name: string) {
  const field = page.getByTestId(testId);
  await field.locator('input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
  await expect(field.locator('img')).toHaveCount(1);
  await expect(field.locator('.adm-image-uploader-cell-loading')).toHaveCount(0);
}

/**
 * Open a page with a fresh document load (not just a hash change), as a user following a link
 * from outside would; it also picks up the current build's chunks.
 */
async function go(page: Page, route: string) {
  await page.goto('about:blank');
  await page.goto(`/h5/#/pages/${route}`);
}

async function confirmSheet(page: Page) {
  const sheet = page.getByTestId('confirm-sheet');
  await expect(sheet).toBeVisible();
  return sheet;
}

async function operatorApproves(op: Page, tab: 'Identity' | 'Recharges' | 'Withdrawals', queue: string, name: string) {
  await op.getByRole('tab', { name: tab }).click();
  const q = op.getByTestId(`queue-${queue}`);
  await q.getByRole('button', { name: 'Refresh' }).click();
  const item = q.getByTestId(`${queue}-item`).first();
  await expect(item).toBeVisible();
  await shot(op, `admin-${name}`);
  await item.getByRole('button', { name: 'Approve' }).click();
  // the pending queue empties once the review is recorded
  await expect(q.getByText(`No pending ${queue} requests`)).toBeVisible();
}

test('a new user verifies, deposits, transfers, binds an authenticator and withdraws; an operator reviews each step', async ({
  browser,
  request,
}) => {
  const email = uniqueEmail('acct');
  const password = 'secret-pass-1';
  const payPassword = 'pay-pass-123';
  const mobile = `139${String(Date.now()).slice(-8)}`;
  const coins = (await (await request.get('/api/currency/list')).json()) as { message: { id: number; name: string }[] };
  const usdt = coins.message.find((c) => c.name === 'USDT');
  expect(usdt, 'USDT is in the catalogue').toBeTruthy();

  const userCtx: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const opCtx: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await userCtx.newPage();
  page.on('pageerror', (e) => console.log('customer page error:', e.message));
  const op = await opCtx.newPage();
  op.on('response', async (r) => {
    if (r.url().includes('/admin/api/login'))
      console.log('operator login answered', r.status(), (await r.text()).slice(0, 80));
  });

  // ── register and log in ──
  await go(page, 'common/register');
  await page.getByPlaceholder('Enter your email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByPlaceholder('6-digit code').fill(await latestCode(request, email));
  await page.getByPlaceholder('At least 7 characters, letters and digits').fill(password);
  await page.getByPlaceholder('Enter the password again').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/common\/login/);
  await page.getByPlaceholder('Email or phone number').fill(email);
  await page.getByPlaceholder('Enter your password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/index\/index/);

  // ── operator signs in on the back office (its own login) and sets the USDT deposit address ──
  await op.goto('/h5/admin/');
  await shot(op, 'admin-login');
  await op.getByPlaceholder('Operator name').fill(OP.name);
  await op.getByPlaceholder('Password').fill(OP.password);
  await op.getByRole('button', { name: 'Sign in' }).click();
  await expect(op.getByText(`Back office · ${OP.name}`)).toBeVisible();
  await op.getByRole('tab', { name: 'Settings' }).click();
  const usdtRow = op.getByTestId('deposit-network-USDT-TRC20');
  await usdtRow.getByLabel('address').fill('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
  await usdtRow.getByLabel('Minimum deposit').fill('5');
  await usdtRow.getByRole('button', { name: 'Save' }).click();
  await op.getByRole('dialog').locator('textarea').fill('platform deposit address for USDT');
  await op.getByRole('button', { name: 'Confirm' }).click();
  await expect(op.getByText('Saved', { exact: true })).toBeVisible();
  await shot(op, 'admin-settings');

  // ── settings, profile, security: email is bound at sign-up; bind the phone ──
  await go(page, 'setting/setting');
  await expect(page.getByTestId('setting-profile')).toBeVisible();
  await shot(page, 'setting');
  await go(page, 'setting/userInfo');
  await expect(page.getByText('Invitation code')).toBeVisible();
  await shot(page, 'userInfo');
  await go(page, 'setting/security');
  await expect(page.getByTestId('sec-email')).toContainText(email);
  await page.getByTestId('sec-mobile').click();
  const bind = page.getByTestId('bind-mobile');
  await bind.getByPlaceholder('11-digit phone number').fill(mobile);
  await bind.getByRole('button', { name: 'Send code' }).click();
  await bind.getByPlaceholder('6-digit code').fill(await latestCode(request, mobile));
  await shot(page, 'security-bind-phone');
  await bind.getByRole('button', { name: 'Bind', exact: true }).click();
  await expect(page.getByTestId('sec-mobile')).toContainText(mobile);
  await shot(page, 'security');

  // ── identity verification level 1 ──
  await go(page, 'setting/real');
  await page.getByPlaceholder('As on the document').fill('Alex Example');
  await page.getByPlaceholder('Document number').fill('110101199001011234');
  await shot(page, 'real-level1');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('kyc-state')).toHaveAttribute('data-state1', 'verifying');
  await shot(page, 'real-verifying');
  await operatorApproves(op, 'Identity', 'kyc', 'kyc-level1');

  // ── level 2: the document's photos ──
  await page.reload();
  await expect(page.getByTestId('kyc-state')).toHaveAttribute('data-state1', 'verified');
  await upload(page, 'front-pic', 'front.png');
  await upload(page, 'reverse-pic', 'back.png');
  await shot(page, 'real-level2');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('kyc-state')).toHaveAttribute('data-state2', 'verifying');
  await operatorApproves(op, 'Identity', 'kyc', 'kyc-level2');
  await page.reload();
  await expect(page.getByTestId('kyc-state')).toHaveAttribute('data-state2', 'verified');
  await shot(page, 'real-verified');

  // ── recharge with a voucher; the operator approves; the balance appears ──
  await go(page, `fund/receive?currency=${usdt!.id}`);
  // the user picks TRC20 (the local demo also publishes an ERC20 address): its address, minimum and warning
  await page.getByTestId('deposit-network').getByText('TRC20', { exact: true }).click();
  await expect(page.getByTestId('deposit-address')).toHaveText('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
  await expect(page.getByTestId('deposit-min')).toContainText('5');
  await expect(page.getByTestId('deposit-warning')).toContainText('TRC20');
  await page.getByPlaceholder('0.00').fill('1000');
  await upload(page, 'voucher', 'voucher.png');
  await shot(page, 'receive');
  await page.getByRole('button', { name: 'Submit deposit' }).click();
  await confirmSheet(page);
  await shot(page, 'receive-confirm');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('recharge-result')).toBeVisible();
  await shot(page, 'receive-pending');
  await operatorApproves(op, 'Recharges', 'recharge', 'recharge');

  await go(page, 'fund/assets');
  await page.getByRole('tab', { name: 'Spot' }).click();
  await expect(page.getByTestId('account-change').getByTestId('bal-change-USDT').getByTestId('available')).toHaveText(
    '1,000',
  );
  await shot(page, 'assets');

  // ── transfer 100 USDT to the contract (futures) account ──
  await go(page, 'fund/fundTransfer');
  await expect(page.getByTestId('transfer-currency')).toContainText('USDT');
  await expect(page.getByTestId('transfer-to')).toContainText('Futures');
  await page.getByPlaceholder('0.00').fill('100');
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await confirmSheet(page);
  await shot(page, 'fundTransfer-confirm');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('transfer-available')).toHaveText('900 USDT');
  await shot(page, 'fundTransfer');

  // ── Google authenticator: the code computed from the secret on screen ──
  await go(page, 'setting/bingga');
  const secret = (await page.getByTestId('ga-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await shot(page, 'bingga');
  const boundAt = Math.floor(Date.now() / 1000);
  const bindCode = await generate({ secret, epoch: boundAt });
  await page.getByPlaceholder('6-digit code').fill(bindCode);
  await page.getByRole('button', { name: 'Bind', exact: true }).click();
  await expect(page.getByTestId('ga-bound')).toBeVisible();

  // ── payment password and a saved address ──
  await go(page, 'setting/payPassword');
  await page.getByPlaceholder('Enter your password').fill(password);
  await page.getByPlaceholder('At least 7 characters, letters and digits').fill(payPassword);
  await page.getByPlaceholder('Enter the password again').fill(payPassword);
  await shot(page, 'payPassword');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Payment password saved')).toBeVisible();

  await go(page, `setting/addWallet?currency=${usdt!.id}`);
  await page.getByPlaceholder('e.g. My Ledger').fill('My wallet');
  await page.getByPlaceholder('Paste the wallet address').fill('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8');
  await page.getByPlaceholder('Paste the wallet address').blur();
  await expect(page.getByTestId('addr-network').locator('.adm-selector-item-active')).toHaveText('TRC20'); // picked from the address's shape
  await upload(page, 'addr-qr', 'qr.png');
  await shot(page, 'addWallet');
  await page.getByRole('button', { name: 'Save' }).click();
  await go(page, 'setting/wallet');
  await expect(page.getByTestId('address-list')).toContainText('TRC20 · TJRabPrwbZy45sbavfcjinPJC18kjpRTv8');
  await shot(page, 'wallet');

  // ── withdraw 50 USDT with the payment password and a fresh TOTP code ──
  await go(page, `fund/withdraw?currency=${usdt!.id}`);
  await expect(page.getByTestId('withdraw-address')).toContainText('My wallet');
  await expect(page.getByTestId('withdraw-network')).toContainText('TRC20');
  await page.getByPlaceholder('0.00').fill('50');
  await page.getByPlaceholder('Enter your payment password').fill(payPassword);
  // a code is accepted once (its step never again): the authenticator's code for a later step than
  // the bind's — the next one while the clock is still in the bind's step (the server accepts a
  // step either side of its own), so nothing waits up to 30 s for the step to turn
  const code = await generate({ secret, epoch: Math.max(Math.floor(Date.now() / 1000), boundAt + 30) });
  expect(code).not.toBe(bindCode);
  await page.getByPlaceholder('6-digit code').fill(code);
  await expect(page.getByTestId('withdraw-received')).not.toHaveText('--');
  await shot(page, 'withdraw');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await confirmSheet(page);
  await shot(page, 'withdraw-confirm');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('withdraw-result')).toBeVisible();
  await shot(page, 'withdraw-pending');
  await operatorApproves(op, 'Withdrawals', 'withdraw', 'withdraw');

  // ── every step in the records ──
  await go(page, 'fund/receive_withdraw_record?tab=recharge');
  await expect(page.getByTestId('recharge-row').first().getByTestId('status-tag')).toHaveAttribute(
    'data-status',
    'approved',
  );
  await shot(page, 'records-recharge');
  await go(page, 'fund/receive_withdraw_record?tab=withdraw');
  await expect(page.getByTestId('withdraw-row').first().getByTestId('status-tag')).toHaveAttribute(
    'data-status',
    'approved',
  );
  await shot(page, 'records-withdraw');
  await go(page, 'fund/transfer_history');
  await expect(page.getByTestId('transfer-row')).toHaveCount(1);
  await shot(page, 'transfer_history');
  await go(page, 'fund/assets_all_record');
  const journal = page.getByTestId('journal-list');
  await expect(journal.locator('[data-reason="recharge"]')).toHaveCount(1);
  await expect(journal.locator('[data-testid="journal-row"]')).not.toHaveCount(0);
  await shot(page, 'assets_all_record');
  // narrowed to withdrawals: only the withdrawal's entries (frozen, then paid) remain
  await page.getByTestId('journal-filters').getByText('All types').click();
  await page.getByTestId('journal-kinds').getByText('Withdraw', { exact: true }).click();
  await expect(journal.locator('[data-reason="recharge"]')).toHaveCount(0);
  await expect(journal.locator('[data-testid="journal-row"]').first()).toHaveAttribute('data-reason', /^withdraw/);
  await shot(page, 'assets_all_record-withdrawals');
  await go(page, 'setting/bill');
  await expect(page.getByTestId('journal-list')).toBeVisible();
  await shot(page, 'bill');

  // ── the other pages, as screenshots ──
  for (const r of [
    'setting/share',
    'setting/coupon',
    'setting/bank',
    'setting/bank_international',
    'setting/areas',
    'setting/real_mark',
    'setting/operational_compliance',
    'setting/password',
    'fund/select?to=receive',
    'fund/transfer',
    'common/faq',
    'common/aboutus',
    'common/contactus',
  ]) {
    await go(page, r);
    await page.waitForTimeout(600);
    await shot(page, r.replace(/[/?=]/g, '_'));
  }
  await userCtx.close();
  await opCtx.close();
});
