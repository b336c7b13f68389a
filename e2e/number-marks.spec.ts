import { test, expect, type Browser, type Page } from '@playwright/test';
import { ROUTES } from '../src/app/routes';
import { startOwnServer, type OwnServer } from './own-server';
import { showRoute, switchLang } from './fit';
import { DEMO_TRADER } from './helpers';
import { demoToken, pageQueries } from './page-queries';
import { setFeedPrice } from './scripted-feed';

/**
 * Every figure on screen goes through the one number formatter (core's figureText, <Num/> and the
 * text helpers in src/components/Money.tsx), so in French it carries French marks: "66 398,68", a
 * comma for decimals and a narrow space between groups. A figure printed as it came from the API or
 * from toFixed keeps the English dot ("65.00%", "66490.09 → 66518.32") or runs ungrouped next to its
 * coin ("10 – 1000000 USDT"). Logged in as the demo user, in French, this visits every page of
 * src/app/routes.ts (coming-soon frames excepted) and reads the visible text of each element.
 *
 * What is not an amount and may keep a dot (the allow list, in RAW_DECIMAL itself):
 * - numbers with more than one dot: versions ("0.8.0"), IP addresses, dotted dates ("29.11.2026");
 * - a dot glued to a letter, ':', '/' or '#' before it: "v1.2", times with fractions ("12:30:45.1"),
 *   paths and ids ("#12.3");
 * - anything inside <code>, <pre>, <script>, <style>, inputs and text areas (typed values and
 *   machine text stay plain: the inputs accept what the API sends);
 * - pair names, dates ("2026-11-29") and times ("12:30") have no dot and never match.
 */
const PORT = Number(process.env.NUMBERS_E2E_PORT ?? 9280);
const BASE = `http://127.0.0.1:${PORT}`;

/** a decimal with the English dot, alone (not one part of a dotted run) and not glued to a word before it */
const RAW_DECIMAL = /(?<![\p{L}\d.:/#_])\d+\.\d+(?!\d|\.\d)/u;
/** an amount of five or more digits left ungrouped before its coin ("1000000 USDT"); ids stand alone */
const UNGROUPED_AMOUNT = /(?<![\p{L}\d.,\u202f\u00a0#])\d{5,}(?:,\d+)?\s?(?:USDT|USDC|BTC|ETH|TRX|BNB|USD|EUR)\b/u;

const GUEST_ONLY = new Set(['common/login', 'common/register', 'common/forget']);
const PAGES = ROUTES.filter((r) => r.load && !GUEST_ONLY.has(r.name));

let server: OwnServer | undefined;
/** the loans' own server: its prices are set by the test (MARKET_FEED=scripted) to bring a margin call */
let loanServer: OwnServer | undefined;
test.afterAll(async () => {
  await server?.stop();
  await loanServer?.stop();
});

/** Pages of the tour that show one thing, beyond the shared queries: an artwork (its royalty and fee). */
const EXTRA_QUERIES: Record<string, string> = { 'nft/artworkDetail': 'code=ART-1001' };

/** Each visible element's own text (its text children joined) that holds an English-formatted figure. */
async function rawFigures(page: Page): Promise<string[]> {
  return page.evaluate(
    ([decimal, ungrouped]) => {
      const patterns = [new RegExp(decimal, 'u'), new RegExp(ungrouped, 'u')];
      const out: string[] = [];
      for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
        if (el.closest('code, pre, script, style, textarea, input, svg title')) continue;
        const own = [...el.childNodes]
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent ?? '')
          .join('');
        if (!own.trim() || !el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') continue;
        const hit = patterns.map((p) => p.exec(own)?.[0]).find(Boolean);
        if (!hit) continue;
        const id = el.closest('[data-testid]')?.getAttribute('data-testid');
        out.push(`"${hit}" in "${own.trim().slice(0, 60)}"${id ? ` (in [data-testid=${id}])` : ''}`);
      }
      return out;
    },
    [RAW_DECIMAL.source, UNGROUPED_AMOUNT.source] as const,
  );
}

/** A phone-sized page of the app at `base`, logged in as the demo user through the login page, in French. */
async function frenchDemoPage(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: base,
    reducedMotion: 'reduce',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto(`${base}/h5/#/pages/common/login`);
  await page.evaluate(() => sessionStorage.setItem('home.popSeen', '1')); // Home's once-a-session notice would cover it
  await page.getByPlaceholder('Email or phone number').fill(DEMO_TRADER.email);
  await page.getByPlaceholder('Enter your password').fill(DEMO_TRADER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/pages\/index\/index/);
  await switchLang(page, 'fra');
  return page;
}

/** Figures behind a tap, each opened on its page after the tour: the page's route, and how to open it. */
const OPENINGS: { name: string; route: string; open: (page: Page) => Promise<unknown> }[] = [
  {
    name: 'the spot order confirm (a market buy: its estimate and slippage)',
    route: 'transaction/index',
    open: async (page) => {
      await page.getByTestId('kind-market-order').click();
      await page.getByTestId('amount-input').fill('0.01');
      await page.getByTestId('spot-submit').click();
      await page.getByTestId('est-slippage').waitFor({ timeout: 10_000 });
    },
  },
  {
    name: 'the fiat currencies and their rates',
    route: 'setting/setting',
    open: async (page) => {
      await page.getByTestId('setting-fiat').click({ timeout: 10_000 });
      await page.locator('.adm-action-sheet-button-item').first().waitFor({ timeout: 10_000 });
    },
  },
  {
    name: 'the artwork buy sheet (its fee rate)',
    route: 'nft/artworkDetail?code=ART-1001',
    open: async (page) => {
      await page.getByTestId('nft-buy').click({ timeout: 10_000 });
      await page.getByTestId('confirm-sheet').waitFor({ timeout: 10_000 });
    },
  },
];

test('no figure in English marks on any page in French', async ({ browser, request }) => {
  test.setTimeout(420_000);
  // rounds of five seconds: the game page has settled results to show by the time the tour gets there
  server = await startOwnServer({ port: PORT, name: 'numbers', env: { DEMO_USER: 'on', GAME_ROUND_SECONDS: '5' } });
  const query = { ...(await pageQueries(request, BASE, await demoToken(request, BASE))), ...EXTRA_QUERIES };
  const page = await frenchDemoPage(browser, BASE);

  const findings: string[] = [];
  for (const r of PAGES) {
    const v = query[r.name] ? `${r.name}?${query[r.name]}` : r.name;
    // a page slow to settle is pages-tour's finding, not this one's: its figures are read all the same
    const slow = await showRoute(page, `#/pages/${v}`);
    if (slow) console.log(`(note) ${slow}`);
    // live figures (tickers, the worker's rows, the game's results) arrive after the title
    if (r.name === 'game/game') {
      const result = page.locator('[data-testid^="game-result-"]').first();
      await result.waitFor({ timeout: 30_000 }).catch(() => findings.push('game/game: no settled round within 30 s'));
      // the verify screen (later in the routes) opens on that round: its report of ticks, pool, fee and stakes
      const round = (await result.getAttribute('data-testid').catch(() => null))?.replace('game-result-', '');
      if (round) query['game/verify'] = `id=${round}`;
    } else if (r.name === 'game/verify' && query[r.name])
      await page
        .getByTestId('verify-report')
        .waitFor({ timeout: 10_000 })
        .catch(() => findings.push(`${v}: no report within 10 s`));
    else await page.waitForTimeout(700);
    for (const f of await rawFigures(page)) findings.push(`${v}: ${f}`);
  }
  // what only shows once opened: a sheet, a dialog, a list of choices
  for (const o of OPENINGS) {
    await showRoute(page, `#/pages/${o.route}`);
    let opened = true;
    await o.open(page).catch((e: Error) => {
      opened = false;
      findings.push(`${o.name}: did not open (${e.message.split('\n')[0]})`);
    });
    if (opened) for (const f of await rawFigures(page)) findings.push(`${o.name}: ${f}`);
    await page.reload(); // closes it
  }
  await page.context().close();
  if (findings.length) console.log(`\nfigures in English marks on French pages\n  ${findings.join('\n  ')}`);
  expect(findings).toEqual([]);
});

test('the loan figures behind a tap in French: the repay sheet and a margin call in the history', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  loanServer = await startOwnServer({
    port: PORT + 1,
    name: 'numbers-loans',
    env: { DEMO_USER: 'on', MARKET_FEED: 'scripted', MARKET_BACKFILL: 'off' },
  });
  const base = loanServer.base;
  await setFeedPrice(request, base, 'BTC/USDT', '50000');
  await setFeedPrice(request, base, 'ETH/USDT', '2500');
  const page = await frenchDemoPage(browser, base);
  const findings: string[] = [];
  const read = async (where: string) => {
    for (const f of await rawFigures(page)) findings.push(`${where}: ${f}`);
  };

  // borrow 3,000 USDT against 0.1 BTC at 50,000 (LTV 60 %), then the price falls to a margin call
  await showRoute(page, '#/pages/common/borrowing');
  await page.getByTestId('collateral-input').fill('0.1');
  await page.getByTestId('amount-input').fill('3000');
  await page.getByTestId('borrow-submit').click();
  await expect(page.getByTestId('confirm-sheet')).toBeVisible();
  await read('the borrow confirm');
  await page.locator('.adm-dialog').getByRole('button', { name: 'Confirmer' }).click();
  const card = page.getByTestId('loan-card').first();
  await expect(card).toHaveAttribute('data-level', 'safe');
  await setFeedPrice(request, base, 'BTC/USDT', '37000');
  await expect(card).toHaveAttribute('data-level', 'margin_call');

  await card.getByTestId('loan-repay').click();
  await expect(page.getByTestId('loan-sheet')).toContainText('3\u202f000,0');
  await read('the repay sheet');
  await page.mouse.click(195, 60); // the mask above the sheet closes it
  await expect(page.getByTestId('loan-sheet')).toHaveCount(0);

  // the history, read again until the server's margin-call job has written the call
  const toggle = card.getByTestId('loan-history-toggle');
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
    await toggle.click();
    await expect(card.locator('li[data-kind="margin_call"]')).toHaveCount(1, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await read('the loan history');
  await page.context().close();
  if (findings.length) console.log(`\nfigures in English marks on French loans\n  ${findings.join('\n  ')}`);
  expect(findings).toEqual([]);
});
