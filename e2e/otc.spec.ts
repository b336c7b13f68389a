import { execFileSync } from 'node:child_process';
import { test, expect, type Browser, type Page } from '@playwright/test';
import { startOwnServer, type OwnServer, tsxCommand } from './own-server';
import { axeClean, dismissHomePopup, goTo, logInAs, shot } from './helpers';
import { labelsThatDoNotFit, showRoute, switchLang } from './fit';
import { PAY, PNG, admin, api, person } from './otc-kit';

/**
 * P2P as two users and an operator live it, on a server of its own: the merchant (approved by the
 * operator) posts an ad on the page; the buyer takes it, pays outside the app and marks it paid with a
 * proof; the merchant releases with the payment password and the buyer's page turns completed. A
 * second order is appealed by the buyer and decided by the operator (the back office's API); then a
 * quick buy: a quote counting down, executed as an order. Each step's notice pops up live in the
 * counterparty's open app. Screens at 390×844 in both themes, axe clean; the P2P screens' labels fit
 * in all eight languages.
 */
const PORT = Number(process.env.OTC_E2E_PORT ?? 9104);
const BASE = `http://127.0.0.1:${PORT}`;
const OP = { name: 'e2e-otc-op', password: 'operator-pass-3' };
let server: OwnServer | undefined;

test.use({ baseURL: BASE, viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({
    port: PORT,
    name: 'otc',
    env: { MARKET_BACKFILL: 'off' },
    beforeStart: (env) =>
      execFileSync(...tsxCommand('server/admin/cli.ts', 'create', OP.name, OP.password), { env, stdio: 'inherit' }),
  });
});
test.afterAll(async () => server?.stop());

type Reply<T> = { type: string; message: T };
/** who the journey made, for the language pass after it */
let seen: { merchant: { email: string; password: string }; orderId: number } | undefined;

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((th) => localStorage.setItem('ui', JSON.stringify({ theme: th, priceMode: 'green-up' })), theme);
  await page.reload();
  await expect(page.locator('h1')).toBeVisible();
}
async function both(page: Page, name: string) {
  await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 10_000 });
  // a dialog that was just answered stays in the DOM while it fades out: axe would see it nameless
  await expect(page.locator('.adm-center-popup-wrap:visible, .adm-mask:visible')).toHaveCount(0, { timeout: 10_000 });
  await shot(page, `${name}-light`);
  await axeClean(page, `${name} light`);
  await setTheme(page, 'dark');
  await shot(page, `${name}-dark`);
  await axeClean(page, `${name} dark`);
  await setTheme(page, 'light');
}
async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 } })).newPage();
  await logInAs(page, who);
  await dismissHomePopup(page);
  return page;
}

test('post an ad, take it, pay with proof, release; an appeal decided by the operator; a quick buy', async ({
  browser,
  request,
}) => {
  expect((await request.post('/admin/api/login', { headers: { 'x-operator-csrf': '1' }, form: OP })).ok()).toBe(true);
  const stamp = Date.now();
  const m = await person(request, `otc.merchant.${stamp}@example.com`, 2);
  const b = await person(request, `otc.buyer.${stamp}@example.com`, 1);
  await admin(request, '/users/adjust', {
    user_id: m.id,
    currency_id: 4,
    type: 2,
    amount: '1000',
    reason: 'e2e funds',
  });
  await api(request, 'otc/merchant/apply', m.token, { name: 'Ada OTC' });
  await admin(request, '/otc/merchants/review', { id: m.id, approve: 1, reason: 'documents ok' });
  await api(request, 'otc/methods/add', m.token, {
    kind: 'bank',
    name: 'Ada Lovelace',
    account: '6222 0000 1234',
    bank: 'First Bank',
  });

  // ── the merchant posts a sell ad on the page ──
  const mp = await signedIn(browser, m);
  await goTo(mp, 'otc/otc?tab=merchant');
  await mp.getByTestId('post-ad-open').click();
  const sheet = mp.getByTestId('post-ad');
  await sheet.getByTestId('ad-price').fill('1.01');
  await sheet.getByTestId('ad-total').fill('500');
  await sheet.getByTestId('ad-min').fill('20');
  await sheet.getByTestId('ad-max').fill('1000');
  await sheet.locator('textarea').fill('Bank transfer with the order number as the reference.');
  await sheet.getByTestId('ad-submit').click();
  await expect(mp.getByTestId('post-ad')).toBeHidden();
  await expect(mp.getByTestId('otc-ad')).toHaveCount(1);
  await expect(mp.getByTestId('otc-ad-price')).toContainText('1.01');
  await both(mp, 'otc-merchant');

  // ── the buyer takes it: 101 USD for 100 USDT ──
  const bp = await signedIn(browser, b);
  await goTo(bp, 'otc/otc');
  const ad = bp.getByTestId('otc-ad').first();
  await expect(ad).toContainText('Ada OTC');
  await both(bp, 'otc-market');
  await ad.getByTestId('otc-take').click();
  await bp.getByTestId('take-amount').fill('101');
  await expect(bp.getByTestId('take-preview')).toContainText('100 USDT');
  await shot(bp, 'otc-take-light');
  await axeClean(bp, 'take sheet');
  await bp.getByTestId('take-submit').click();
  const order = bp.getByTestId('otc-order');
  await expect(order).toHaveAttribute('data-status', 'unpaid');
  await expect(bp.getByTestId('otc-countdown')).toContainText(/Pay within 1[45]:\d\d/);
  await expect(bp.getByTestId('otc-method')).toContainText('6222 0000 1234');
  const orderId = Number(new URL(bp.url().replace('#/', '')).searchParams.get('order'));
  await bp
    .getByTestId('otc-proof')
    .locator('input[type=file]')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await expect(bp.getByTestId('otc-paid')).toBeEnabled();
  await bp
    .getByTestId('otc-chat-input')
    .locator('input')
    .fill('Paid from First Bank, ref ' + orderId);
  await bp.getByTestId('otc-chat-send').click();
  await bp.getByTestId('otc-paid').click();
  await expect(order).toHaveAttribute('data-status', 'paid');
  // the merchant's open app (another screen) hears it at once, as a toast from the socket
  await expect(mp.locator('.adm-toast-main')).toContainText(`The buyer marked order #${orderId} paid`);

  // ── the merchant sees it paid (and the chat), releases with the payment password ──
  await goTo(mp, `otc/otc?order=${orderId}`);
  await expect(mp.getByTestId('otc-order')).toHaveAttribute('data-status', 'paid');
  await expect(mp.getByTestId('otc-chat')).toContainText('Paid from First Bank');
  await both(mp, 'otc-order-paid');
  await mp.getByTestId('otc-release').click();
  await mp.getByTestId('release-password').locator('input').fill(PAY);
  await mp.getByRole('dialog').getByRole('button', { name: 'Release' }).click();
  await expect(mp.getByTestId('otc-order')).toHaveAttribute('data-status', 'released');
  // the buyer's page follows over the socket, no reload, and the notice pops up
  await expect(order).toHaveAttribute('data-status', 'released');
  await expect(bp.locator('.adm-toast-main')).toContainText(`order #${orderId} has been released to your account`);
  await expect(bp.getByTestId('otc-timeline').locator('li')).toHaveCount(3);
  await both(bp, 'otc-order-released');

  // ── a second order, appealed by the buyer, decided by the operator ──
  const adId = (await api<{ id: number }[]>(request, 'otc/myAds', m.token))[0].id;
  const second = await api<{ id: number }>(request, 'otc/order/open', b.token, {
    ad_id: adId,
    amount: '50.5',
    unit: 'fiat',
  });
  await goTo(bp, `otc/otc?order=${second.id}`);
  await bp
    .getByTestId('otc-proof')
    .locator('input[type=file]')
    .setInputFiles({ name: 'receipt2.png', mimeType: 'image/png', buffer: PNG });
  await expect(bp.getByTestId('otc-paid')).toBeEnabled();
  await bp.getByTestId('otc-paid').click();
  await expect(order).toHaveAttribute('data-status', 'paid');
  await bp.getByTestId('otc-appeal').click();
  await bp.getByTestId('appeal-reason').locator('textarea').fill('Paid 20 minutes ago, no release yet');
  await bp.getByRole('dialog').getByRole('button', { name: 'Appeal' }).click();
  await expect(order).toHaveAttribute('data-status', 'appeal');
  await expect(bp.getByTestId('otc-under-appeal')).toBeVisible();
  await both(bp, 'otc-order-appeal');
  const queue = (await (
    await request.get('/admin/api/otc/orders?status=appeal', { headers: { 'x-operator-csrf': '1' } })
  ).json()) as Reply<{ id: number; proof_url: string }[]>;
  expect(queue.message.map((o) => o.id)).toContain(second.id);
  await admin(request, `/otc/orders/${second.id}/resolve`, {
    outcome: 'release',
    reason: 'Bank statement shows the transfer',
  });
  await expect(order).toHaveAttribute('data-status', 'released');
  await expect(bp.getByTestId('otc-actions')).toContainText('Decision: Bank statement shows the transfer');

  // ── quick buy from Home: a quote counting down, executed as an order ──
  await goTo(bp, 'index/index');
  await dismissHomePopup(bp);
  await bp.getByRole('button', { name: 'Quick buy' }).click();
  await bp.getByTestId('quick-amount').fill('30.3');
  await bp.getByTestId('quick-quote-btn').click();
  const quote = bp.getByTestId('quick-quote');
  await expect(quote.getByTestId('quick-coin')).toContainText('30 USDT');
  await expect(quote.getByTestId('quick-countdown')).toContainText(/\d+ s/);
  await shot(bp, 'otc-quick-quote-light');
  await axeClean(bp, 'quick quote');
  await bp.getByTestId('quick-execute').click();
  await expect(order).toHaveAttribute('data-status', 'unpaid');
  await expect(bp.getByTestId('otc-coin-amount')).toContainText('30 USDT');

  // the ad: 500 − 100 − 50 (released) − 30 (in escrow for the quick buy); the merchant's figures: 2 of 2 finished completed
  const [mine] = await api<
    { remaining: string; stats: { orders: number; completed: number; completion_rate: string } }[]
  >(request, 'otc/myAds', m.token);
  expect(mine).toMatchObject({ remaining: '320', stats: { orders: 3, completed: 2, completion_rate: '1' } });
  seen = { merchant: m, orderId };
});

test('the P2P screens: labels fit at 360 in all eight languages', async ({ browser }) => {
  expect(seen, 'the journey ran first').toBeDefined();
  const page = await signedIn(browser, seen!.merchant);
  await page.setViewportSize({ width: 360, height: 800 });
  const langs = ['en', 'zh', 'hk', 'jp', 'ko', 'th', 'fra', 'spa'];
  const routes = [
    'otc/otc?tab=buy',
    'otc/otc?tab=sell',
    'otc/otc?tab=quick',
    'otc/otc?tab=orders',
    'otc/otc?tab=merchant',
    `otc/otc?order=${seen!.orderId}`,
  ];
  const problems: string[] = [];
  for (const r of routes) {
    const err = await showRoute(page, `#/pages/${r}`);
    if (err) problems.push(err);
    for (const lang of langs) {
      await switchLang(page, lang);
      for (const x of await labelsThatDoNotFit(page)) problems.push(`${lang} ${r}: ${x}`);
    }
    await switchLang(page, 'en');
  }
  // P2P money in the language's marks, not the API's plain dots (French: decimal comma, a narrow
  // no-break space between thousands; Spanish groups from five digits)
  await showRoute(page, '#/pages/otc/otc?tab=merchant');
  await switchLang(page, 'fra');
  const card = page.getByTestId('otc-ad').first();
  await expect(card.getByTestId('otc-ad-price')).toHaveText('1,01 USD');
  await expect(card).toContainText('20,00–1\u202f000,00 USD');
  await showRoute(page, `#/pages/otc/otc?order=${seen!.orderId}`);
  await expect(page.getByTestId('otc-price')).toContainText('1,01 USD');
  await expect(page.getByTestId('otc-fiat-amount')).toContainText('101,00 USD');
  await expect(page.getByTestId('otc-coin-amount')).toContainText('100 USDT');
  await showRoute(page, '#/pages/otc/otc?tab=orders');
  // the quick buy still open: 30.3 USD for 30 USDT
  await expect(page.getByTestId('otc-order-row').first()).toContainText('30,30 USD');
  await switchLang(page, 'spa');
  await showRoute(page, '#/pages/otc/otc?tab=merchant');
  await expect(page.getByTestId('otc-ad').first()).toContainText('20,00–1000,00 USD');
  await switchLang(page, 'en');
  // the post-ad sheet, open, in each language
  await showRoute(page, '#/pages/otc/otc?tab=merchant');
  await page.getByTestId('post-ad-open').click();
  await expect(page.getByTestId('post-ad')).toBeVisible();
  for (const lang of langs) {
    await switchLang(page, lang);
    for (const x of await labelsThatDoNotFit(page)) problems.push(`${lang} post-ad sheet: ${x}`);
  }
  await switchLang(page, 'en');
  expect(problems).toEqual([]);
  await page.context().close();
});
