/** Profile and settings routes: /user/profile, avatar, nickname, fiat, language, invite, notices, coupons. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { parse } from '../../kernel/validate';
import { requestLang } from '../../http/lang';
import { translate } from '../../i18n/messages';
import {
  editNickname,
  getProfile,
  inviteInfo,
  listCoupons,
  listNotices,
  readNotice,
  setAvatar,
  setFiat,
  setLang,
} from './domain/profile';
import { listFiats } from '../../shared/fiat';
import { PagingSchema as Paging, pagingShape } from '../../kernel/paging';
import { intOr, INT4_MAX } from '../../kernel/fields';

const AvatarBody = z.object({
  head_portrait: z.string().trim().min(1).max(200).optional(),
  file: z.string().trim().max(200).optional(),
});
const NicknameBody = z.object({
  nickname: z.string().trim().max(60).optional(),
  signature: z.string().trim().max(120).optional(),
});
const FiatBody = z.object({ currency_code: z.string().trim().min(3).max(3) });
const LangBody = z.object({ lang: z.string().trim().min(2).max(8) });
const NoticeReadBody = z.object({ id: intOr(0, INT4_MAX, 0) });
const CouponsQuery = z.object({ ...pagingShape, status: z.enum(['unused', 'used', 'expired']).optional() });

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const auth = { preHandler: app.authenticate };

  app.get('/user/profile', auth, async (req) => ok(await getProfile(db, req.userId)));

  app.post('/user/uploadHeadPortrait', auth, async (req) => {
    const b = parse(AvatarBody, req.body);
    await setAvatar(db, req.userId, b.head_portrait ?? b.file ?? '');
    return ok(await getProfile(db, req.userId));
  });

  app.post('/user/editNickname', auth, async (req) => {
    const b = parse(NicknameBody, req.body);
    await editNickname(db, req.userId, { nickname: b.nickname || undefined, signature: b.signature || undefined });
    return ok(await getProfile(db, req.userId));
  });

  app.get('/user/fiats', async () => ok(await listFiats(db)));
  app.post('/user/fiat', auth, async (req) => {
    const b = parse(FiatBody, req.body);
    return ok(await setFiat(db, req.userId, b.currency_code));
  });
  app.post('/user/lang', auth, async (req) => {
    const b = parse(LangBody, req.body);
    return ok(await setLang(db, req.userId, b.lang));
  });

  app.get('/user/invite', auth, async (req) => ok(await inviteInfo(db, req.userId, app.config.publicUrl)));

  app.get('/user/notices', auth, async (req) =>
    ok(await listNotices(db, req.userId, requestLang(req), parse(Paging, req.query))),
  );
  app.post('/user/notices/read', auth, async (req) => {
    const b = parse(NoticeReadBody, req.body);
    await readNotice(db, req.userId, b.id);
    return ok(translate('saved_ok', requestLang(req)));
  });

  app.get('/user/coupons', auth, async (req) => {
    const q = parse(CouponsQuery, req.query);
    return ok(await listCoupons(db, req.userId, q, q.status));
  });
}
