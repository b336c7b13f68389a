/**
 * A static app shell in index.html: what the opened route looks like, painted before any
 * script has downloaded. On the throttled phone profile the entry's JS takes ~2.4 s to arrive, parse
 * and run; until now nothing painted before it. The server already has what the first screen
 * needs — the quotes snapshot, Home's banners and notices in the visitor's language — so it writes
 * the first screen of Home, Markets, Login and the contract screen as plain HTML and CSS inside
 * #root. The inline script of app-shell-head.ts shows the one the hash names. React's first render
 * (createRoot on #root) replaces it with the same layout.
 *
 * Everything in it is either language-neutral (prices, pair names) or in the language the app
 * will open in (the same tables, locales/, and the same pick, core/policy/first-lang.ts). Nothing
 * in it is interactive, or seen by assistive tech (inert, aria-hidden): it is a picture of the page
 * for the moment before the page exists.
 */
import { figureText, numberMarks, toFiat } from '../../core/calc/number-format';
import type { Lang } from '../../core/types/api';
import type { QuoteGroup, QuoteRow } from '../market/quotation';
import { shellText } from './shell-text';

/** Home's first-screen content in one language (the banners and notices of /news/list page 1, the pop-up notice or null). */
export interface HomeContent {
  banners: unknown[];
  notices: unknown[];
  pop: unknown;
  /** the operators' site name (the header of Home's shell) */
  site_name?: string;
}

/** Home's entries (src/pages/index/entries.ts), in order: the labels of the shortcut grid */
const ENTRY_KEYS = [
  'spot',
  'contract',
  'seconds',
  'stocks',
  'copy',
  'invest',
  'lockming',
  'defi',
  'cloud',
  'ieo',
  'nft',
  'otc',
  'quickbuy',
];
const TABS = [
  ['/pages/index/index', 'home'],
  ['/pages/market/market', 'markets'],
  ['/pages/transaction/index', 'trade'],
  ['/pages/financial/index', 'finance'],
  ['/pages/fund/assets', 'assets'],
] as const;
/** the pair the contract screen opens on without ?symbol= */
const CONTRACT_SYMBOL = 'BTC/USDT';
/** Markets' rows that fit the first screen (64 px each under ~170 px of header) */
const MARKET_ROWS = 10;

export interface ShellInput {
  lang: string;
  siteName: string;
  groups: QuoteGroup[] | null;
  home: HomeContent | null;
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ESC[c]);

const tone = (pct: string) => (Number(pct) > 0 ? 'sh-up' : Number(pct) < 0 ? 'sh-down' : 'sh-flat');

function header(title: string): string {
  return `<header class="sh-hd"><h1>${esc(title)}</h1></header>`;
}

function tabBar(lang: string, active: string): string {
  const items = TABS.map(
    ([path, key]) =>
      `<span${path === active ? ' class="on"' : ''}><i></i>${esc(shellText(lang, `tabs.${key}`))}</span>`,
  );
  return `<nav class="sh-tabs">${items.join('')}</nav>`;
}

function rows(groups: QuoteGroup[] | null): QuoteRow[] {
  return (groups ?? []).flatMap((g) => g.quotation);
}

/** the banner's picture: Home's largest element, the same image at the same size as the carousel's */
function field(item: unknown, key: string): string {
  const v = item && typeof item === 'object' ? (item as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v : '';
}

function home(input: ShellInput): string {
  const { lang, home: content } = input;
  const marks = numberMarks(lang as Lang);
  const banner = (content?.banners ?? []).find((b) => field(b, 'thumbnail') || field(b, 'image'));
  // the React page closes the banner and notice slots when the back office has none
  const bannerHtml =
    content && !banner
      ? ''
      : `<div class="sh-banner">${banner ? `<img src="${esc(field(banner, 'thumbnail') || field(banner, 'image'))}" alt="${esc(field(banner, 'title'))}" fetchpriority="high" decoding="sync">` : ''}</div>`;
  const notices = content?.notices ?? null;
  const noticeHtml =
    notices && notices.length === 0
      ? ''
      : `<div class="sh-notice">${esc(notices ? notices.map((n) => field(n, 'title')).join('　·　') : '')}</div>`;
  const cards = rows(input.groups)
    .filter((q) => q.market === 'crypto')
    .slice(0, 3)
    .map((q) => {
      const t = tone(q.change);
      return `<span><small>${esc(q.symbol)}</small><b class="sh-px ${t}" data-shell-price>${esc(figureText(q.now_price, 'price', q.price_decimals, marks))}</b><em class="sh-px ${t}" style="font-style:normal">${esc(figureText(q.change, 'percent', 2, marks))}</em></span>`;
    });
  const grid = ENTRY_KEYS.map((k) => `<span><i></i>${esc(shellText(lang, `home.entry.${k}`))}</span>`).join('');
  return (
    `<div class="sh" data-for="home" aria-hidden="true" inert>${header(input.siteName)}<div class="sh-home">${bannerHtml}${noticeHtml}` +
    `<div class="sh-assets"><div class="l">${esc(shellText(lang, 'home.totalAssets'))} (USDT)</div><div class="v"><b>--</b><span>${esc(shellText(lang, 'home.loginToSee'))}</span></div>` +
    `<div class="a"><span>${esc(shellText(lang, 'home.recharge'))}</span><span>${esc(shellText(lang, 'home.withdraw'))}</span></div></div>` +
    `<div class="sh-grid">${grid}</div><div class="sh-cards">${cards.join('')}</div></div>${tabBar(lang, '/pages/index/index')}</div>`
  );
}

function markets(input: ShellInput): string {
  const { lang } = input;
  const marks = numberMarks(lang as Lang);
  const vol = shellText(lang, 'market.vol');
  const list = rows(input.groups)
    .slice(0, MARKET_ROWS)
    .map((q) => {
      let turnover = '0';
      try {
        turnover = toFiat(q.volume, q.now_price);
      } catch {
        /* a bad figure shows as 0, as the page does */
      }
      return (
        `<div class="sh-row"><span class="p"><b>${esc(q.currency_name)}</b><small>/${esc(q.legal_name)}</small></span><span class="o">${esc(vol)} ${esc(figureText(turnover, 'compact', 2, marks))}</span>` +
        `<span class="x sh-px" data-shell-price>${esc(figureText(q.now_price, 'price', q.price_decimals, marks))}</span><span class="c sh-px ${tone(q.change)}">${esc(figureText(q.change, 'percent', 2, marks))}</span></div>`
      );
    });
  const tabs = ['favourites', 'all', 'crypto', 'stocks']
    .map((k) => `<span${k === 'all' ? ' class="on"' : ''}>${esc(shellText(lang, `market.${k}`))}</span>`)
    .join('');
  return (
    `<div class="sh" data-for="markets" aria-hidden="true" inert>${header(shellText(lang, 'tabs.markets'))}<div class="sh-search">${esc(shellText(lang, 'market.searchPlaceholder'))}</div>` +
    `<div class="sh-mtabs">${tabs}</div><div class="sh-sort"><span>${esc(shellText(lang, 'market.pairVol'))}</span><span>${esc(shellText(lang, 'market.last'))}</span><span>${esc(shellText(lang, 'market.change'))}</span></div>` +
    `${list.join('')}${tabBar(lang, '/pages/market/market')}</div>`
  );
}

function login(input: ShellInput): string {
  const { lang } = input;
  return (
    `<div class="sh" data-for="login" aria-hidden="true" inert>${header(shellText(lang, 'auth.login'))}<div class="sh-auth">` +
    `<h2>${esc(shellText(lang, 'auth.welcome', { name: input.siteName }))}</h2><p>${esc(shellText(lang, 'auth.loginSub'))}</p>` +
    `<label>${esc(shellText(lang, 'auth.account'))}</label><div class="in">${esc(shellText(lang, 'auth.accountPlaceholder'))}</div>` +
    `<label>${esc(shellText(lang, 'auth.password'))}</label><div class="in">${esc(shellText(lang, 'auth.passwordPlaceholder'))}</div>` +
    `<div class="go">${esc(shellText(lang, 'auth.login'))}</div><div class="k"><span>${esc(shellText(lang, 'auth.toRegister'))}</span><span>${esc(shellText(lang, 'auth.forgot'))}</span></div>` +
    `<div class="k"><span>${esc(shellText(lang, 'service.contact'))}</span></div></div></div>`
  );
}

/** The leverage chips' count before the settings arrive: empty boxes, never numbers the operator may have changed */
const SHELL_CHIPS = 6;

/**
 * The contract screen: its title, the trade kinds, the pair with its price, the chart's bar, and the
 * order form beside the book's frame — the form's labels, empty leverage chips and both order buttons,
 * in the sizes of LeverForm and OrderBook. The buttons are the page's largest text (its LCP) for a
 * visitor: painting them here keeps the LCP at the first paint. Both labels are written; the head
 * script's `data-authed` picks "Open long/short" over "Log in to trade".
 */
function contract(input: ShellInput): string {
  const { lang } = input;
  const q = rows(input.groups).find((r) => r.symbol === CONTRACT_SYMBOL);
  const tr = (key: string) => esc(shellText(lang, key));
  const kinds = (['spot', 'contract', 'seconds'] as const)
    .map((k) => `<span${k === 'contract' ? ' class="on"' : ''}>${tr(`trade.kind.${k}`)}</span>`)
    .join('');
  const [base, quote] = CONTRACT_SYMBOL.split('/');
  const price = q ? esc(figureText(q.now_price, 'price', q.price_decimals, numberMarks(lang as Lang))) : '';
  const pair = q
    ? `<div class="sh-pair"><b>${esc(q.symbol)}</b><span class="sh-px ${tone(q.change)}" data-shell-price>${price}</span><span class="c sh-px ${tone(q.change)}">${esc(figureText(q.change, 'percent', 2, numberMarks(lang as Lang)))}</span></div>`
    : '';
  const btn = (side: 'Long' | 'Short') =>
    `<span class="sh-btn"><b class="out">${tr('trade.loginToTrade')}</b><b class="in">${tr(`trade.lever.open${side}`)}</b></span>`;
  const form =
    `<div class="sh-f"><div class="k"><span class="on">${tr('trade.market')}</span><span>${tr('trade.limit')}</span></div>` +
    `<div class="mp"><span>${tr('trade.price')}</span><span>${tr('trade.marketPrice')}</span></div>` +
    `<div class="fl">${tr('trade.lever.multiple')}</div><div class="ch">${'<i></i>'.repeat(SHELL_CHIPS)}</div>` +
    `<div class="bx"><span>${tr('trade.lever.lots')}</span></div>` +
    `<div class="tp"><i></i>${tr('trade.lever.tpsl')}</div>` +
    `<div class="sm"><div><span>${tr('trade.lever.margin')}</span><span>--</span></div><div><span>${tr('trade.lever.openingFee')}</span><span>--</span></div></div>` +
    `<div class="bt">${btn('Long')}${btn('Short')}</div></div>`;
  const book =
    `<div class="sh-bk"><div class="h"><span>${tr('book.price')}<br>(${quote})</span><span>${tr('book.amount')}<br>(${base})</span></div>` +
    `<div class="r"></div><div class="m"><span class="sh-px ${q ? tone(q.change) : ''}">${price}</span></div><div class="r"></div></div>`;
  const chart = `<div class="sh-chart"><span>${tr('trade.chart')}</span></div>`;
  return `<div class="sh" data-for="contract" aria-hidden="true" inert>${header(shellText(lang, 'trade.title.contracts'))}<div class="sh-kinds">${kinds}</div>${pair}${chart}<div class="sh-split">${form}${book}</div>${tabBar(lang, '/pages/transaction/index')}</div>`;
}

/** Every landing route's shell; the head's script shows the one the hash names (none for other routes). */
export function appShell(input: ShellInput): string {
  return home(input) + markets(input) + login(input) + contract(input);
}
