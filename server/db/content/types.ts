/**
 * The shape of one language's seeded site content. Each language lives in its own file beside
 * this one (en.ts, zh.ts, …) so a translation is edited, reviewed and merged on its own; the
 * structure (slugs, order, images, links) is in ../seed-content.ts.
 */
export const NEWS_SLUGS = [
  'banner-zero-fee-btc',
  'banner-lock-mining',
  'banner-copy-trading',
  'notice-nft-review',
  'news-new-listings',
  'news-stocks',
  'news-security',
  'news-maintenance',
] as const;
export type NewsSlug = (typeof NEWS_SLUGS)[number];

export const MENU_KEYS = [
  'recharge',
  'withdraw',
  'copytrade',
  'seconds',
  'invest',
  'lockming',
  'ieo',
  'nft',
  'otc',
  'borrowing',
  'game',
  'kefu',
] as const;
export type MenuKey = (typeof MENU_KEYS)[number];

export interface NewsText {
  title: string;
  summary: string;
  /** HTML */
  content: string;
}

interface PageText {
  title: string;
  /** HTML */
  body: string;
}

export interface SiteContent {
  news: Record<NewsSlug, NewsText>;
  faq: { title: string; entries: { q: string; a: string }[] };
  contactus: PageText;
  aboutus: PageText;
  /** the white paper (spec: operational_compliance) */
  operational_compliance: PageText;
  menu: Record<MenuKey, string>;
}
