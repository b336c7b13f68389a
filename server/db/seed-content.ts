/**
 * Seeded site content (banners, news, the pop-up notice, FAQ, contact, about, white paper, menu,
 * settings): the structure here, the words in ./content/<lang>.ts for all eight languages. A row an
 * operator adds in one language only falls back to English when read (areas/content/domain/pages.ts).
 */
import { LANGS, type Lang } from '../../core';
import type { ContentPage } from './tables';
import { CONTENT, type MenuKey, type NewsSlug, type SiteContent } from './content';
import type { NewsText } from './content/types';

/** A self-contained banner image, so a fresh install shows something without any asset files. */
function bannerSvg(title: string, from: string, to: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="690" height="280" viewBox="0 0 690 280">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="690" height="280" rx="24" fill="url(#g)"/>` +
    `<text x="40" y="160" font-family="sans-serif" font-size="40" font-weight="700" fill="#fff">${title}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export interface NewsSeed {
  slug: NewsSlug;
  c_id: 4 | 5;
  pop?: boolean;
  sort: number;
  /** days before the seed date, so the list has a believable order */
  ageDays: number;
  image?: [string, string];
  link?: string;
  text: Record<Lang, NewsText>;
}

/** The text of one piece of content in every language (./content/<lang>.ts). */
function everyLang<T>(pick: (c: SiteContent) => T): Record<Lang, T> {
  return Object.fromEntries(LANGS.map((l) => [l, pick(CONTENT[l])])) as Record<Lang, T>;
}

const NEWS_LAYOUT: Omit<NewsSeed, 'text'>[] = [
  {
    slug: 'banner-zero-fee-btc',
    c_id: 5,
    sort: 30,
    ageDays: 0,
    image: ['#28185D', '#5D5679'],
    link: '/pages/transaction/index',
  },
  {
    slug: 'banner-lock-mining',
    c_id: 5,
    sort: 20,
    ageDays: 1,
    image: ['#0F766E', '#22C55E'],
    link: '/pages/lockming/lockming',
  },
  {
    slug: 'banner-copy-trading',
    c_id: 5,
    sort: 10,
    ageDays: 2,
    image: ['#1D4ED8', '#38BDF8'],
    link: '/pages/copytrade/copy',
  },
  { slug: 'notice-nft-review', c_id: 4, pop: true, sort: 100, ageDays: 0 },
  { slug: 'news-new-listings', c_id: 4, sort: 50, ageDays: 3 },
  { slug: 'news-stocks', c_id: 4, sort: 40, ageDays: 5 },
  { slug: 'news-security', c_id: 4, sort: 30, ageDays: 8 },
  { slug: 'news-maintenance', c_id: 4, sort: 20, ageDays: 12 },
];

export const NEWS: NewsSeed[] = NEWS_LAYOUT.map((n) => ({ ...n, text: everyLang((c) => c.news[n.slug]) }));

export function newsImage(n: NewsSeed, lang: Lang): string {
  return n.image ? bannerSvg(escapeXml(n.text[lang].title), n.image[0], n.image[1]) : '';
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export const PAGES: Record<ContentPage, Record<Lang, { title: string; body: string }>> = {
  faq: everyLang((c) => ({ title: c.faq.title, body: JSON.stringify(c.faq.entries) })),
  contactus: everyLang((c) => c.contactus),
  aboutus: everyLang((c) => c.aboutus),
  operational_compliance: everyLang((c) => c.operational_compliance),
};

export interface MenuSeed {
  key: MenuKey;
  path: string;
  icon: string;
  sort: number;
  titles: Record<string, string>;
}

const MENU_LAYOUT: Omit<MenuSeed, 'titles'>[] = [
  { key: 'recharge', path: '/pages/fund/select?type=recharge', icon: 'recharge', sort: 100 },
  { key: 'withdraw', path: '/pages/fund/select?type=withdraw', icon: 'withdraw', sort: 95 },
  { key: 'copytrade', path: '/pages/copytrade/copy', icon: 'copy', sort: 90 },
  { key: 'seconds', path: '/pages/transaction/index2', icon: 'seconds', sort: 85 },
  { key: 'invest', path: '/pages/invest/invest', icon: 'invest', sort: 80 },
  { key: 'lockming', path: '/pages/lockming/lockming', icon: 'mining', sort: 75 },
  { key: 'ieo', path: '/pages/ieo/ieo', icon: 'ieo', sort: 70 },
  { key: 'nft', path: '/pages/nft/nft', icon: 'nft', sort: 65 },
  { key: 'otc', path: '/pages/otc/otc', icon: 'otc', sort: 60 },
  { key: 'borrowing', path: '/pages/common/borrowing', icon: 'loan', sort: 55 },
  { key: 'game', path: '/pages/game/game', icon: 'game', sort: 50 },
  { key: 'kefu', path: '/pages/kefu/index', icon: 'service', sort: 45 },
];

/** Home-page entries (spec §1), titled in every language. */
export const MENU: MenuSeed[] = MENU_LAYOUT.map((m) => ({ ...m, titles: everyLang((c) => c.menu[m.key]) }));

/**
 * Public site settings (GET /getSetting {keyword}). Keys starting with "_" are internal and never
 * answered. invite_required is deliberately absent: the INVITE_REQUIRED environment setting rules
 * until an operator writes the setting.
 */
export const SETTINGS: Record<string, string> = {
  site_name: 'H5 Exchange',
  recharge_enabled: '1',
  customer_service_url: '',
  withdraw_min_usdt: '10',
  withdraw_fee_usdt: '1',
  spot_btc_fee: '0',
  register_agreement: 'By registering you agree to the terms of service and the privacy policy.',
};

export const DEMO_INVITE_CODE = 'DEMO2026';
export const DEMO_EMAIL = 'demo@example.com';
