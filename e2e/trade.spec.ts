import { startOwnServer, type OwnServer } from './own-server';
import { test, expect, type Page } from '@playwright/test';
import { DEMO_TRADER, goTo, logInAs, sessionToken, shot } from './helpers';
import { figureText } from '../core';

/**
 * The trading journey as a user of the demo account lives it (server/db/demo.ts grants demo
 * balances): buy BTC at market, place and cancel a limit order, open a 10× long and close it with
 * the P&L on screen equal to the ledger journal, place a 30 s option and see its result; then a
 * comma-decimal amount in French, and every trading page at 390×844 in both themes.
 * Its own server, port and data dir, so it runs beside the other specs.
 */
const PORT = Number(process.env.TRADE_E2E_PORT ?? 8099);
const BASE = `http://127.0.0.1:${PORT}`;

let server: OwnServer | undefined;

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({ port: PORT, name: 'trade', env: { DEMO_USER: 'on', DEMO_COPY_HISTORY: 'off' } });
});

test.afterAll(async () => {
  await server?.stop();
});

async function login(page: Page) {
  // Home's popup notice (a native <dialog>) opens when the page is idle: on a loaded machine after
  // the login's own wait for it. Only it: the trade screens' result dialogs have a "Got it" too.
  const notice = page.locator('dialog[open]').getByRole('button', { name: 'Got it' });
  await page.addLocatorHandler(notice, () => notice.click({ timeout: 3000 }).catch(() => undefined));
  await logInAs(page, DEMO_TRADER);
}

async function api<T>(page: Page, url: string, form: Record<string, string | number>): Promise<T> {
  const res = await page.request.post(`/api${url}`, { headers: { authorization: await sessionToken(page) }, form });
  const body = (await res.json()) as { type: string; message: T };
  expect(body.type).toBe('ok');
  return body.message;
}

const balance = (page: Page, currency: number, type: number) =>
  api<{ available: string; frozen: string }>(page, '/wallet/detail', { currency, type });

/** antd's Dialog.confirm / alert: press its button. */
async function dialogButton(page: Page, name: string) {
  await page.locator('.adm-dialog').getByRole('button', { name }).click();
}

test('spot: buy BTC at market, then place and cancel a limit order', async ({ page }) => {
  await login(page);
  await page.getByRole('link', { name: 'Trade' }).click();
  await expect(page).toHaveURL(/pages\/transaction\/index/);
  await expect(page.getByTestId('pair-last')).toHaveText(/\d/);
  await expect(page.getByTestId('available')).toContainText('USDT');
  await shot(page, 'trade-spot');

  const btcBefore = await balance(page, 1, 2);
  // Market buy 0.01 BTC.
  await page.getByTestId('amount-input').fill('0.01');
  await expect(page.getByTestId('order-total')).toHaveText(/\d/);
  await page.getByTestId('spot-submit').click();
  const sheet = page.getByTestId('confirm-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('0.01 BTC');
  await expect(page.getByTestId('confirm-submit')).toBeInViewport();
  await page.waitForTimeout(400);
  await shot(page, 'trade-spot-confirm');
  await page.getByTestId('confirm-submit').click();
  await expect(page.getByText(/filled/).first()).toBeVisible();
  const btcAfter = await balance(page, 1, 2);
  expect(Number(btcAfter.available) - Number(btcBefore.available)).toBeCloseTo(0.01, 8);

  // An amount with more decimals than the pair allows is refused key by key; letters never show.
  const amount = page.getByTestId('amount-input');
  await amount.fill('');
  await amount.pressSequentially('0.12345678');
  await expect(amount).toHaveValue('0.123456');
  await amount.fill('');

  // Limit buy well below the market (inside the 0.2×–5× band): it waits, funds frozen.
  await page.getByTestId('kind-limit-order').click();
  await page.getByTestId('price-input').fill('20000');
  await amount.fill('0.01');
  await page.getByTestId('spot-submit').click();
  await expect(sheet).toBeVisible();
  await page.getByTestId('confirm-submit').click();
  const open = page.getByTestId('open-orders').getByTestId('spot-order');
  await expect(open).toHaveCount(1);
  await expect(open.first().getByTestId('order-status')).toHaveText('Open');
  expect((await balance(page, 4, 2)).frozen).toBe('200');
  await shot(page, 'trade-spot-open-order');

  await open.first().getByTestId('cancel-order').click();
  await dialogButton(page, 'Confirm');
  await expect(page.getByText('No open orders.', { exact: false })).toBeVisible();
  expect((await balance(page, 4, 2)).frozen).toBe('0');

  // History shows both orders.
  await goTo(page, 'transaction/currency_order');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('spot-orders').getByTestId('spot-order')).toHaveCount(2);
  await shot(page, 'trade-spot-orders');
  // the market buy's fills, recomputed in the page: each level's price × quantity and the VWAP
  const filled = page.getByTestId('spot-orders').locator('[data-testid="spot-order"][data-status="filled"]');
  await filled.getByTestId('spot-proof').locator('summary').click();
  await expect(filled.getByTestId('spot-proof-verdict')).toHaveAttribute('data-ok', 'true');
  await expect(filled.getByTestId('spot-proof')).toContainText('Average price');
  await filled.getByTestId('spot-proof').scrollIntoViewIfNeeded();
  await shot(page, 'trade-spot-proof');
});

test('contracts: open a 10× long, watch live P&L, close it and see the journal’s P&L', async ({ page }) => {
  await login(page);
  await goTo(page, 'transaction/index2?symbol=BTC/USDT');
  await expect(page.getByTestId('lever-account')).toBeVisible();
  await page.getByTestId('multiple-10').click();
  await expect(page.getByTestId('multiple-10')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('lots-input').fill('10');
  await expect(page.getByTestId('margin-preview')).toHaveText(/\d/);
  // a take profit set with the order shows what closing there would make, and goes with the order
  await page.getByTestId('tpsl-toggle').click();
  await page.getByTestId('tp-input').fill('999999');
  await expect(page.getByTestId('tp-estimate')).toContainText(/\+[\d,.]+ USDT/);
  await page.getByTestId('open-long').click();
  await expect(page.getByTestId('confirm-sheet')).toBeVisible();
  await expect(page.getByTestId('confirm-sheet')).toContainText('Take profit');
  await expect(page.getByTestId('confirm-submit')).toBeInViewport();
  await expect(page.getByTestId('confirm-sheet')).toContainText('Est. liquidation price'); // shown before paying ('--' when no price above 0 reaches it)
  await page.waitForTimeout(400); // the sheet slides in
  await shot(page, 'trade-contract-confirm');
  await page.getByTestId('confirm-submit').click();

  const pos = page.getByTestId('positions').getByTestId('position');
  await expect(pos).toHaveCount(1);
  // Live P&L from the worker: it changes as BTC ticks, without a reload.
  const pnl = pos.first().getByTestId('position-pnl');
  await expect(pnl).toHaveText(/\d/);
  const first = (await pnl.textContent()) ?? '';
  await expect.poll(async () => (await pnl.textContent()) ?? '', { timeout: 30_000 }).not.toBe(first);
  await expect(page.getByTestId('risk-rate')).toHaveText(/\d+(\.\d+)?%/);
  await expect(page.getByTestId('margin-ratio')).toHaveText(/\d+(\.\d+)?%/);
  await expect(pos.first().getByTestId('position-roe')).toHaveText(/\([+-]?\d+(\.\d+)?%\)/);
  await shot(page, 'trade-contract-position');

  // TP/SL editor opens with the position's figures.
  await pos.first().getByTestId('tpsl').click();
  await expect(page.getByTestId('tpsl-sheet')).toBeVisible();
  await expect(page.getByTestId('tpsl-sheet').getByTestId('tp-input')).toHaveValue(/^999,?999$/);
  await page.getByTestId('tpsl-sheet').getByRole('button', { name: 'Cancel' }).click();

  const id = Number(await pos.first().getAttribute('data-id'));
  await pos.first().getByTestId('close-position').click();
  await dialogButton(page, 'Confirm');
  const shown = page.getByTestId('close-pnl');
  await expect(shown).toBeVisible();
  await page.waitForTimeout(400); // let the dialog finish fading in
  await shot(page, 'trade-contract-closed');
  await expect(page.getByTestId('close-net-pnl')).toHaveText(/\d/); // net of the opening fee
  const shownValue = (await shown.getAttribute('data-value')) ?? '';
  expect(shownValue).toMatch(/^-?\d+(\.\d+)?$/);

  // The ledger: the profit credit or loss debit journaled against this position.
  const log = await api<{
    list: { reason: string; ref_type: string | null; ref_id: string | null; delta_available: string }[];
  }>(page, '/wallet/legal_log', {
    currency: 4,
    type: 3,
    page: 1,
    limit: 50,
  });
  const rows = log.list.filter(
    (r) =>
      r.ref_type === 'lever_order' &&
      r.ref_id === String(id) &&
      (r.reason === 'lever_profit' || r.reason === 'lever_loss'),
  );
  const journal = rows.reduce((s, r) => s + Number(r.delta_available), 0);
  expect(journal).toBeCloseTo(Number(shownValue), 8);
  // and the figure on screen is that value at the quote's precision (USDT in cents: no 12-digit tail)
  expect(((await shown.textContent()) ?? '').replace(/[^\d.-]/g, '')).toBe(figureText(shownValue, 'price', 2));
  await dialogButton(page, 'Got it');
  await expect(pos).toHaveCount(0);

  // How it was settled: the closed position's panel recomputes its P&L in the page.
  await goTo(page, 'transaction/contract_order');
  await page.getByRole('tab', { name: 'History' }).click();
  const closed = page.locator(`[data-testid="position"][data-id="${id}"]`);
  await closed.getByTestId('position-proof').locator('summary').click();
  await expect(closed.getByTestId('position-proof-verdict')).toHaveAttribute('data-ok', 'true');
  // the market entry's price from the book levels it walked (with the book's seq), recomputed here too
  await expect(closed.getByTestId('position-proof')).toContainText('Book level 1');
  await expect(closed.getByTestId('position-proof')).toContainText('Average price:');
  await closed.scrollIntoViewIfNeeded();
  await shot(page, 'proof-contract-close');

  // a forced close and its panel: e2e/loans.spec.ts drives one with scripted prices
});

test('options: a 30 s order counts down and shows its result', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page);
  await goTo(page, 'transaction/seconds_order?symbol=BTC/USDT');
  await page.getByTestId('seconds-30').click();
  await page.getByTestId('stake-input').fill('10');
  await page.getByTestId('seconds-up').click();
  await expect(page.getByTestId('confirm-sheet')).toBeVisible();
  await page.getByTestId('confirm-submit').click();
  const run = page.getByTestId('seconds-run');
  await expect(run).toBeVisible();
  await expect(page.getByTestId('countdown')).toHaveText(/\d+s/);
  await shot(page, 'trade-seconds-countdown');
  const result = page.getByTestId('seconds-result');
  await expect(result).toBeVisible({ timeout: 60_000 });
  expect(['win', 'lose', 'tie']).toContain(await result.getAttribute('data-result'));
  await shot(page, 'trade-seconds-result');
  await page.getByTestId('seconds-run-close').click();
  const settled = page.getByTestId('seconds-orders').getByTestId('seconds-order').first();
  await expect(settled).toHaveAttribute('data-status', 'settled');
  // How it was settled: both ticks with time and seq, the arithmetic, recomputed in the page
  await settled.getByTestId('seconds-proof').locator('summary').click();
  await expect(settled.getByTestId('seconds-proof-verdict')).toHaveAttribute('data-ok', 'true');
  await expect(settled.getByTestId('seconds-proof')).toContainText('tick #');
  await settled.scrollIntoViewIfNeeded();
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5000 }); // the settled notice has gone
  await shot(page, 'proof-seconds');
});

test('a stock pair outside its session says when orders open again; crypto never closes', async ({ page }) => {
  // a Saturday afternoon in UTC: the page's clock only (the server's feed runs on)
  await page.clock.setFixedTime(new Date('2026-11-28T16:00:00Z'));
  await goTo(page, 'transaction/index?symbol=AAPL/USDT');
  await expect(page.getByTestId('market-closed')).toContainText('Market closed');
  await shot(page, 'trade-stock-closed');
  await goTo(page, 'transaction/index?symbol=BTC/USDT');
  await expect(page.getByTestId('pair-last')).toBeVisible();
  await expect(page.getByTestId('market-closed')).toHaveCount(0);
});

test('French: amounts take a comma and never show NaN', async ({ page }) => {
  await login(page);
  await page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem('session') ?? '{}') as Record<string, unknown>;
    s.lang = 'fra';
    localStorage.setItem('session', JSON.stringify(s));
  });
  await goTo(page, 'transaction/index?symbol=BTC/USDT');
  await page.reload();
  const amount = page.getByTestId('amount-input');
  await amount.pressSequentially('0,015');
  await expect(amount).toHaveValue('0,015');
  await expect(page.getByTestId('order-total')).toHaveText(/\d/);
  await expect(page.locator('body')).not.toContainText('NaN');
  await amount.fill('');
  await amount.pressSequentially('abc');
  await expect(amount).toHaveValue('');
  await page.getByTestId('pct-50').click();
  await expect(amount).toHaveValue(/^\d+(,\d+)?$/);
  await expect(page.locator('body')).not.toContainText('NaN');
  await shot(page, 'trade-spot-fra');
});

test('every trading page at 390×844, light and dark', async ({ page }) => {
  await login(page);
  const pages = [
    'transaction/index',
    'transaction/index2',
    'transaction/seconds_order',
    'transaction/currency',
    'transaction/currency_order',
    'transaction/contract_order',
  ];
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(
      (th) => localStorage.setItem('ui', JSON.stringify({ theme: th, priceMode: 'green-up' })),
      theme,
    );
    for (const p of pages) {
      await goTo(page, p);
      await page.reload();
      await expect(page.locator('h1')).toBeVisible();
      await page.waitForTimeout(800);
      await expect(page.locator('body')).not.toContainText('NaN');
      await shot(page, `trade-page-${p.replace('/', '-')}-${theme}`);
    }
  }
});
