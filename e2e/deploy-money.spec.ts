import { execFileSync } from 'node:child_process';
import { test, expect, type Browser, type Page } from '@playwright/test';
import Decimal from 'decimal.js';
import { startOwnServer, tsxCommand, type OwnServer } from './own-server';
import { DEMO_TRADER, dismissHomePopup, goTo, logInAs, shot } from './helpers';
import { PAY, admin, api, person, uploadPng, usdt, type Person } from './otc-kit';
import { markLoad, NOT_RELOADED, sameLoad } from './same-load';

/**
 * A deploy (SIGTERM, then a start on the same data dir and port) with the money screens open: an
 * NFT auction and a blind box, a P2P order in its payment window (the seller's screen), a loan with
 * its live LTV, the game's rounds. Each page is live again within 20 s of the server answering,
 * without a reload: it follows what the server did meanwhile (a bid, a box sold, a payment, the next
 * round), and a money step taken on it after the restart goes through with the balance following.
 * A server of its own (12-second game rounds, an operator from the CLI), since this one is stopped.
 */
const PORT = Number(process.env.DEPLOY_MONEY_E2E_PORT ?? 9270);
const BASE = `http://127.0.0.1:${PORT}`;
const OP = { name: 'e2e-deploy-op', password: 'operator-pass-3' };
/** the ceiling: live again within 20 s of the restart */
const LIVE_MS = 20_000;
const AUCTION = 'AUC-2002';
const BOX = 'BOX-3001';
let server: OwnServer | undefined;

test.use({ baseURL: BASE });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({
    port: PORT,
    name: 'deploy-money',
    env: { DEMO_USER: 'on', DEMO_COPY_HISTORY: 'off', GAME_ROUND_SECONDS: '12', MARKET_BACKFILL: 'off' },
    beforeStart: (env) =>
      execFileSync(...tsxCommand('server/admin/cli.ts', 'create', OP.name, OP.password), { env, stdio: 'inherit' }),
  });
});
test.afterAll(async () => server?.stop());

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 } })).newPage();
  await logInAs(page, who);
  await dismissHomePopup(page);
  return page;
}
const text = async (page: Page, testId: string) => (await page.getByTestId(testId).first().textContent()) ?? '';
/** the first decimal number in a figure's text ("Current bid 54.00 USDT" → 54) */
const num = (s: string) => new Decimal(/-?[\d,]+(\.\d+)?/.exec(s)?.[0].replace(/,/g, '') ?? 'NaN');
const roundNo = async (page: Page) => num(await page.getByTestId('game-open').locator('h2').innerText()).toNumber();
const confirm = (page: Page) => page.locator('.adm-dialog').getByRole('button', { name: 'Confirm' }).click();

/** Logs how long after the restart a screen was seen live again, for the operations figures. */
async function liveAgain(name: string, since: number, check: () => Promise<void>): Promise<void> {
  await check();
  console.log(`[deploy-money] ${name}: live again ${((Date.now() - since) / 1000).toFixed(1)} s after the restart`);
}

test('a deploy with the NFT, P2P, loan and game screens open: each live again within 20 s, no reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(480_000);
  expect((await request.post('/admin/api/login', { headers: { 'x-operator-csrf': '1' }, form: OP })).ok()).toBe(true);
  const stamp = Date.now();
  const merchant = await person(request, `deploy.merchant.${stamp}@example.com`, 2);
  const buyer = await person(request, `deploy.buyer.${stamp}@example.com`, 1);
  for (const [who, amount] of [
    [merchant, '1000'],
    [buyer, '200'],
  ] as [Person, string][])
    await admin(request, '/users/adjust', { user_id: who.id, currency_id: 4, type: 2, amount, reason: 'e2e funds' });
  const trader = await api<string>(request, 'user/login', '', {
    user_string: DEMO_TRADER.email,
    password: DEMO_TRADER.password,
  });
  const traderId = (
    (await (await request.get('/api/user/info', { headers: { authorization: trader } })).json()) as {
      message: { id: number };
    }
  ).message.id;

  // ── before: the trader holds a margin and the highest bid; a P2P order waits for payment; a loan is open ──
  await api(request, 'bind_box/marginNFT', trader, { code: AUCTION });
  await api(request, 'bind_box/auctionNFT', trader, { code: AUCTION, price: '2' });
  await api(request, 'otc/merchant/apply', merchant.token, { name: 'Deploy OTC' });
  await admin(request, '/otc/merchants/review', { id: merchant.id, approve: 1, reason: 'documents ok' });
  await api(request, 'otc/methods/add', merchant.token, { kind: 'bank', name: 'Ada', account: '6222 1', bank: 'B' });
  const ad = await api<{ id: number }>(request, 'otc/ad/post', merchant.token, {
    side: 'sell',
    coin_id: 4,
    fiat: 'USD',
    price_type: 'fixed',
    fixed_price: '1.01',
    total: '500',
    min_fiat: '20',
    max_fiat: '1000',
    pay_kinds: 'bank',
    window_min: 30,
    terms: 'Order number as the reference.',
  });
  const order = await api<{ id: number }>(request, 'otc/order/open', buyer.token, {
    ad_id: ad.id,
    amount: '101',
    unit: 'fiat',
  });
  const pairs = await (await request.get('/api/loan/pairs', { headers: { authorization: trader } })).json();
  const pair = (
    pairs as { message: { id: number; loan_currency: string; collateral_currency: string }[] }
  ).message.find((p) => p.loan_currency === 'USDT' && p.collateral_currency === 'BTC');
  await api(request, 'loan/borrow', trader, { pair_id: pair!.id, amount: '1000', collateral: '0.1' });

  // ── the screens, open ──
  const auction = await signedIn(browser, DEMO_TRADER);
  await goTo(auction, `nft/artworkDetail?code=${AUCTION}`);
  await expect(auction.getByTestId('nft-price')).toContainText('52');
  const ctx = auction.context();
  const box = await ctx.newPage();
  await goTo(box, `nft/artworkDetail?code=${BOX}`);
  await expect(box.getByTestId('nft-series')).toContainText('0 of 40 sold');
  const loans = await ctx.newPage();
  await goTo(loans, 'common/borrowing');
  await loans.getByRole('tab', { name: /My loans/ }).click();
  await expect(loans.getByTestId('loan-ltv')).toHaveText(/^\d+\.\d\d%$/);
  const game = await ctx.newPage();
  await goTo(game, 'game/game');
  await expect(game.getByTestId('game-open')).toBeVisible();
  const seller = await signedIn(browser, merchant);
  await goTo(seller, `otc/otc?order=${order.id}`);
  await expect(seller.getByTestId('otc-order')).toHaveAttribute('data-status', 'unpaid');
  await expect(seller.getByTestId('otc-countdown')).toContainText(/Pay within \d\d:\d\d/);
  const pages = [auction, box, loans, game, seller];
  for (const p of pages) await markLoad(p);
  const roundBefore = await roundNo(game);
  // a box sold by someone else sends no live event: only the read on reconnect can show it. Sold just
  // before the stop, so the open page's read after the restart (however soon its socket is back) finds it.
  await api(request, 'bind_box/buyNFT', buyer.token, { code: BOX });

  // ── the deploy ──
  await server!.stop({ keepData: true });
  await server!.restart();
  const restartedAt = Date.now();
  // at once, while the pages' sockets are coming back: the trader is outbid (the page learns it from
  // the outbid notice, or from its read on reconnect if the notice came before it was back)
  await api(request, 'bind_box/marginNFT', buyer.token, { code: AUCTION });
  await api(request, 'bind_box/auctionNFT', buyer.token, { code: AUCTION, price: '2' });

  // ── (b) each screen live again within 20 s of the restart, side by side ──
  const loanLtv0 = await text(loans, 'loan-ltv');
  const sellerLeft0 = await text(seller, 'otc-countdown');
  await Promise.all([
    liveAgain('NFT auction', restartedAt, () =>
      expect(auction.getByTestId('nft-price')).toContainText('54', { timeout: LIVE_MS }),
    ),
    liveAgain('blind box', restartedAt, () =>
      expect(box.getByTestId('nft-series')).toContainText('1 of 40 sold', { timeout: LIVE_MS }),
    ),
    liveAgain('loan', restartedAt, () =>
      expect.poll(() => text(loans, 'loan-ltv'), { timeout: LIVE_MS }).not.toBe(loanLtv0),
    ),
    liveAgain('game', restartedAt, async () => {
      await expect.poll(() => roundNo(game), { timeout: LIVE_MS }).toBeGreaterThan(roundBefore);
      const lock0 = await text(game, 'game-lock-in');
      await expect.poll(() => text(game, 'game-lock-in'), { timeout: LIVE_MS }).not.toBe(lock0);
    }),
    liveAgain('P2P order', restartedAt, async () => {
      await expect.poll(() => text(seller, 'otc-countdown'), { timeout: LIVE_MS }).not.toBe(sellerLeft0);
      // the buyer pays from another device: the seller's open screen turns paid
      await api(request, 'otc/order/paid', buyer.token, { id: order.id, proof: await uploadPng(request, buyer.token) });
      await expect(seller.getByTestId('otc-order')).toHaveAttribute('data-status', 'paid', { timeout: LIVE_MS });
    }),
  ]);
  for (const p of pages) expect(await sameLoad(p)).toEqual(NOT_RELOADED);
  await shot(auction, 'deploy-money-auction');
  await box.getByTestId('nft-series').scrollIntoViewIfNeeded();
  await shot(box, 'deploy-money-box');
  await shot(loans, 'deploy-money-loan');
  await shot(game, 'deploy-money-game');
  await shot(seller, 'deploy-money-otc');

  // ── (c) a money step on each screen after the restart goes through; the balance follows ──
  let before = await usdt(request, traderId);
  await auction.getByTestId('nft-bid').click();
  await expect(auction.getByTestId('nft-confirm-bid')).toContainText('56');
  await confirm(auction);
  await expect(auction.getByTestId('nft-price')).toContainText('56');
  expect(await usdt(request, traderId)).toEqual(before); // the margin already covers a bid

  await box.getByTestId('nft-buy').click();
  const boxTotal = num(await box.getByTestId('nft-confirm-total').innerText());
  await confirm(box);
  await expect(box.getByTestId('nft-series')).toContainText('2 of 40 sold');
  await expect
    .poll(async () => (await usdt(request, traderId)).available)
    .toBe(new Decimal(before.available).minus(boxTotal).toString());

  before = await usdt(request, traderId);
  const debt0 = num(await text(loans, 'loan-debt'));
  await loans.getByTestId('loan-repay').click();
  await loans.getByTestId('sheet-amount').fill('100');
  await loans.getByTestId('sheet-submit').click();
  await expect
    .poll(async () => num(await text(loans, 'loan-debt')).toNumber())
    .toBeLessThan(debt0.minus(99).toNumber());
  expect((await usdt(request, traderId)).available).toBe(new Decimal(before.available).minus(100).toString());

  // enough time left before the lock to stake
  await expect(game.getByTestId('game-lock-in')).toHaveText(/Locks in 00:(0[5-9]|1\d)/, { timeout: 30_000 });
  before = await usdt(request, traderId);
  await game.getByTestId('game-amount').locator('input').fill('10');
  await game.getByTestId('game-up').click();
  await confirm(game);
  await expect(game.getByTestId('game-my-stake')).toContainText('Up 10.00 USDT');
  await shot(game, 'deploy-money-game-staked');
  expect((await usdt(request, traderId)).available).toBe(new Decimal(before.available).minus(10).toString());

  const buyerBefore = await usdt(request, buyer.id);
  await seller.getByTestId('otc-release').click();
  await seller.getByTestId('release-password').locator('input').fill(PAY);
  await seller.getByRole('dialog').getByRole('button', { name: 'Release' }).click();
  await expect(seller.getByTestId('otc-order')).toHaveAttribute('data-status', 'released');
  expect((await usdt(request, buyer.id)).available).toBe(new Decimal(buyerBefore.available).plus(100).toString());

  for (const p of pages) expect(await sameLoad(p)).toEqual(NOT_RELOADED);
  await auction.context().close();
  await seller.context().close();
});
