/**
 * The settings pages' data: profile, avatar, nickname and signature, default fiat, language,
 * invitation QR code, notices and coupons.
 */
import QRCode from 'qrcode';
import type { Kysely } from 'kysely';
import {
  normalizeLang,
  type Coupon,
  type FiatRate,
  type InviteInfo,
  type KycLevelName,
  type Lang,
  type Notice,
  type Page,
  type Profile,
} from '../../../../core';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors';
import { isMessageKey, translate, translateNotice } from '../../../i18n/messages';
import { fiatRate, userFiat } from '../../../shared/fiat';
import { claimUpload, fileUrl } from '../../../shared/files/files';
import { inTransaction } from '../../../db/tx';
import type { Db } from '../../../db/schema';
import { iso } from '../../../kernel/time';
import { canon } from '../../../kernel/decimal';
import { offset, pageOf, type Paging } from '../../../kernel/paging';

/** Spec §5: Chinese, English letters and digits only. */
const NAME_CHARS = /^[\p{Script=Han}A-Za-z0-9]+$/u;

function validText(v: string, min: number, max: number): boolean {
  const n = Array.from(v).length;
  return n >= min && n <= max && NAME_CHARS.test(v);
}

export function levelName(level: number): KycLevelName {
  return level >= 3 ? 'vip' : level === 2 ? 'advanced' : level === 1 ? 'basic' : 'none';
}

async function prefs(db: Db, userId: number) {
  await db
    .insertInto('user_prefs')
    .values({ user_id: userId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return db.selectFrom('user_prefs').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
}

export async function getProfile(db: Kysely<Database>, userId: number): Promise<Profile> {
  const u = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!u) throw new AppError('session_invalid', undefined, '999');
  const [p, fiat, invites, ga, unread] = await Promise.all([
    prefs(db, userId),
    userFiat(db, userId),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('invited_by', '=', userId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('user_ga').select('secret').where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('notices')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    id: u.id,
    account: u.email ?? u.mobile ?? '',
    email: u.email,
    mobile: u.mobile,
    area_code: u.area_code,
    nickname: u.nickname,
    head_portrait: u.head_portrait,
    avatar_url: await fileUrl(db, u.head_portrait, 'avatar'),
    signature: u.signature,
    invite_code: u.invite_code,
    invite_count: Number(invites.n),
    rebate: canon(p.rebate),
    credit_score: p.credit_score,
    level: u.level,
    level_name: levelName(u.level),
    has_pay_password: u.pay_password_hash !== null,
    ga_bound: !!ga?.secret,
    fiat,
    lang: p.lang,
    unread_notices: Number(unread.n),
  };
}

export async function setAvatar(db: Kysely<Database>, userId: number, ref: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const canonical = await claimUpload(trx, userId, ref, 'avatar');
    await trx
      .updateTable('users')
      .set({ head_portrait: canonical, updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
  });
}

export async function editNickname(
  db: Kysely<Database>,
  userId: number,
  input: { nickname?: string; signature?: string },
): Promise<void> {
  const set: { nickname?: string; signature?: string; updated_at: Date } = { updated_at: new Date() };
  if (input.nickname !== undefined) {
    if (!validText(input.nickname, 2, 10)) throw new AppError('nickname_invalid');
    set.nickname = input.nickname;
  }
  if (input.signature !== undefined) {
    if (!validText(input.signature, 2, 30)) throw new AppError('signature_invalid');
    set.signature = input.signature;
  }
  if (set.nickname === undefined && set.signature === undefined) throw new AppError('param_error');
  await db.updateTable('users').set(set).where('id', '=', userId).execute();
}

export async function setFiat(db: Kysely<Database>, userId: number, code: string): Promise<FiatRate> {
  const f = await fiatRate(db, code.trim().toUpperCase());
  if (!f) throw new AppError('fiat_invalid');
  await prefs(db, userId);
  await db.updateTable('user_prefs').set({ fiat: f.currency_code }).where('user_id', '=', userId).execute();
  return f;
}

export async function setLang(db: Kysely<Database>, userId: number, raw: string): Promise<Lang> {
  const lang = normalizeLang(raw);
  await prefs(db, userId);
  await db.updateTable('user_prefs').set({ lang }).where('user_id', '=', userId).execute();
  return lang;
}

export async function inviteInfo(db: Kysely<Database>, userId: number, publicUrl: string): Promise<InviteInfo> {
  const p = await getProfile(db, userId);
  const link = `${publicUrl}/h5/#/pages/common/register?invite_code=${encodeURIComponent(p.invite_code)}`;
  return {
    invite_code: p.invite_code,
    link,
    qr: await QRCode.toDataURL(link, { margin: 1, width: 240 }),
    invite_count: p.invite_count,
    rebate: p.rebate,
  };
}

export async function listNotices(
  db: Kysely<Database>,
  userId: number,
  lang: Lang,
  paging: Paging,
): Promise<Page<Notice>> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('notices')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(paging.limit)
      .offset(offset(paging))
      .execute(),
    db
      .selectFrom('notices')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  const tr = (key: string, params: Record<string, unknown>) => {
    const p: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(params)) {
      // a param may itself be a message key (e.g. the level name): translate it too
      p[k] = typeof v === 'string' && isMessageKey(v) ? translate(v, lang) : typeof v === 'number' ? v : String(v);
    }
    return isMessageKey(key) ? translateNotice(key, lang, p) : key;
  };
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: tr(r.title_key, r.params),
      body: tr(r.body_key, r.params),
      read: r.read_at !== null,
      created_at: r.created_at.toISOString(),
    })),
    paging,
    Number(total.n),
  );
}

/** Marks one notice (or, with id 0, all of them) read — only the caller's own. */
export async function readNotice(db: Kysely<Database>, userId: number, id: number): Promise<void> {
  let q = db
    .updateTable('notices')
    .set({ read_at: new Date() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (id) q = q.where('id', '=', id);
  await q.execute();
}

export async function listCoupons(
  db: Kysely<Database>,
  userId: number,
  paging: Paging,
  status?: Coupon['status'],
): Promise<Page<Coupon>> {
  const now = new Date();
  let q = db
    .selectFrom('coupons')
    .innerJoin('currencies', 'currencies.id', 'coupons.currency_id')
    .where('coupons.user_id', '=', userId);
  if (status === 'used') q = q.where('coupons.used_at', 'is not', null);
  if (status === 'unused')
    q = q
      .where('coupons.used_at', 'is', null)
      .where((eb) => eb.or([eb('coupons.expires_at', 'is', null), eb('coupons.expires_at', '>', now)]));
  if (status === 'expired') q = q.where('coupons.used_at', 'is', null).where('coupons.expires_at', '<=', now);
  const [rows, total] = await Promise.all([
    q
      .select([
        'coupons.id',
        'coupons.title',
        'currencies.name as currency',
        'coupons.amount',
        'coupons.min_spend',
        'coupons.used_at',
        'coupons.expires_at',
        'coupons.created_at',
      ])
      .orderBy('coupons.id', 'desc')
      .limit(paging.limit)
      .offset(offset(paging))
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      title: r.title,
      currency: r.currency,
      amount: canon(r.amount),
      min_spend: canon(r.min_spend),
      status: r.used_at ? 'used' : r.expires_at && r.expires_at <= now ? 'expired' : 'unused',
      expires_at: iso(r.expires_at),
      created_at: r.created_at.toISOString(),
    })),
    paging,
    Number(total.n),
  );
}
