import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { startOwnServer, type OwnServer } from './own-server';
import { E2E_OUTBOX_SECRET, OUTBOX_SECRET_HEADER } from './dev-outbox';
import { setFeedPrice } from './scripted-feed';
import { axeClean, DEMO_TRADER, dismissHomePopup, goTo, logInAs, shot } from './helpers';
import { labelsThatDoNotFit, switchLang } from './fit';

/**
 * Crypto loans as the demo trader lives them, on a server of its own whose prices the test sets
 * (MARKET_FEED=scripted, POST /api/dev/feed): borrow 3,000 USDT against 0.1 BTC at 50,000, the
 * price falls to 37,000 and the card shows the margin call live (the worker's LTV) while the server
 * mails it once; then repay everything and find the loan in the records with its history. The page
 * at 390×844 in both themes, axe clean, its labels fitting at 360 in all eight languages.
 */
const PORT = Number(process.env.LOANS_E2E_PORT ?? 9103);
const BASE = `http://127.0.0.1:${PORT}`;
let server: OwnServer | undefined;

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOwnServer({
    port: PORT,
    name: 'loans',
    env: { DEMO_USER: 'on', MARKET_FEED: 'scripted', MARKET_BACKFILL: 'off' },
  });
});
test.afterAll(async () => server?.stop());

const setPrice = (request: APIRequestContext, symbol: string, price: string) =>
  setFeedPrice(request, BASE, symbol, price);
const marginMails = async (request: APIRequestContext) => {
  const r = await request.get(`${BASE}/api/dev/outbox?to=${encodeURIComponent(DEMO_TRADER.email)}&limit=50`, {
    headers: { [OUTBOX_SECRET_HEADER]: E2E_OUTBOX_SECRET },
  });
  const body = (await r.json()) as { message: { subject: string }[] };
  return body.message.filter((m) => m.subject === 'Loan margin call').length;
};

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((th) => localStorage.setItem('ui', JSON.stringify({ theme: th, priceMode: 'green-up' })), theme);
  await page.reload();
  await expect(page.locator('h1')).toBeVisible();
}

test('a loan opened, pushed to a margin call by the price, repaid', async ({ page, request }) => {
  await setPrice(request, 'BTC/USDT', '50000');
  await setPrice(request, 'ETH/USDT', '2500');
  await logInAs(page, DEMO_TRADER);
  await dismissHomePopup(page);
  await goTo(page, 'common/borrowing');
  const form = page.getByTestId('borrow-form');
  await expect(form.getByTestId('borrow-price')).toContainText('50');
  await page.getByTestId('collateral-input').fill('0.1');
  await page.getByTestId('amount-input').fill('3000');
  await expect(page.getByTestId('preview-ltv')).toContainText('60.00%');
  await shot(page, 'loans-borrow-light');
  await axeClean(page, 'borrow light');
  await page.getByTestId('borrow-submit').click();
  await expect(page.getByTestId('confirm-sheet')).toContainText('3,000');
  await page.locator('.adm-dialog').getByRole('button', { name: 'Confirm' }).click();

  // the open tab: the LTV live from the market worker
  const card = page.getByTestId('loan-card').first();
  await expect(card.getByTestId('loan-ltv')).toHaveText(/^60\.0\d%$/); // 60 % plus the interest of the seconds since (prorated live)
  await expect(card).toHaveAttribute('data-level', 'safe');
  await expect(card.getByTestId('loan-liq')).toContainText('33,333.33');
  await shot(page, 'loans-open-light');

  // the price falls: the card turns to margin call at the tick, the server mails the call once
  await setPrice(request, 'BTC/USDT', '37000');
  await expect(card.getByTestId('loan-ltv')).toHaveText('81.09%');
  await expect(card).toHaveAttribute('data-level', 'margin_call');
  await expect.poll(() => marginMails(request), { timeout: 15_000 }).toBe(1);
  await setPrice(request, 'BTC/USDT', '36900');
  await expect(card.getByTestId('loan-ltv')).toHaveText('81.31%');
  await shot(page, 'loans-margin-call-toast-light'); // the call's notice, toasted from the socket room
  await page.waitForTimeout(2500); // two job passes at the new price
  expect(await marginMails(request)).toBe(1);
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 10_000 });
  await shot(page, 'loans-margin-call-light');
  await axeClean(page, 'open light');

  // labels fit at 360 in every language, on the loan card
  await page.setViewportSize({ width: 360, height: 844 });
  for (const lang of ['en', 'zh', 'hk', 'jp', 'ko', 'th', 'fra', 'spa']) {
    await switchLang(page, lang);
    expect({ lang, cut: await labelsThatDoNotFit(page) }).toEqual({ lang, cut: [] });
  }
  await switchLang(page, 'en');
  await page.setViewportSize({ width: 390, height: 844 });

  await setTheme(page, 'dark');
  await page.getByRole('tab', { name: /My loans/ }).click();
  await expect(page.getByTestId('loan-card').first()).toHaveAttribute('data-level', 'margin_call');
  await shot(page, 'loans-margin-call-dark');
  await axeClean(page, 'open dark');
  await page.getByRole('tab', { name: 'Borrow' }).click();
  await expect(page.getByTestId('borrow-form')).toBeVisible();
  await shot(page, 'loans-borrow-dark');
  await axeClean(page, 'borrow dark');
  await setTheme(page, 'light');

  // repay everything: the collateral comes back, the loan moves to the records with its history
  await page.getByRole('tab', { name: /My loans/ }).click();
  await page.getByTestId('loan-card').first().getByTestId('loan-repay').click();
  await expect(page.getByTestId('loan-sheet')).toContainText('3,000.0');
  await shot(page, 'loans-repay-sheet-light');
  await page.getByTestId('sheet-repay-all').click();
  await expect(page.getByTestId('loan-card')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Records' }).click();
  const closed = page.getByTestId('loan-card').first();
  await expect(closed.getByTestId('loan-status')).toHaveText('Repaid');
  await closed.getByTestId('loan-history-toggle').click();
  await expect(closed.getByTestId('loan-events').locator('li[data-kind="margin_call"]')).toHaveCount(1);
  await expect(closed.getByTestId('loan-events').locator('li[data-kind="repay"]')).toHaveCount(1);
  await shot(page, 'loans-records-light');
  await axeClean(page, 'records light');
});

// The same scripted prices drive a real forced close: the panel under it recomputes the
// risk rate and the P&L from what the engine stored, in the page.
test('a futures position liquidated by a price fall explains itself', async ({ page, request }) => {
  await setPrice(request, 'BTC/USDT', '50000');
  const login = (await (
    await request.post('/api/user/login', { form: { user_string: DEMO_TRADER.email, password: DEMO_TRADER.password } })
  ).json()) as { message: string };
  const headers = { authorization: login.message };
  const call = async (url: string, form: Record<string, string>) =>
    (await (await request.post(`/api/${url}`, { headers, form })).json()) as { type: string; message: unknown };
  // leave 1,000 USDT in the futures account, then open 1 BTC at 100×: a 2 % fall takes most of it
  expect(
    (await call('wallet/change', { currency_id: '4', number: '49000', from_field: 'lever', to_field: 'change' })).type,
  ).toBe('ok');
  const opened = await call('lever/submit', {
    currency_id: '1',
    legal_id: '4',
    type: 'long',
    status: 'market',
    share: '1000',
    multiple: '100',
  });
  expect(opened.type, JSON.stringify(opened)).toBe('ok');
  await setPrice(request, 'BTC/USDT', '49000');
  await expect
    .poll(
      async () =>
        (
          (await call('lever/my_trade', { currency_id: '1', legal_id: '4', status: 'history', page: '1' })).message as {
            message: { data: { close_reason: string }[] };
          }
        ).message.data.map((p) => p.close_reason),
      { timeout: 20_000 },
    )
    .toContain('liquidation');

  await logInAs(page, DEMO_TRADER);
  await dismissHomePopup(page);
  await goTo(page, 'transaction/contract_order');
  await page.getByRole('tab', { name: 'History' }).click();
  const row = page
    .getByTestId('position')
    .filter({ has: page.getByTestId('position-proof') })
    .first();
  await row.getByTestId('position-proof').locator('summary').click();
  await expect(row.getByTestId('position-proof-verdict')).toHaveAttribute('data-ok', 'true');
  await expect(row.getByTestId('position-proof')).toContainText('Risk rate');
  await row.getByTestId('position-proof').scrollIntoViewIfNeeded();
  await shot(page, 'proof-liquidation');
});
