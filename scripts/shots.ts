/**
 * Screenshots of the main screens in every language and both themes at 390×844, for a
 * person to open and look at; outside the test command. It also prints each screen's labels that do
 * not fit (e2e/fit.ts's DOM measure), so a clipped label is named even before the picture is opened.
 *
 *   npx tsx scripts/shots.ts [--base=http://127.0.0.1:8080] [--out=.data/shots] [--pages=a,b] [--langs=en,fra] [--themes=light]
 *
 * Needs a running server with the local demo (DEMO_USER=on) and Debian's /usr/bin/chromium.
 * Files: <out>/<page>-<lang>-<theme>.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { LANGS } from '../core';
import { labelsThatDoNotFit, showRoute, switchLang } from '../e2e/fit';

const arg = (name: string, dflt: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? dflt;
const BASE = arg('base', 'http://127.0.0.1:8080');
const OUT = path.resolve(arg('out', '.data/shots'));
const DEMO = { email: 'demo.trader@example.com', password: 'demo-trader-2024' };
const PAIR = `symbol=${encodeURIComponent('BTC/USDT')}`;

/**
 * The main screens: Home, Markets, the pair page (and its order book, scrolled into view), spot,
 * contract, seconds, assets, copy trading, finance, P2P. A third entry names what to scroll to.
 */
const SCREENS: [name: string, route: string, scrollTo?: string][] = [
  ['home', 'index/index'],
  ['markets', 'market/market'],
  ['pair', `market/detail?${PAIR}`],
  ['pair-book', `market/detail?${PAIR}`, '[data-testid="wide-book"]'],
  ['spot', `transaction/index?${PAIR}`],
  ['contract', `transaction/index2?${PAIR}`],
  ['seconds', `transaction/seconds_order?${PAIR}`],
  ['assets', 'fund/assets'],
  ['copy', 'copytrade/copy'],
  ['trader', 'follow/trader?id=TRADER'],
  ['my-copies', 'copytrade/my'],
  ['finance', 'financial/index'],
  // P2P: the ad market (buy, sell), quick buy, the user's orders, the merchant panel, the user's latest order
  ['p2p-buy', 'otc/otc?tab=buy'],
  ['p2p-sell', 'otc/otc?tab=sell'],
  ['p2p-quick', 'otc/otc?tab=quick'],
  ['p2p-orders', 'otc/otc?tab=orders'],
  ['p2p-merchant', 'otc/otc?tab=merchant'],
  ['p2p-order', 'otc/otc?order=ORDER'],
];

async function firstTrader(): Promise<number> {
  const r = (await (await fetch(`${BASE}/api/follow/index?page=1`)).json()) as {
    message?: { list?: { trader_user_id: number }[] };
  };
  return r.message?.list?.[0]?.trader_user_id ?? 1;
}

/** The demo user's latest P2P order (open first, then finished), or null: its screen is then skipped. */
async function latestOrder(page: Page): Promise<number | null> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('session') ?? '{}') as { token?: string }).token ?? '',
  );
  for (const status of ['open', 'done']) {
    const r = (await (
      await fetch(`${BASE}/api/otc/orders?status=${status}`, { headers: { authorization: token } })
    ).json()) as { message?: { id: number }[] };
    if (Array.isArray(r.message) && r.message[0]) return r.message[0].id;
  }
  return null;
}

async function login(page: Page): Promise<void> {
  await page.goto(`${BASE}/h5/#/pages/common/login`);
  await page.evaluate(() => sessionStorage.setItem('home.popSeen', '1')); // Home's once-a-session notice
  await page.getByPlaceholder('Email or phone number').fill(DEMO.email);
  await page.getByPlaceholder('Enter your password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/pages\/index\/index/);
}

async function setTheme(page: Page, theme: string): Promise<void> {
  await page.evaluate((t) => {
    const cur = JSON.parse(localStorage.getItem('ui') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('ui', JSON.stringify({ ...cur, theme: t }));
  }, theme);
  await page.reload();
}

async function main(): Promise<void> {
  const only = arg('pages', '').split(',').filter(Boolean);
  const langs = arg('langs', LANGS.join(',')).split(',');
  const themes = arg('themes', 'light,dark').split(',');
  fs.mkdirSync(OUT, { recursive: true });
  const trader = await firstTrader();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  // tsx names functions with an __name helper that the page's own code does not have
  await page.addInitScript('globalThis.__name = (f) => f');
  await login(page);
  const order = await latestOrder(page);
  let bad = 0;
  for (const theme of themes) {
    await setTheme(page, theme);
    for (const [name, route, scrollTo] of SCREENS) {
      if (only.length && !only.includes(name)) continue;
      if (route.includes('ORDER') && order === null) {
        console.log(`! ${name}: the demo user has no P2P order; skipped`);
        continue;
      }
      const problem = await showRoute(
        page,
        `#/pages/${route.replace('TRADER', String(trader)).replace('ORDER', String(order))}`,
      );
      if (problem) console.log(`! ${name}: ${problem}`);
      // a plain scroll: Playwright's scrollIntoViewIfNeeded waits for a box that a live book never holds still
      if (scrollTo)
        await page.evaluate((sel) => document.querySelector(sel)?.scrollIntoView({ block: 'center' }), scrollTo);
      await page.waitForTimeout(600); // live figures arrive
      for (const lang of langs) {
        await switchLang(page, lang);
        await page.waitForTimeout(150);
        const file = path.join(OUT, `${name}-${lang}-${theme}.png`);
        await page.screenshot({ path: file });
        const misfits = await labelsThatDoNotFit(page);
        bad += misfits.length;
        for (const m of misfits) console.log(`${name} [${lang} ${theme}]: ${m}`);
      }
    }
  }
  await browser.close();
  console.log(`shots: written to ${OUT}; ${bad} label(s) that do not fit at 390`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
