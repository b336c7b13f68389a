/**
 * The static app shell in index.html: the first screen is painted from the HTML before any
 * script, with the snapshot's prices and the visitor's language, and the CSP lets exactly its two
 * inline scripts run.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appShell } from './app-shell';
import { registerWebApp } from './static';
import type { QuoteGroup, QuoteRow } from '../market/quotation';

const row = (symbol: string, now_price: string, change: string, market: 'crypto' | 'stock' = 'crypto'): QuoteRow => {
  const [base, quote] = symbol.split('/');
  return {
    symbol,
    market,
    price_decimals: 2,
    qty_decimals: 4,
    currency_id: 1,
    legal_id: 2,
    id: 1,
    currency_name: base,
    legal_name: quote,
    now_price,
    open: now_price,
    high: now_price,
    low: now_price,
    volume: '1000',
    change,
    logo: '',
    lever_share_num: null,
    spread: '0',
    lever_trade_fee: null,
  };
};
const groups: QuoteGroup[] = [
  {
    id: 2,
    name: 'USDT',
    quotation: [
      row('BTC/USDT', '67143.4', '-5.88'),
      row('ETH/USDT', '3475.56', '1.2'),
      row('AAPL/USDT', '190.1', '0', 'stock'),
    ],
  },
];
const banner = { id: 1, title: 'Zero-fee <BTC>', thumbnail: 'data:image/svg+xml,%3Csvg%2F%3E' };

const shellOf = (html: string, name: string) =>
  new RegExp(`<div class="sh" data-for="${name}"[^>]*>(.*?)</div>(?=<div class="sh" |$)`, 's').exec(html)?.[1] ?? '';

describe('the app shell', () => {
  it('paints Home with the banner picture, the notices and the snapshot’s prices in the language’s number format', () => {
    const html = appShell({
      lang: 'fra',
      siteName: 'H5 Exchange',
      groups,
      home: { banners: [banner], notices: [{ id: 2, title: 'Maintenance' }], pop: null },
    });
    const home = shellOf(html, 'home');
    expect(home).toContain('src="data:image/svg+xml,%3Csvg%2F%3E"');
    expect(home).toContain('alt="Zero-fee &lt;BTC&gt;"');
    expect(home).toContain('Maintenance');
    // French marks: narrow no-break space between thousands, comma for decimals
    expect(home).toContain('67\u202f143,40');
    expect(home).toContain('3\u202f475,56');
    // only crypto pairs on Home's cards, as the page shows
    expect(home).not.toContain('AAPL');
    // the words are the app's French ones, not English
    expect(home).toContain('Actifs totaux');
  });

  it('closes the banner slot when the back office has no banner, as the page does', () => {
    const html = appShell({ lang: 'en', siteName: 'X', groups, home: { banners: [], notices: [], pop: null } });
    expect(shellOf(html, 'home')).not.toContain('sh-banner');
    expect(shellOf(html, 'home')).not.toContain('sh-notice');
  });

  it('paints Markets’ rows and Login’s title in the visitor’s language', () => {
    const html = appShell({ lang: 'zh', siteName: 'H5 Exchange', groups, home: null });
    const markets = shellOf(html, 'markets');
    expect(markets).toContain('67,143.40');
    expect(markets).toContain('AAPL');
    expect(markets).toContain('-5.88%');
    expect(shellOf(html, 'login')).toContain('<h2>欢迎来到 H5 Exchange</h2>');
  });

  it('paints the contract screen’s order form and book frame in the visitor’s language, with both buttons’ labels and no leverage numbers', () => {
    const html = appShell({ lang: 'fra', siteName: 'H5 Exchange', groups, home: null });
    const contract = shellOf(html, 'contract');
    // French marks in the pair's price and the book's last price
    expect(contract.match(/67\u202f143,40/g)).toHaveLength(2);
    for (const word of ['Marché', 'Levier', 'Marge', 'Connectez-vous pour trader']) expect(contract).toContain(word);
    // the visitor's and the logged-in user's labels; the head script's data-authed picks one
    expect(contract).toMatch(/<b class="out">[^<]+<\/b><b class="in">[^<]+<\/b>/);
    expect(contract).not.toMatch(/\d+×/);
  });

  it('shows no price at all when there is no snapshot (the market is not up)', () => {
    const html = appShell({ lang: 'en', siteName: 'X', groups: null, home: null });
    expect(html).not.toMatch(/data-shell-price/);
  });
});

describe('the shell in the served HTML', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'webroot-shell-'));
    fs.writeFileSync(
      path.join(root, 'index.html'),
      '<!doctype html><html><head><title>app</title></head><body><div id="root"></div><script type="module" src="/h5/m.js"></script></body></html>',
    );
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('sits inside #root (React’s first render replaces it) and its inline scripts are allowed by hash only', async () => {
    const web = Fastify();
    await registerWebApp(
      web,
      root,
      () => undefined,
      async () => ({ banners: [banner], notices: [], pop: null, site_name: 'Acme' }),
    );
    const res = await web.inject({ url: '/h5/', headers: { cookie: 'h5_lang=en' } });
    await web.close();
    expect(res.body).toMatch(
      /<div id="root"><div class="sh" data-for="home"[^>]*><header class="sh-hd"><h1>Acme<\/h1>/,
    );
    expect(res.body).toContain('<meta name="shell-lang" content="en">');
    const scripts = [...res.body.matchAll(/<script>(.*?)<\/script>/gs)].map((m) => m[1]);
    expect(scripts).toHaveLength(2);
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toBe(
      `'self' ${scripts.map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`).join(' ')}`,
    );
    expect(csp).not.toContain("unsafe-inline'; script");
  });
});
