import { execFileSync } from 'node:child_process';
import { test, expect, type Page } from '@playwright/test';
import { startOwnServer, type OwnServer, tsxCommand } from './own-server';
import { axeClean, shot } from './helpers';
import { admin, api, person, uploadPng, usdt } from './otc-kit';

/**
 * P2P's back office as an operator works it, on a server of its own: merchant applications
 * approved and rejected with a reason; an appealed order read with its evidence (timeline, proof,
 * chat) and refunded to the seller with a reason — the coin back on the merchant's ad, both parties
 * told, the decision in the action log; then the ad taken down with a reason and its unsold escrow
 * back in the merchant's balance. The users act through the public API; the operator only through
 * the screen, at 390×844.
 */
const PORT = Number(process.env.OTC_OFFICE_E2E_PORT ?? 9231);
const BASE = `http://127.0.0.1:${PORT}`;
const OP = { name: 'e2e-otc-desk', password: 'operator-pass-4' };
let server: OwnServer | undefined;

test.use({ baseURL: BASE, viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({
    port: PORT,
    name: 'otc-office',
    env: { MARKET_BACKFILL: 'off' },
    beforeStart: (env) =>
      execFileSync(...tsxCommand('server/admin/cli.ts', 'create', OP.name, OP.password), { env, stdio: 'inherit' }),
  });
});
test.afterAll(async () => server?.stop());

async function giveReason(op: Page, reason: string) {
  const dialog = op.getByRole('dialog');
  await dialog.locator('textarea').fill(reason);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(op.getByRole('dialog')).toHaveCount(0);
}
async function settledShot(op: Page, name: string) {
  await expect(op.locator('.adm-toast-main')).toHaveCount(0, { timeout: 10_000 });
  await shot(op, name);
}

test('an operator approves merchants, decides an appeal with the evidence, and takes an ad down', async ({
  page: op,
  request,
}) => {
  expect((await request.post('/admin/api/login', { headers: { 'x-operator-csrf': '1' }, form: OP })).ok()).toBe(true);
  const stamp = Date.now();
  const m = await person(request, `desk.merchant.${stamp}@example.com`, 2);
  const r = await person(request, `desk.rash.${stamp}@example.com`, 1);
  const b = await person(request, `desk.buyer.${stamp}@example.com`, 1);
  await admin(request, '/users/adjust', {
    user_id: m.id,
    currency_id: 4,
    type: 2,
    amount: '1000',
    reason: 'e2e funds',
  });
  await api(request, 'otc/merchant/apply', m.token, { name: `Desk OTC ${stamp % 1000}` });
  await api(request, 'otc/merchant/apply', r.token, { name: `Rash ${stamp % 1000}` });

  // ── the operator signs in and opens P2P ──
  await op.goto('/h5/admin/');
  await op.getByPlaceholder('Operator name').fill(OP.name);
  await op.getByPlaceholder('Password').fill(OP.password);
  await op.getByRole('button', { name: 'Sign in' }).click();
  await op.getByRole('tab', { name: 'P2P' }).click();
  const desk = op.getByTestId('otc-desk');
  await expect(desk.getByText('No open appeals')).toBeVisible();

  // ── merchant applications: one approved, one rejected with a reason ──
  await desk.getByText('Merchants', { exact: true }).click();
  const apps = desk.getByTestId('otc-admin-merchant');
  await expect(apps).toHaveCount(2);
  await apps.filter({ hasText: 'Desk OTC' }).getByRole('button', { name: 'Approve' }).click();
  await expect(apps.filter({ hasText: 'Desk OTC' })).toHaveCount(0);
  await apps.filter({ hasText: 'Rash' }).getByRole('button', { name: 'Reject' }).click();
  await giveReason(op, 'Identity documents do not match the account');
  await expect(desk.getByText('No pending merchant applications')).toBeVisible();
  const rejected = await api<{ merchant: { status: string; reason: string } }>(request, 'otc/merchant', r.token);
  expect(rejected.merchant).toMatchObject({
    status: 'rejected',
    reason: 'Identity documents do not match the account',
  });

  // ── the merchant posts a sell ad (500 USDT held); the buyer takes 50, pays with proof, writes, and appeals ──
  await api(request, 'otc/methods/add', m.token, {
    kind: 'bank',
    name: 'Ada Lovelace',
    account: '6222 0000 1234',
    bank: 'First Bank',
  });
  const ad = await api<{ id: number }>(request, 'otc/ad/post', m.token, {
    side: 'sell',
    coin_id: 4,
    fiat: 'USD',
    price_type: 'fixed',
    fixed_price: '1.01',
    total: '500',
    min_fiat: '20',
    max_fiat: '1000',
    pay_kinds: 'bank',
    window_min: 15,
    terms: 'Bank only',
  });
  expect(await usdt(request, m.id)).toEqual({ available: '500', frozen: '500' });
  const order = await api<{ id: number }>(request, 'otc/order/open', b.token, {
    ad_id: ad.id,
    amount: '50.5',
    unit: 'fiat',
  });
  await api(request, 'otc/chat/send', b.token, { id: order.id, body: `Sent 50.50 USD, reference ${order.id}` });
  await api(request, 'otc/order/paid', b.token, { id: order.id, proof: await uploadPng(request, b.token) });
  await api(request, 'otc/chat/send', m.token, { id: order.id, body: 'Nothing has arrived on my side' });
  await api(request, 'otc/order/appeal', b.token, { id: order.id, reason: 'Paid 30 minutes ago, no release' });

  // ── the appeal with its evidence ──
  await desk.getByText('Appeals', { exact: true }).click();
  const card = desk.getByTestId('otc-admin-order').filter({ hasText: `Order #${order.id}` });
  await expect(card).toContainText('50 USDT for 50.5 USD');
  await expect(card).toContainText('Appeal: Paid 30 minutes ago, no release');
  const evidence = card.getByTestId('otc-admin-evidence');
  await expect(evidence.getByTestId('otc-admin-timeline').locator('li')).toHaveCount(3);
  await expect(evidence.getByTestId('otc-admin-timeline')).toContainText('appeal');
  await expect(evidence.getByTestId('otc-admin-chat')).toContainText(`buyer`);
  await expect(evidence.getByTestId('otc-admin-chat')).toContainText('Nothing has arrived on my side');
  await expect(evidence.getByRole('link', { name: "open the buyer's proof" })).toHaveAttribute('href', /.+/);
  await settledShot(op, 'admin-otc-appeal');
  await axeClean(op, 'otc appeal desk', '[data-testid="otc-desk"]');

  // a decision needs a reason: the dialog stays until one is given
  await card.getByTestId('otc-admin-refund').click();
  await op.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(op.getByRole('dialog')).toBeVisible();
  await giveReason(op, 'No transfer on the merchant statement');
  await expect(desk.getByText('No open appeals')).toBeVisible();
  await expect(desk.getByTestId('otc-admin-log')).toContainText('otc_appeal_refund');
  await expect(desk.getByTestId('otc-admin-log')).toContainText('No transfer on the merchant statement');

  // the coin went back onto the ad (still held), both parties were told
  const after = await api<{ status: string; resolution: string }>(request, 'otc/order', b.token, { id: order.id });
  expect(after).toMatchObject({ status: 'refunded', resolution: 'No transfer on the merchant statement' });
  expect(await usdt(request, m.id)).toEqual({ available: '500', frozen: '500' });
  for (const who of [b, m]) {
    const list = (await (
      await request.get('/api/user/notices', { headers: { authorization: who.token, lang: 'en' } })
    ).json()) as { message: { list: { title: string; body: string }[] } };
    expect(list.message.list[0]).toMatchObject({
      title: 'Appeal decided',
      body: expect.stringContaining('went back to the seller. Reason: No transfer on the merchant statement'),
    });
  }
  await desk.getByText('Orders', { exact: true }).click();
  await desk.getByText('refunded', { exact: true }).click();
  await expect(desk.getByTestId('otc-admin-order').filter({ hasText: `Order #${order.id}` })).toContainText('refunded');

  // ── the ad taken down with a reason: the unsold 500 back in the merchant's balance ──
  await desk.getByText('Ads', { exact: true }).click();
  const adCard = desk.getByTestId('otc-admin-ad').filter({ hasText: `Ad #${ad.id}` });
  await expect(adCard).toContainText('500 / 500 USDT (held in escrow)');
  await settledShot(op, 'admin-otc-ads');
  await adCard.getByTestId('otc-admin-takedown').click();
  await giveReason(op, 'Terms break the P2P rules');
  await expect(adCard).toHaveCount(0);
  expect(await usdt(request, m.id)).toEqual({ available: '1000', frozen: '0' });
  await desk.getByText('closed', { exact: true }).click();
  await expect(desk.getByTestId('otc-admin-ad').filter({ hasText: `Ad #${ad.id}` })).toContainText(
    'operator — Terms break the P2P rules',
  );
  await settledShot(op, 'admin-otc-ads-closed');
});
