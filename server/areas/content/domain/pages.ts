/**
 * Site content by language with an English fallback: news and banners, the pop-up notice, static
 * pages, the home menu and the coin list.
 */
import { sql, type Kysely } from 'kysely';
import { CONSTANTS, type Lang } from '../../../../core';
import type { Database } from '../../../db/schema';
import type { ContentPage } from '../../../db/tables';
import { getSetting } from '../../../shared/settings';

export const NEWS_CATEGORY = { news: 4, banner: 5 } as const;

interface NewsItem {
  id: number;
  c_id: number;
  title: string;
  summary: string;
  image: string;
  link: string;
  created_at: string;
}
export interface NewsDetail extends NewsItem {
  content: string;
}

/** One row per slug: the requested language if it exists, otherwise English. */
function localisedNews(db: Kysely<Database>, lang: Lang) {
  return db
    .selectFrom('news')
    .distinctOn('slug')
    .selectAll()
    .where('status', '=', 1)
    .where('lang', 'in', [lang, 'en'])
    .orderBy('slug')
    .orderBy(sql`lang = ${lang}`, 'desc');
}

function toItem(r: {
  id: number;
  c_id: number;
  title: string;
  summary: string;
  image: string;
  link: string;
  created_at: Date;
}): NewsItem {
  return {
    id: r.id,
    c_id: r.c_id,
    title: r.title,
    summary: r.summary,
    image: r.image,
    link: r.link,
    created_at: r.created_at.toISOString(),
  };
}

export async function listNews(db: Kysely<Database>, lang: Lang, cId: number, page: number, limit: number) {
  const base = db.selectFrom(localisedNews(db, lang).as('n')).where('n.c_id', '=', cId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('n.sort', 'desc')
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toItem), page, limit, total: count.total, has_more: page * limit < count.total };
}

export async function newsDetail(db: Kysely<Database>, id: number): Promise<NewsDetail | undefined> {
  const r = await db.selectFrom('news').selectAll().where('id', '=', id).where('status', '=', 1).executeTakeFirst();
  return r ? { ...toItem(r), content: r.content } : undefined;
}

/** The newest pop-up notice in the user's language (or English), or null when there is none. */
export async function popNotice(db: Kysely<Database>, lang: Lang): Promise<NewsDetail | null> {
  const r = await db
    .selectFrom(localisedNews(db, lang).as('n'))
    .selectAll()
    .where('n.pop', '=', true)
    .orderBy('n.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r ? { ...toItem(r), content: r.content } : null;
}

export async function contentPage(db: Kysely<Database>, page: ContentPage, lang: Lang) {
  const rows = await db
    .selectFrom('content_pages')
    .select(['lang', 'title', 'body'])
    .where('page', '=', page)
    .where('lang', 'in', [lang, 'en'])
    .execute();
  return rows.find((r) => r.lang === lang) ?? rows.find((r) => r.lang === 'en');
}

export async function menu(db: Kysely<Database>, lang: Lang) {
  const rows = await db.selectFrom('menu').selectAll().where('status', '=', 1).orderBy('sort', 'desc').execute();
  return rows.map((m) => ({ key: m.key, icon: m.icon, path: m.path, title: m.titles[lang] ?? m.titles.en ?? m.key }));
}

export interface CoinListEntry {
  id: number;
  name: string;
  subName: string;
  type: string;
  status: number;
  image: string;
  address: string;
}

/** Depositable coins, one entry per network (USDC appears twice, ERC20 and TRC20, both id 3). */
export async function coinList(db: Kysely<Database>): Promise<CoinListEntry[]> {
  const rows = await db
    .selectFrom('currencies')
    .select(['id', 'name', 'networks', 'market', 'status', 'image'])
    .where('market', '=', 'crypto')
    .where('status', '=', 1)
    .orderBy('sort', 'desc')
    .execute();
  return rows.flatMap((c) =>
    c.networks.map((net) => ({
      id: c.id,
      name: c.name,
      subName: net,
      type: c.market,
      status: c.status,
      image: c.image,
      address: '',
    })),
  );
}

/** Home's first screen: page 1 of the banners and of the notices as /news/list answers them, and the pop-up notice (the HTML carries it: server/http/static.ts). */
export async function homeContent(
  db: Kysely<Database>,
  lang: Lang,
): Promise<{ banners: unknown[]; notices: unknown[]; pop: unknown; site_name: string }> {
  const [banners, notices, pop, siteName] = await Promise.all([
    listNews(db, lang, NEWS_CATEGORY.banner, 1, CONSTANTS.pageSize),
    listNews(db, lang, NEWS_CATEGORY.news, 1, CONSTANTS.pageSize),
    popNotice(db, lang),
    // the header of Home's static shell (server/http/app-shell.ts); the same default as /getSiteConfig
    getSetting(db, 'site_name'),
  ]);
  return { banners: banners.list, notices: notices.list, pop, site_name: siteName ?? 'H5 Exchange' };
}
