import { seriousAxe } from './axe';
import { startOwnServer, type OwnServer } from './own-server';
import { test, expect, type Page } from '@playwright/test';
import { DEMO_TRADER, dismissHomePopup, goTo, logInAs, shot, toastsGone } from './helpers';

/**
 * The NFT market as the demo trader lives it (the nft area's demo seed): browse, buy a fixed-price
 * artwork through the fee sheet, pay an auction's margin and bid with the pre-filled minimum raise,
 * buy a blind box and open it in My NFTs; the pages at 390×844 in both themes, axe clean. Its own server and port.
 */
const PORT = Number(process.env.NFT_E2E_PORT ?? 8422);
const BASE = `http://127.0.0.1:${PORT}`;
let server: OwnServer | undefined;

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({ port: PORT, name: 'nft', env: { DEMO_USER: 'on', DEMO_COPY_HISTORY: 'off' } });
});
test.afterAll(async () => server?.stop());

async function login(page: Page) {
  await logInAs(page, DEMO_TRADER);
  await dismissHomePopup(page);
}
const confirm = (page: Page) => page.locator('.adm-dialog').getByRole('button', { name: 'Confirm' }).click();

test('browse, buy at a fixed price, pay the margin and bid, buy a blind box', async ({ page }) => {
  await login(page);
  await goTo(page, 'nft/nft');
  await expect(page.getByTestId('nft-tile-AUC-2001')).toBeVisible();
  await shot(page, 'nft-home-light');

  await page.getByTestId('nft-tile-ART-1001').click();
  await page.getByTestId('nft-buy').click();
  await expect(page.getByTestId('nft-confirm-total')).toContainText('25.63'); // 25 + 2.5 % fee rounded up to 2 decimals
  await shot(page, 'nft-buy-sheet-light');
  await confirm(page);
  // bought: the work is read again and its new holder is offered the resale (not a buy button held disabled while the
  // purchase was in flight, which a fast answer no longer shows)
  await expect(page.getByTestId('nft-resell')).toBeEnabled();
  await expect(page.getByTestId('nft-buy')).toHaveCount(0);

  await goTo(page, 'nft/artworkDetail?code=AUC-2001');
  await expect(page.getByTestId('nft-min-bid')).toContainText('105');
  await page.getByTestId('nft-margin').click();
  await expect(page.getByTestId('nft-bid')).toBeVisible();
  await page.getByTestId('nft-bid').click();
  await expect(page.getByTestId('nft-confirm-bid')).toContainText('105');
  await confirm(page);
  await expect(page.getByTestId('nft-price')).toContainText('105');
  await shot(page, 'nft-auction-light');

  await goTo(page, 'nft/artworkDetail?code=BOX-3001');
  await expect(page.getByTestId('nft-series')).toContainText('0 of 40 sold');
  await page.getByTestId('nft-buy').click();
  await confirm(page);
  await expect(page.getByTestId('nft-series')).toContainText('1 of 40 sold');
  await shot(page, 'nft-box-light');

  // my NFTs: the bought artwork, the box to open (not opened → opened: its prize shows)
  await goTo(page, 'nft/mine');
  await expect(page.getByTestId('nft-tile-ART-1001')).toBeVisible();
  await page.getByRole('tab', { name: 'Boxes' }).click();
  const box = page.getByTestId('nft-box-BOX-3001-1');
  await expect(box).toContainText('not opened');
  await box.getByRole('button', { name: 'Open' }).click();
  await expect(box).toContainText('Opened');
  await expect(box).not.toContainText('not opened');
  await shot(page, 'nft-mine-boxes-light');
  // How it was drawn: the commitment binds the draw until the seed is published
  await box.getByTestId('box-proof').locator('summary').click();
  await expect(box.getByTestId('box-proof')).toContainText('Commitment');
  await expect(box.getByTestId('box-proof')).toContainText('1 / 40');
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5000 }); // the "opened" toast has gone
  await shot(page, 'proof-box');

  // resell the bought artwork: the terms and what comes back are shown, then it waits for review
  await goTo(page, 'nft/artworkDetail?code=ART-1001');
  await page.getByTestId('nft-resell').click();
  await page.getByTestId('nft-resell-price').fill('40');
  await shot(page, 'nft-resell-form-light');
  await page.getByTestId('nft-resell-submit').click();
  await expect(page.getByTestId('nft-resell-gets')).toContainText('38'); // 40 − 5 % royalty to the creator
  await confirm(page);
  await expect(page.getByTestId('nft-review-pending')).toBeVisible();
  await shot(page, 'nft-resell-pending-light');
  await goTo(page, 'nft/mine');
  await expect(page.getByTestId('nft-review-pending')).toContainText('Under review');

  // the verifier page: the series' commitment; the seed is published at sell-out or the end
  await goTo(page, 'nft/artworkDetail?code=BOX-3001');
  await page.getByTestId('nft-open-verifier').click();
  await expect(page.getByTestId('nft-verify-code').locator('input')).toHaveValue('BOX-3001');
  await expect(page.locator('body')).toContainText('The seed is published when the series sells out or ends.');
});

test('NFT pages at 390×844, light and dark, no serious axe violation', async ({ page }) => {
  await login(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(
      (th) => localStorage.setItem('ui', JSON.stringify({ theme: th, priceMode: 'green-up' })),
      theme,
    );
    for (const p of [
      'nft/nft',
      'nft/mine',
      'nft/artworkDetail?code=AUC-2002',
      'nft/artworkDetail?code=BOX-3001',
      'nft/resell?code=ART-1001',
      'nft/verify?code=BOX-3001',
    ]) {
      await goTo(page, p);
      await page.reload();
      await expect(page.locator('h1')).toBeVisible();
      await expect(page.getByTestId('loading')).toHaveCount(0);
      await page.waitForTimeout(600);
      await expect(page.locator('body')).not.toContainText('NaN');
      await shot(page, `nft-page-${p.replace(/[/?=]/g, '-')}-${theme}`);
      if (theme === 'light') {
        await toastsGone(page);
        expect((await seriousAxe(page)).map((v) => `${p}: ${v}`)).toEqual([]);
      }
    }
  }
});
