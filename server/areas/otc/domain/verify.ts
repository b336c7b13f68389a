/**
 * P2P's outcome checker for `npm run verify`: every finished order and every held sell ad is
 * recomputed from its stored rows and the journal.
 * - an order: its amounts by core's rounding rule for the unit the taker typed (fiat → the coin
 *   rounded down to 8 places; coin → the fiat half-up to the cent; either, for orders opened before
 *   the unit was stored), the fee (OTC_RULES.fee of the coin), one final timeline event that agrees
 *   with the status, and its escrow's journal rows: exactly the moves its ending makes;
 * - a held sell ad: the freeze of its total at posting, and its merchant's escrow now — still
 *   frozen = the open ad's remaining + its unfinished orders; what left = its released orders, plus
 *   (once closed) what went back to the merchant; and an open ad's remaining = total − released −
 *   unfinished.
 */
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { orderAmounts, OTC_RULES, OTC_UNFINISHED, type OtcOrderStatus } from '../../../../core';
import type { OutcomeChecker, VerifyRow } from '../../../db/outcome-checker';
import type { Db } from '../../../db/schema';
import { canon } from '../../../kernel/decimal';
import type {} from '../tables';

interface Move {
  ref_type: string;
  ref_id: string;
  user_id: number;
  reason: string;
  da: string;
  df: string;
}

const D = (v: Decimal.Value) => new Decimal(v);
const FINAL: Partial<Record<OtcOrderStatus, string[]>> = {
  released: ['released', 'resolved_release'],
  cancelled: ['cancelled', 'timeout'],
  refunded: ['resolved_refund'],
};
const RETURN_REASON: Record<string, string> = {
  cancelled: 'otc_cancel',
  timeout: 'otc_timeout',
  resolved_refund: 'otc_refund',
};
const fmt = (rows: readonly Omit<Move, 'ref_type' | 'ref_id'>[]) =>
  rows.map((m) => `${m.reason} user ${m.user_id} ${canon(m.da)}/${canon(m.df)}`).join('; ') || 'no moves';
const same = (a: readonly Omit<Move, 'ref_type' | 'ref_id'>[], b: readonly Omit<Move, 'ref_type' | 'ref_id'>[]) =>
  a.length === b.length &&
  a.every(
    (m, i) => m.reason === b[i].reason && m.user_id === b[i].user_id && D(m.da).eq(b[i].da) && D(m.df).eq(b[i].df),
  );

type OrderRow = {
  id: number;
  ad_id: number;
  status: OtcOrderStatus;
  unit: 'fiat' | 'coin' | null;
  price: string;
  coin_amount: string;
  fiat_amount: string;
  buyer_id: number;
  seller_id: number;
  held: boolean;
};

function checkOrder(o: OrderRow, finals: string[], moves: Move[]): VerifyRow {
  const id = `order ${o.id}`;
  const wants: string[] = [];
  const got: string[] = [];
  const differ = (w: string, g: string) => (wants.push(w), got.push(g));
  const coin = canon(o.coin_amount);
  const fiat = canon(o.fiat_amount);
  const byFiat = orderAmounts(o.price, 'fiat', fiat);
  const byCoin = orderAmounts(o.price, 'coin', coin);
  const fits = (a: { coin: string; fiat: string }) => D(a.coin).eq(coin) && D(a.fiat).eq(fiat);
  if (o.unit === 'fiat' ? !fits(byFiat) : o.unit === 'coin' ? !fits(byCoin) : !fits(byFiat) && !fits(byCoin))
    differ(
      `${o.unit ?? 'fiat or coin'} at ${canon(o.price)}: ${o.unit === 'coin' ? `${coin} for ${byCoin.fiat}` : `${byFiat.coin} for ${fiat}`}`,
      `${coin} for ${fiat}`,
    );
  if (finals.length !== 1 || !FINAL[o.status]?.includes(finals[0]))
    differ(`one final event of ${FINAL[o.status]?.join(' or ')}`, finals.join(', ') || 'none');

  const fee = D(coin).times(OTC_RULES.fee).toDecimalPlaces(OTC_RULES.coinDecimals, Decimal.ROUND_UP);
  const seller = o.seller_id;
  const freezeRow = { reason: 'otc_escrow', user_id: seller, da: `-${coin}`, df: coin };
  const expected: Omit<Move, 'ref_type' | 'ref_id'>[][] = [];
  if (o.status === 'released') {
    const out = [
      { reason: 'otc_release', user_id: seller, da: '0', df: `-${coin}` },
      { reason: 'otc_receive', user_id: o.buyer_id, da: D(coin).minus(fee).toFixed(), df: '0' },
    ];
    expected.push(o.held ? out : [freezeRow, ...out]);
  } else {
    const back = { reason: RETURN_REASON[finals[0]] ?? 'otc_cancel', user_id: seller, da: coin, df: `-${coin}` };
    // a held ad's order returns onto the open ad (no move), or, the ad closed, to the merchant
    if (o.held) expected.push([], [back]);
    else expected.push([freezeRow, back]);
  }
  const mine = moves.map((m) => ({ reason: m.reason, user_id: m.user_id, da: m.da, df: m.df }));
  if (!expected.some((e) => same(e, mine))) differ(expected.map(fmt).join(' or '), fmt(mine));
  return wants.length ? { id, ok: false, expected: wants.join(', '), actual: got.join(', ') } : { id, ok: true };
}

type AdRow = { id: number; merchant_id: number; status: string; total: string; remaining: string };

function checkAd(ad: AdRow, orders: OrderRow[], moves: Move[]): VerifyRow {
  const id = `ad ${ad.id}`;
  const wants: string[] = [];
  const got: string[] = [];
  const differ = (w: string, g: string) => (wants.push(w), got.push(g));
  const adMoves = moves.filter((m) => m.ref_type === 'otc_ad');
  const posted = adMoves.filter((m) => m.reason === 'otc_ad_escrow');
  if (posted.length !== 1 || !D(posted[0].df).eq(ad.total) || !D(posted[0].da).eq(D(ad.total).neg()))
    differ(`one otc_ad_escrow of ${canon(ad.total)}`, fmt(posted));
  const closes = adMoves.filter((m) => m.reason === 'otc_ad_close');
  if (closes.length > (ad.status === 'closed' ? 1 : 0))
    differ(`${ad.status === 'closed' ? 'at most one' : 'no'} otc_ad_close`, fmt(closes));

  const mine = moves.filter((m) => m.user_id === ad.merchant_id);
  const frozen = mine.reduce((s, m) => s.plus(m.df), D(0));
  const sum = (st: (s: OtcOrderStatus) => boolean) =>
    orders.filter((o) => st(o.status)).reduce((s, o) => s.plus(o.coin_amount), D(0));
  const open = sum((s) => OTC_UNFINISHED.includes(s));
  const released = sum((s) => s === 'released');
  const onAd = ad.status === 'closed' ? D(0) : D(ad.remaining);
  if (!frozen.eq(onAd.plus(open)))
    differ(
      `held ${onAd.plus(open).toFixed()} (on the ad ${onAd.toFixed()} + in orders ${open.toFixed()})`,
      `journal frozen ${frozen.toFixed()}`,
    );
  const avail = mine.reduce((s, m) => s.plus(m.da), D(0));
  const wantAvail = ad.status === 'closed' ? released.plus(open).neg() : D(ad.total).neg();
  if (!avail.eq(wantAvail)) differ(`merchant available ${wantAvail.toFixed()}`, `journal ${avail.toFixed()}`);
  if (ad.status !== 'closed' && !D(ad.remaining).eq(D(ad.total).minus(released).minus(open)))
    differ(`remaining ${D(ad.total).minus(released).minus(open).toFixed()}`, `remaining ${canon(ad.remaining)}`);
  return wants.length ? { id, ok: false, expected: wants.join(', '), actual: got.join(', ') } : { id, ok: true };
}

export const otcChecker: OutcomeChecker = {
  product: 'P2P (OTC)',
  async check(db: Db) {
    const orders: OrderRow[] = await db
      .selectFrom('otc_orders as o')
      .innerJoin('otc_ads as a', 'a.id', 'o.ad_id')
      .select([
        'o.id',
        'o.ad_id',
        'o.status',
        'o.unit',
        'o.price',
        'o.coin_amount',
        'o.fiat_amount',
        'o.buyer_id',
        'o.seller_id',
        'a.held',
      ])
      .orderBy('o.id')
      .execute();
    const ads: AdRow[] = await db
      .selectFrom('otc_ads')
      .select(['id', 'merchant_id', 'status', 'total', 'remaining'])
      .where('held', '=', true)
      .orderBy('id')
      .execute();
    const journal = (
      await sql<Move>`SELECT ref_type, ref_id, user_id, reason, delta_available::text AS da, delta_frozen::text AS df FROM journal WHERE ref_type IN ('otc_order', 'otc_ad') ORDER BY id`.execute(
        db,
      )
    ).rows;
    const events = await db
      .selectFrom('otc_order_events')
      .select(['order_id', 'kind'])
      .where('kind', 'in', ['released', 'cancelled', 'timeout', 'resolved_release', 'resolved_refund'])
      .execute();
    const byRef = new Map<string, Move[]>();
    for (const m of journal)
      byRef.set(`${m.ref_type}:${m.ref_id}`, [...(byRef.get(`${m.ref_type}:${m.ref_id}`) ?? []), m]);
    const out: VerifyRow[] = [];
    for (const o of orders) {
      if (OTC_UNFINISHED.includes(o.status)) continue;
      out.push(
        checkOrder(
          o,
          events.filter((e) => e.order_id === o.id).map((e) => e.kind),
          byRef.get(`otc_order:${o.id}`) ?? [],
        ),
      );
    }
    for (const ad of ads) {
      const mine = orders.filter((o) => o.ad_id === ad.id);
      const moves = [
        ...(byRef.get(`otc_ad:${ad.id}`) ?? []),
        ...mine.flatMap((o) => byRef.get(`otc_order:${o.id}`) ?? []),
      ];
      out.push(checkAd(ad, mine, moves));
    }
    return out;
  },
};
