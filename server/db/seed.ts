/**
 * Idempotent seed: currencies and pairs from the instrument catalogue, site settings, content and
 * the demo inviter. Every insert is ON CONFLICT DO NOTHING, so running it at each start never
 * overwrites what an operator has changed.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';
import { LANGS } from '../../core';
import { CURRENCIES, QUOTE_ID, pairs } from '../catalog/instruments';
import { DEMO_EMAIL, DEMO_INVITE_CODE, MENU, NEWS, PAGES, SETTINGS, newsImage } from './seed-content';

const DAY_MS = 86_400_000;

export async function seed(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await seedInstruments(trx);
    await trx
      .insertInto('settings')
      .values(Object.entries(SETTINGS).map(([key, value]) => ({ key, value })))
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    await seedContent(trx, now);
    // The demo inviter: a system user (status 2) whose code DEMO2026 lets anyone register when
    // invitations are required. Its password hash matches no password, so nobody can log in as it.
    await trx
      .insertInto('users')
      .values({ email: DEMO_EMAIL, password_hash: '!', nickname: 'demo', invite_code: DEMO_INVITE_CODE, status: 2 })
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
}

/** The catalogue's currencies, then its pairs. */
async function seedInstruments(trx: Transaction<Database>): Promise<void> {
  await trx
    .insertInto('currencies')
    .values(
      CURRENCIES.map((c, i) => ({
        id: c.id,
        name: c.name,
        networks: c.networks,
        market: c.market,
        price_decimals: c.price_decimals,
        qty_decimals: c.qty_decimals,
        is_legal: c.id === QUOTE_ID,
        sort: CURRENCIES.length - i,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();

  const list = pairs();
  await trx
    .insertInto('pairs')
    .values(
      list.map((p, i) => ({
        symbol: p.symbol,
        currency_id: p.base.id,
        legal_id: QUOTE_ID,
        market: p.base.market,
        price_decimals: p.base.price_decimals,
        qty_decimals: p.base.qty_decimals,
        // Spot BTC trading is advertised with zero fees (spec §1).
        fee_rate: p.base.name === 'BTC' ? '0' : '0.001',
        sort: list.length - i,
      })),
    )
    .onConflict((oc) => oc.column('symbol').doNothing())
    .execute();
}

/** News in every language (dated back from now), the content pages, the menu. */
async function seedContent(trx: Transaction<Database>, now: Date): Promise<void> {
  const newsRows = NEWS.flatMap((n) =>
    LANGS.map((lang) => ({
      slug: n.slug,
      c_id: n.c_id,
      lang,
      title: n.text[lang].title,
      summary: n.text[lang].summary,
      content: n.text[lang].content,
      image: newsImage(n, lang),
      link: n.link ?? '',
      pop: n.pop ?? false,
      sort: n.sort,
      created_at: new Date(now.getTime() - n.ageDays * DAY_MS),
    })),
  );
  await trx
    .insertInto('news')
    .values(newsRows)
    .onConflict((oc) => oc.columns(['slug', 'lang']).doNothing())
    .execute();

  const pageRows = Object.entries(PAGES).flatMap(([page, byLang]) =>
    LANGS.map((lang) => ({
      page: page as keyof typeof PAGES,
      lang,
      title: byLang[lang].title,
      body: byLang[lang].body,
    })),
  );
  await trx
    .insertInto('content_pages')
    .values(pageRows)
    .onConflict((oc) => oc.columns(['page', 'lang']).doNothing())
    .execute();

  await trx
    .insertInto('menu')
    .values(
      MENU.map((m) => ({ key: m.key, path: m.path, icon: m.icon, sort: m.sort, titles: JSON.stringify(m.titles) })),
    )
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
