import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import Decimal from 'decimal.js';
import { startOwnServer, type OwnServer, tsxCommand } from './own-server';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_TRADER, axeClean, dismissHomePopup, goTo, logInAs, sessionToken, shot } from './helpers';
import { labelsThatDoNotFit, showRoute, switchLang } from './fit';
import { admin, person, PASSWORD } from './otc-kit';

/**
 * The NFT market's browsing pages (the last routes) as the demo trader: artists → an artist
 * → an artwork, search by artist, code and nonsense, a video work played inline and a sound work's
 * player, a purchase seen in the purchase record and its receipt, an auction's proof panel after a
 * bid, and the My NFTs hub; a creator publishing a video work (and a renamed text file refused);
 * an auction bid on in two browsers, outbid, won and paid; 390×844 in both themes, axe clean,
 * labels fit in all eight languages.
 */
const PORT = Number(process.env.NFT_PAGES_E2E_PORT ?? 9220);
const BASE = `http://127.0.0.1:${PORT}`;
let server: OwnServer | undefined;

test.use({ baseURL: BASE, viewport: { width: 390, height: 844 } });
test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({
    port: PORT,
    name: 'nft-pages',
    // a 15 s soft close (5 minutes in production): an auction made here can end within the run
    env: { DEMO_USER: 'on', DEMO_COPY_HISTORY: 'off', NFT_SOFT_CLOSE_SECONDS: String(SOFT_CLOSE_S) },
    beforeStart: (env) =>
      execFileSync(...tsxCommand('server/admin/cli.ts', 'create', OP.name, OP.password), { env, stdio: 'inherit' }),
  });
});
const OP = { name: 'nft-pages-op', password: 'operator-pass-1' };
const SOFT_CLOSE_S = 15;
const LANGS = ['en', 'zh', 'hk', 'jp', 'ko', 'th', 'fra', 'spa'];
test.afterAll(async () => server?.stop());

async function login(page: Page) {
  await logInAs(page, DEMO_TRADER);
  await dismissHomePopup(page);
}
const confirm = (page: Page) => page.locator('.adm-dialog').getByRole('button', { name: 'Confirm' }).click();
async function settle(page: Page) {
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.getByTestId('loading')).toHaveCount(0);
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 10_000 });
}

test('artists → artist → artwork, search, a video and a sound work, a purchase in the record, the auction proof, My NFTs', async ({
  page,
  request,
}) => {
  await login(page);
  await goTo(page, 'nft/nft');
  await page.getByTestId('nft-link-artist').click();
  const aurora = page.locator('[data-testid^="nft-artist-"]', { hasText: 'Aurora Lin' });
  await expect(aurora).toContainText('works');
  await shot(page, 'nft-artists-light');
  await aurora.click();
  await expect(page.getByTestId('nft-artist-profile')).toContainText('Generative colour fields');
  await expect(page.getByTestId('nft-tile-AUC-2001')).toBeVisible();
  await shot(page, 'nft-artist-light');
  await page.getByTestId('nft-tile-ART-1001').click();
  await expect(page.getByTestId('nft-creator')).toContainText('Aurora Lin');
  await expect(page.getByTestId('nft-price')).toContainText('25');

  // search: by artist, by code, and something that matches nothing
  await goTo(page, 'nft/search');
  await page.getByTestId('nft-search').locator('input').fill('kenji');
  await expect(page.getByTestId('nft-search-results')).toContainText('Kenji Mori');
  await expect(page.getByTestId('nft-tile-AUC-2002')).toBeVisible();
  await expect(page.getByTestId('nft-tile-ART-1001')).toHaveCount(0);
  await page.getByTestId('nft-search').locator('input').fill('ART-1002');
  await expect(page.getByTestId('nft-tile-ART-1002')).toBeVisible();
  await expect(page.locator('[data-testid^="nft-tile-"]')).toHaveCount(1);
  await shot(page, 'nft-search-light');
  await page.getByTestId('nft-search').locator('input').fill('no such thing');
  await expect(page.locator('body')).toContainText('Nothing matches “no such thing”');

  // a sound work: its player, and the server answers its file as audio
  await goTo(page, 'nft/artworkDetail?code=SND-4001');
  await expect(page.getByTestId('nft-audio')).toBeVisible();
  const wav = await request.get(`${BASE}/api/bind_box/media/SND-4001.wav`);
  expect(wav.headers()['content-type']).toContain('audio/wav');
  expect((await wav.body()).subarray(0, 4).toString()).toBe('RIFF');
  await shot(page, 'nft-audio-light');

  // the video work opens on its own page and plays inline
  await goTo(page, 'nft/artwork');
  await page.getByRole('tab', { name: 'Video' }).click();
  await page.getByTestId('nft-tile-VID-5001').click();
  await expect(page).toHaveURL(/artworkDetail_video\?code=VID-5001/);
  const video = page.getByTestId('nft-video');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(320);
  await shot(page, 'nft-video-light');

  // buy it: the purchase record lists it, its receipt shows what was paid
  await page.getByTestId('nft-buy').click();
  await confirm(page);
  // sold: the buy button is disabled, or gone once the page has read the item again (the owner sees Resell)
  await expect(page.getByTestId('nft-buy').and(page.locator(':enabled'))).toHaveCount(0);
  await goTo(page, 'nft/myNft');
  await page.getByTestId('nft-my-purchases').click();
  await page.getByTestId('nft-purchase-VID-5001').click();
  await expect(page.getByTestId('nft-receipt-total')).toContainText('61.5'); // 60 + 2.5 % fee
  await expect(page.getByTestId('nft-receipt-state')).toContainText('Paid');
  await shot(page, 'nft-receipt-light');

  // an auction's proof: bid, then the panel replays the public log and agrees with the page
  await goTo(page, 'nft/artworkDetail?code=AUC-2002');
  await page.getByTestId('nft-margin').click();
  await page.getByTestId('nft-bid').click();
  await confirm(page);
  await expect(page.getByTestId('nft-price')).toContainText('52');
  await settle(page);
  const proof = page.getByTestId('auction-proof');
  await proof.locator('summary').click();
  await expect(proof).toContainText('Highest bid');
  await expect(proof).toContainText('≥ 52 ✓');
  await expect(page.getByTestId('auction-proof-verdict')).toHaveAttribute('data-ok', 'true');
  await proof.scrollIntoViewIfNeeded();
  await shot(page, 'nft-auction-proof-light');

  // a favourite, then the hub: the owned video, the bid, the favourite
  await goTo(page, 'nft/artworkDetail?code=ART-1003');
  await page.getByTestId('nft-favourite').click();
  await expect(page.getByTestId('nft-favourite')).toHaveAttribute('aria-pressed', 'true');
  await goTo(page, 'nft/myNft');
  await expect(page.getByTestId('nft-tile-VID-5001')).toBeVisible();
  // the owned work is not listed: it says so, not "Ended" as if a sale had run out
  await expect(page.getByTestId('nft-tile-VID-5001').getByTestId('nft-not-for-sale')).toHaveText('Not for sale');
  await expect(page.getByTestId('nft-tile-VID-5001')).not.toContainText('Ended');
  await shot(page, 'nft-my-light');
  await page.getByRole('tab', { name: 'Bids' }).click();
  await expect(page.locator('[data-testid^="nft-bid-"]').first()).toContainText('Kenji Grid No. 9');
  await page.getByRole('tab', { name: 'Favourites' }).click();
  await expect(page.getByTestId('nft-tile-ART-1003')).toBeVisible();
});

test('a creator publishes a video work from their phone; a text file renamed to .mp3 is refused', async ({
  page,
  request,
}) => {
  await login(page);
  // the operator makes the demo trader a creator (an artist account) with a collection
  expect((await request.post(`${BASE}/admin/api/login`, { form: OP, headers: { 'x-operator-csrf': '1' } })).ok()).toBe(
    true,
  );
  const me = (await (
    await request.get(`${BASE}/api/user/info`, { headers: { authorization: await sessionToken(page) } })
  ).json()) as { message: { id: number } };
  const opPost = async (url: string, form: Record<string, string | number>) =>
    (await (
      await request.post(`${BASE}/admin/api/nft${url}`, { headers: { 'x-operator-csrf': '1' }, form })
    ).json()) as { type: string; message: number };
  const artist = await opPost('/artists', { name: 'Demo Trader Studio', bio: 'Short films', user_id: me.message.id });
  expect(artist.type).toBe('ok');
  expect((await opPost('/collections', { artist_id: artist.message, name: 'Studio Reels' })).type).toBe('ok');

  await goTo(page, 'nft/myNft');
  await page.getByTestId('nft-publish-open').click();
  const sheet = page.getByTestId('nft-publish');
  await sheet.getByTestId('nft-publish-file').setInputFiles({
    name: 'song.mp3',
    mimeType: 'audio/mpeg',
    buffer: Buffer.from('not a song, just text\n'.repeat(40)),
  });
  // the title box is named by its visible label (not a placeholder that disappears as one types)
  await expect(sheet.locator('label', { hasText: 'Title' })).toBeVisible();
  await sheet.getByLabel('Title', { exact: true }).fill('Not a song');
  await sheet.getByTestId('nft-publish-price').fill('12'); // DecimalInput puts the test id on its input
  await sheet.getByTestId('nft-publish-submit').click();
  await expect(page.locator('.adm-toast-main')).toContainText('Only pictures (PNG, JPEG, WebP, GIF), sound');
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 10_000 });

  await sheet.getByTestId('nft-publish-file').setInputFiles({
    name: 'reel.webm',
    mimeType: 'video/webm',
    buffer: fs.readFileSync('server/areas/nft/media/demo.webm'),
  });
  await sheet.getByLabel('Title', { exact: true }).fill('Studio Reel One');
  await shot(page, 'nft-publish-light');
  await sheet.getByTestId('nft-publish-submit').click();
  await expect(page.locator('.adm-toast-main')).toContainText('Published to your collection');
  const tile = page.locator('[data-testid^="nft-tile-W"]', { hasText: 'Studio Reel One' });
  await expect(tile).toBeVisible();
  await tile.click();
  await expect(page).toHaveURL(/artworkDetail_video\?code=W/);
  const video = page.getByTestId('nft-video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(320);
  const src = await video.evaluate((v: HTMLVideoElement) => v.currentSrc);
  const file = await request.get(src);
  expect(file.headers()['content-type']).toBe('video/webm');
  expect(file.headers()['x-content-type-options']).toBe('nosniff');
  await shot(page, 'nft-published-video-light');
});

test('an operator creates an item on the back office NFT screen (errors in the operator’s language) and it is on sale in the market', async ({
  page,
  browser,
}) => {
  const op = await browser.newPage({ baseURL: BASE, viewport: { width: 390, height: 844 } });
  await op.goto('/h5/admin/');
  await op.getByPlaceholder('Operator name').fill(OP.name);
  await op.getByPlaceholder('Password').fill(OP.password);
  await op.getByRole('button', { name: 'Sign in' }).click();
  await op.getByRole('tab', { name: 'NFT' }).click();
  await expect(op.getByTestId('nft-admin-item-ART-1001')).toContainText('25 USDT');
  await op.getByTestId('nft-admin-new').click();
  const create = op.getByTestId('nft-admin-create');

  // in Chinese: what is missing and what is not a price, said under each field
  await op.getByTestId('admin-lang').getByRole('button', { name: '中文' }).click();
  // the Chinese table arrives on demand: validate once the form speaks it (the messages are set at validation)
  await expect(op.getByTestId('nft-admin-submit')).toHaveText(/[\u4e00-\u9fff]/);
  await op.getByTestId('nft-admin-submit').click();
  await expect(create.locator('.adm-form-item-feedback-error').first()).toHaveText('必填');
  await op.getByTestId('nft-admin-price').locator('input').fill('twelve');
  await expect(create).toContainText('请输入普通小数，例如 0.5');
  await shot(op, 'admin-nft-errors-zh');
  await op.getByTestId('admin-lang').getByRole('button', { name: 'EN' }).click();

  await op.getByTestId('nft-admin-title').locator('input').fill('Harbour at Dusk');
  await op.getByTestId('nft-admin-collection').selectOption({ index: 1 });
  await op.getByTestId('nft-admin-media').setInputFiles({
    name: 'harbour.webm',
    mimeType: 'video/webm',
    buffer: fs.readFileSync('server/areas/nft/media/demo.webm'),
  });
  await create.getByText('SSR', { exact: true }).click();
  await op.getByTestId('nft-admin-price').locator('input').fill('18.5');
  const code = await op.getByTestId('nft-admin-code').locator('input').inputValue();
  await shot(op, 'admin-nft-form-light');
  await op.getByTestId('nft-admin-submit').click();
  await expect(op.locator('.adm-toast-main')).toContainText(`Item ${code} created`);
  const card = op.getByTestId(`nft-admin-item-${code}`);
  await expect(card).toContainText('Harbour at Dusk');
  await expect(card).toContainText('18.5 USDT');
  await expect(card).toContainText('SSR');
  await shot(op, 'admin-nft-list-light');
  await op.close();

  // the customer sees it in the market, on sale, as a video work
  await login(page);
  await goTo(page, 'nft/search?q=Harbour');
  const tile = page.getByTestId(`nft-tile-${code}`);
  await expect(tile).toContainText('18.5');
  await expect(tile.getByTestId('nft-countdown')).toBeVisible();
  await tile.click();
  await expect(page).toHaveURL(new RegExp(`artworkDetail_video\\?code=${code}`));
});

test('the back office NFT tab: an edit as far as the sale allows, a locked item, the resale queue approved and rejected', async ({
  page,
  browser,
}) => {
  // the demo trader owns two works and submits both for resale (the buyer's side is nft.spec's)
  await login(page);
  const token = await sessionToken(page);
  const bind = async (path: string, form: Record<string, string>) =>
    (await (
      await page.request.post(`/api/bind_box/${path}`, { headers: { authorization: token, lang: 'en' }, form })
    ).json()) as { type: string; message: unknown };
  for (const code of ['ART-1006', 'ART-1007']) {
    expect((await bind('buyNFT', { code })).type).toBe('ok');
    expect((await bind('resellNFT', { code, price: '80' })).type).toBe('ok');
  }

  const op = await browser.newPage({ baseURL: BASE, viewport: { width: 390, height: 844 } });
  await op.goto('/h5/admin/');
  await op.getByPlaceholder('Operator name').fill(OP.name);
  await op.getByPlaceholder('Password').fill(OP.password);
  await op.getByRole('button', { name: 'Sign in' }).click();
  await op.getByRole('tab', { name: 'NFT' }).click();
  const toast = op.locator('.adm-toast-main');
  const toastGone = () => expect(op.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 10_000 });

  // ── an item on sale: raising its price is refused (a buyer never pays more than the page showed); lowering it and a new title go through ──
  const search = op.getByTestId('nft-admin-search').locator('input');
  await search.fill('ART-1010');
  await search.press('Enter');
  const card = op.getByTestId('nft-admin-item-ART-1010');
  await expect(card).toContainText('70 USDT');
  await card.getByTestId('nft-admin-edit').click();
  const form = card.getByTestId('nft-admin-edit-ART-1010');
  await expect(form.getByTestId('nft-admin-edit-rule')).toContainText(
    'On sale: the price, raise and margin can only go down',
  );
  await form.getByTestId('nft-admin-edit-price').locator('input').fill('90');
  await form.getByTestId('nft-admin-edit-save').click();
  await expect(form).toContainText('Say why (it goes in the action log)');
  await form.getByTestId('nft-admin-edit-reason').locator('input').fill('Collector demand');
  await form.getByTestId('nft-admin-edit-save').click();
  await expect(toast).toHaveText('The sale has started: the price, bid increment and margin can only be lowered');
  await shot(op, 'admin-nft-edit-refused-light');
  await toastGone();
  await form.getByTestId('nft-admin-edit-price').locator('input').fill('60');
  await form.getByTestId('nft-admin-edit-title').locator('input').fill('Ember #10 (restored)');
  await form.getByTestId('nft-admin-edit-reason').locator('input').fill('Spring promotion');
  await form.getByTestId('nft-admin-edit-save').click();
  await expect(toast).toContainText('Saved: title, price');
  await toastGone();
  await expect(card).toContainText('60 USDT');
  await expect(card).toContainText('Ember #10 (restored)');
  await shot(op, 'admin-nft-edited-light');

  // ── a work a holder owns: its terms and rarity are locked, the form says why ──
  await search.fill('ART-1006');
  await search.press('Enter');
  const owned = op.getByTestId('nft-admin-item-ART-1006');
  await expect(owned).toContainText('Terms locked');
  await owned.getByTestId('nft-admin-edit').click();
  await expect(owned.getByTestId('nft-admin-edit-rule')).toContainText('only the title and description can change');
  await expect(owned.getByTestId('nft-admin-edit-price').locator('input')).toBeDisabled();
  await expect(owned.getByTestId('nft-admin-edit-end')).toBeDisabled();
  await shot(op, 'admin-nft-edit-locked-light');

  // ── the review queue: approve one listing, reject the other with the reason the holder reads ──
  await op.getByTestId('nft-admin-views').getByText('Review queue').click();
  const queue = op.getByTestId('queue-nft');
  const entry = (code: string) => queue.getByTestId('nft-item').filter({ hasText: code });
  await expect(entry('ART-1006')).toContainText('80 USDT');
  await expect(entry('ART-1007')).toBeVisible();
  await shot(op, 'admin-nft-queue-light');
  await entry('ART-1006').getByRole('button', { name: 'Approve' }).click();
  await expect(toast).toHaveText('Approved');
  await toastGone();
  await entry('ART-1007').getByRole('button', { name: 'Reject' }).click();
  await op.getByRole('dialog').locator('textarea').fill('Price far above recent sales');
  await op.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(toast).toHaveText('Rejected');
  await toastGone();
  await expect(entry('ART-1006')).toHaveCount(0);
  await expect(entry('ART-1007')).toHaveCount(0);
  await queue.getByText('Rejected', { exact: true }).click();
  await expect(entry('ART-1007')).toContainText('Price far above recent sales');
  await expect(entry('ART-1007')).toContainText(OP.name);
  await shot(op, 'admin-nft-queue-rejected-light');

  // ── artists and revenue: the platform's fees from the two sales are there ──
  await op.getByTestId('nft-admin-views').getByText('Artists & revenue').click();
  await expect(op.getByTestId('nft-admin-revenue')).toContainText('USDT');
  await expect(op.getByTestId('nft-admin-catalog')).toContainText('Aurora Lin');
  await shot(op, 'admin-nft-catalog-light');
  await op.close();

  // the holder: one work listed for resale, the other rejected with the operator's reason; the market shows the new price
  await goTo(page, 'nft/artworkDetail?code=ART-1006');
  await expect(page.getByTestId('nft-resell')).toHaveText('Listed');
  await goTo(page, 'nft/artworkDetail?code=ART-1007');
  await expect(page.locator('body')).toContainText('Price far above recent sales');
  await goTo(page, 'nft/artworkDetail?code=ART-1010');
  await expect(page.getByTestId('nft-price')).toContainText('60');
  await expect(page.locator('body')).toContainText('Ember #10 (restored)');
});

/** A user's USDT in the funds account (NFT margins freeze there), as the back office reads it. */
async function usdtOf(request: APIRequestContext, userId: number): Promise<{ available: Decimal; frozen: Decimal }> {
  const r = (await (
    await request.get(`${BASE}/admin/api/users/detail?id=${userId}`, { headers: { 'x-operator-csrf': '1' } })
  ).json()) as { message: { balances: { currency_id: number; type: number; available: string; frozen: string }[] } };
  const b = r.message.balances.find((x) => x.currency_id === 4 && x.type === 2);
  return { available: new Decimal(b?.available ?? 0), frozen: new Decimal(b?.frozen ?? 0) };
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((th) => localStorage.setItem('ui', JSON.stringify({ theme: th, priceMode: 'green-up' })), theme);
  await page.reload();
  await settle(page);
}

test('an auction in two browsers: A bids, B outbids, A sees it, B wins at the end and pays; A’s margin comes back exactly', async ({
  page,
  browser,
  request,
}) => {
  // the operator's session (this request context) and a second customer, B, with 1000 USDT
  expect((await request.post(`${BASE}/admin/api/login`, { form: OP, headers: { 'x-operator-csrf': '1' } })).ok()).toBe(
    true,
  );
  const b = await person(request, `nft.bidder.${Date.now()}@example.com`, 1);
  await admin(request, '/users/adjust', {
    user_id: b.id,
    currency_id: 4,
    type: 2,
    amount: '1000',
    reason: 'e2e funds',
  });
  const ctxB = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 }, hasTouch: true });
  const pageB = await ctxB.newPage();
  await logInAs(pageB, { email: b.email, password: PASSWORD });
  await dismissHomePopup(pageB);
  await login(page);
  const a = (
    (await (
      await request.get(`${BASE}/api/user/info`, { headers: { authorization: await sessionToken(page) } })
    ).json()) as { message: { id: number } }
  ).message;

  // the operator lists an auction of a platform-held work ending in 30 s: start 100, margin 10, +5 a bid
  // (by Aurora Lin, a demo artist with an account of her own: neither bidder is paid as its creator)
  const artists = (await (
    await request.get(`${BASE}/admin/api/nft/artists`, { headers: { 'x-operator-csrf': '1' } })
  ).json()) as { message: { id: number; name: string; user_id: number | null }[] };
  const aurora = artists.message.find((x) => x.name === 'Aurora Lin');
  expect(aurora?.user_id).not.toBe(a.id);
  const cols = (await (
    await request.get(`${BASE}/admin/api/nft/collections`, { headers: { 'x-operator-csrf': '1' } })
  ).json()) as { message: { id: number; artist_id: number }[] };
  const collection = cols.message.find((c) => c.artist_id === aurora?.id);
  expect(collection).toBeDefined();
  const code = `AUC-E2E-${Date.now() % 1_000_000}`;
  const t0 = Date.now();
  await admin(request, '/nft/items', {
    code,
    collection_id: collection!.id,
    title: 'Last Light (two-bidder auction)',
    rarity: 'SR',
    currency_id: 4,
    price: '100',
    pay_type: '2',
    start_time: String(t0 - 1000),
    end_time: String(t0 + 30_000),
    margin: '10',
    per_increase: '5',
  });
  const a0 = await usdtOf(request, a.id);
  const b0 = await usdtOf(request, b.id);

  // A pays the margin and bids the pre-filled minimum: 105
  await goTo(page, `nft/artworkDetail?code=${code}`);
  await page.getByTestId('nft-margin').click();
  await page.getByTestId('nft-bid').click();
  await expect(page.getByTestId('nft-confirm-bid')).toContainText('105');
  await confirm(page);
  await expect(page.getByTestId('nft-price')).toContainText('105');
  expect((await usdtOf(request, a.id)).frozen.minus(a0.frozen).toFixed()).toBe('10'); // A's margin is held

  // B, in another browser, sees A's bid and outbids: 110
  await goTo(pageB, `nft/artworkDetail?code=${code}`);
  await expect(pageB.getByTestId('nft-price')).toContainText('105');
  await pageB.getByTestId('nft-margin').click();
  await pageB.getByTestId('nft-bid').click();
  await expect(pageB.getByTestId('nft-confirm-bid')).toContainText('110');
  await confirm(pageB);
  // A, on the same page and without reloading, is told at once: B's 110 leads, 115 leads again
  const outbid = page
    .locator('.adm-toast-main')
    .filter({ hasText: 'You were outbid on “Last Light (two-bidder auction)”' });
  await expect(outbid).toContainText('110 USDT leads now. Bid at least 115 USDT');
  await shot(page, 'nft-auction-outbid-toast-light');
  await expect(page.getByTestId('nft-price')).toContainText('Current bid 110'); // the page follows the notice
  await expect(pageB.getByTestId('nft-price')).toContainText('110');
  // B's open page will be told when the auction ends, whatever A's page is doing meanwhile (awaited below)
  const wonToast = expect(
    pageB.locator('.adm-toast-main').filter({ hasText: 'You won “Last Light (two-bidder auction)”' }),
  )
    .toContainText('pay 112.75 USDT within 24 hours', { timeout: 90_000 })
    .then(
      () => null,
      (err: unknown) => err,
    );

  // A's page, read again: the current bid is B's 110 and A's next bid must be at least 115
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect(page.getByTestId('nft-price')).toContainText('Current bid 110');
    await expect(page.getByTestId('nft-min-bid')).toContainText('115');
    const proof = page.getByTestId('auction-proof');
    await proof.locator('summary').click();
    await expect(proof).toContainText('110 ≥ 110 ✓');
    await expect(page.getByTestId('auction-proof-verdict')).toHaveAttribute('data-ok', 'true');
    await shot(page, `nft-auction-outbid-${theme}`);
    await axeClean(page, `outbid ${theme}`);
  }

  // the end (moved by the soft close if B's bid came inside its last 15 s): B has won and owes 110 + 2.5 % = 112.75,
  // told live on the page B left open
  const notTold = await wonToast;
  if (notTold) throw notTold;
  await shot(pageB, 'nft-auction-won-toast-light');
  await goTo(pageB, 'nft/mine?tab=orders');
  const order = pageB.locator('[data-testid^="nft-order-"]', { hasText: 'Last Light' });
  await expect(async () => {
    await pageB.reload();
    await expect(order).toContainText('Pay within', { timeout: 2000 });
  }).toPass({ timeout: 90_000, intervals: [1000] });
  await expect(order).toContainText('112.75');
  // every other bidder's margin comes back at the end: A's balance is exactly what it was before the margin
  const a1 = await usdtOf(request, a.id);
  expect([a1.available.toFixed(), a1.frozen.toFixed()]).toEqual([a0.available.toFixed(), a0.frozen.toFixed()]);
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(pageB, theme);
    await expect(order).toContainText('Pay within');
    await shot(pageB, `nft-auction-won-${theme}`);
  }

  // B pays within the window: the sheet shows the total and the margin that comes back
  await order.getByRole('button', { name: 'Pay now' }).click();
  const sheet = pageB.locator('.adm-dialog');
  await expect(sheet).toContainText('112.75');
  await expect(sheet).toContainText('Margin returned');
  await confirm(pageB);
  await expect(order).toContainText('Paid');
  const b1 = await usdtOf(request, b.id);
  expect(b0.available.minus(b1.available).toFixed()).toBe('112.75');
  expect(b1.frozen.toFixed()).toBe(b0.frozen.toFixed());
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(pageB, theme);
    await expect(order).toContainText('Paid');
    await shot(pageB, `nft-auction-paid-${theme}`);
    await axeClean(pageB, `paid ${theme}`);
  }
  // the work is B's now: its page offers B the resale
  await goTo(pageB, `nft/artworkDetail?code=${code}`);
  await expect(pageB.getByTestId('nft-resell')).toBeVisible();
  await ctxB.close();
});

test('the new NFT pages at 390×844: both themes, axe clean, labels fit in all eight languages', async ({ page }) => {
  await login(page);
  const pages = [
    'nft/nft',
    'nft/artist',
    'nft/artistDetail?id=1',
    'nft/artwork',
    'nft/collection',
    'nft/collection?id=2',
    'nft/search?q=Tide',
    'nft/artworkDetail_video?code=VID-5001',
    'nft/purchase',
    'nft/myNft',
  ];
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(
      (th) => localStorage.setItem('ui', JSON.stringify({ theme: th, priceMode: 'green-up' })),
      theme,
    );
    for (const p of pages) {
      await goTo(page, p);
      await page.reload();
      await settle(page);
      await page.waitForTimeout(400);
      await expect(page.locator('body')).not.toContainText('NaN');
      await expect(page.locator('body')).not.toContainText('Coming soon');
      await shot(page, `nft-pages-${p.replace(/[/?=]/g, '-')}-${theme}`);
      await axeClean(page, `${p} ${theme}`);
    }
  }
  // every NFT page the user reaches (the auction, the boxes, a receipt and the resale form too), in each language
  const receipt = await page.evaluate(async () => {
    const token = (JSON.parse(localStorage.getItem('session') ?? '{}') as { token?: string }).token ?? '';
    const r = (await (
      await fetch('/api/bind_box/getMyNFTOrders?page=1', { headers: { authorization: token } })
    ).json()) as { message: { list: { id: number }[] } };
    return r.message.list[0]?.id;
  });
  const more = [
    'nft/artworkDetail?code=AUC-2001',
    'nft/artworkDetail?code=BOX-3001',
    'nft/mine',
    'nft/resell?code=VID-5001',
    ...(receipt ? [`nft/purchase_one?id=${receipt}`] : []),
  ];
  const problems: string[] = [];
  for (const p of [...pages, ...more]) {
    const err = await showRoute(page, `#/pages/${p}`);
    if (err) problems.push(err);
    for (const lang of LANGS) {
      await switchLang(page, lang);
      for (const x of await labelsThatDoNotFit(page)) problems.push(`${lang} ${p}: ${x}`);
    }
    await switchLang(page, 'en');
  }
  expect(problems).toEqual([]);
});
