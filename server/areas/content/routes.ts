/** Content and site configuration (spec §7): public, no login needed. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CONSTANTS } from '../../../core';
import { ok } from '../../http/envelope';
import { AppError } from '../../errors';
import { parse } from '../../kernel/validate';
import { requestLang } from '../../http/lang';
import { getSetting, inviteRequired, rechargeEnabled, walletGate } from '../../shared/settings';
import { coinList, contentPage, listNews, menu, newsDetail, popNotice, NEWS_CATEGORY } from './domain/pages';
import type { ContentPage } from '../../db/tables';
import { int } from '../../kernel/fields';

const intField = (min: number, max: number) => int(min, max);

const SettingQuery = z.object({
  keyword: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[a-zA-Z0-9_.-]+$/),
});
const NewsListBody = z.object({
  c_id: z.coerce.number().pipe(z.union([z.literal(NEWS_CATEGORY.news), z.literal(NEWS_CATEGORY.banner)])),
  page: intField(1, 10_000).default(1),
  limit: intField(1, 50).default(CONSTANTS.pageSize),
});
const NewsDetailBody = z.object({ id: intField(1, 2_147_483_647) });

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  app.get('/getSiteConfig', async () => {
    // The operator's site settings win over the environment defaults (back office → Settings).
    const [siteName, recharge, invite, gate] = await Promise.all([
      getSetting(app.db, 'site_name'),
      rechargeEnabled(app.db),
      inviteRequired(app.db, app.config),
      walletGate(app.db, app.config),
    ]);
    return ok({
      site_name: siteName ?? 'H5 Exchange',
      wallet_gate: gate,
      recharge_enabled: recharge,
      invite_required: invite,
      version: CONSTANTS.appVersion,
      version_code: CONSTANTS.versionCode,
    });
  });

  app.get('/getSetting', async (req) => {
    const { keyword } = parse(SettingQuery, req.query);
    // "_"-prefixed settings are internal (operator-only); they do not exist as far as clients know.
    const value = keyword.startsWith('_') ? undefined : await getSetting(app.db, keyword);
    if (value === undefined) throw new AppError('not_found');
    return ok(value);
  });

  app.get('/currency/list', async () => ok(await coinList(app.db)));

  app.get('/news/index_pop', async (req) => ok(await popNotice(app.db, requestLang(req))));

  app.post('/news/list', async (req) => {
    const b = parse(NewsListBody, req.body);
    return ok(await listNews(app.db, requestLang(req), b.c_id, b.page, b.limit));
  });

  app.post('/news/detail', async (req) => {
    const { id } = parse(NewsDetailBody, req.body);
    const item = await newsDetail(app.db, id);
    if (!item) throw new AppError('not_found');
    return ok(item);
  });

  app.get('/menu', async (req) => ok(await menu(app.db, requestLang(req))));

  const page = (name: ContentPage) => async (req: FastifyRequest) => {
    const p = await contentPage(app.db, name, requestLang(req));
    if (!p) throw new AppError('not_found');
    // The FAQ is stored as a JSON list of {q, a}; the other pages are HTML.
    return ok(
      name === 'faq'
        ? { title: p.title, list: JSON.parse(p.body) as { q: string; a: string }[] }
        : { title: p.title, content: p.body },
    );
  };
  app.get('/faq', page('faq'));
  app.get('/contactus', page('contactus'));
  app.get('/aboutus', page('aboutus'));
  app.get('/operational_compliance', page('operational_compliance'));
}
