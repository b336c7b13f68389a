/**
 * Withdraw (spec §3, §5, §6): to an address (typed, or a saved one) or to the user's bank card.
 * Checks, in order: verified (else the 998 envelope to real_mark), currency, amount ≥ minimum and
 * > fee, destination, payment password, Google code when bound. Then, in one transaction
 * serialised per user (advisory lock), the 24-hour level limit in BTC-equivalent at current
 * prices, the request row and the ledger freeze (a conditional update: concurrent withdrawals can
 * never overdraw). The amount stays frozen until an operator reviews it: approval spends the
 * frozen amount, rejection returns exactly that amount to available.
 */
import Decimal from 'decimal.js';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  ExactDecimal,
  btcEquivalent,
  valueAt,
  withdrawReceived,
  networkOfAddress,
  FUNDS_ACCOUNT_TYPE,
  type Page,
  type WithdrawEntry,
  type WithdrawInfo,
} from '../../../../core';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors';
import { freeze, settleFrozen, unfreeze } from '../../../db/ledger';
import { checkPayPassword, gaBound, requireGaIfBound } from '../../security/domain';
import { findAddress } from './addresses';
import { claimPendingRequest, type ReviewInput } from './review';
import { getCard, maskedCard } from './cards';
import { levelLimits, limitsOfLevel, withdrawn24hBtc } from '../../kyc/domain';
import { fundsCurrency } from './common';
import { requirePriceUsdt, type PriceSource } from '../../../kernel/prices';
import { addNotice } from '../../../db/notices';
import { currencyConfig } from './config';
import { parseAmount } from './amount';
import { inTransaction } from '../../../db/tx';
import type { IdempotencyScope } from '../../../db/idempotency-scope';
import { iso } from '../../../kernel/time';
import { canon } from '../../../kernel/decimal';
import { offset, pageOf, type Paging } from '../../../kernel/paging';
import type { Caller } from '../../../auth/throttle';

type WithdrawMethod = WithdrawEntry['method'];

export interface WithdrawRequest {
  currency: number;
  number: string;
  method: WithdrawMethod;
  address?: string;
  /** the typed address's network (a saved address carries its own) */
  network?: string;
  addressId?: number;
  payPassword?: string;
  gaCode?: string;
  remark?: string;
  /** who enters the payment password and authenticator code (their throttle's source and clock) */
  caller: Caller;
}

export async function withdrawInfo(
  db: Kysely<Database>,
  prices: PriceSource,
  userId: number,
  currencyId: number,
): Promise<WithdrawInfo> {
  const c = await fundsCurrency(db, currencyId);
  const [u, cfg, acct, ga, card, cardIntl] = await Promise.all([
    db.selectFrom('users').select(['level', 'pay_password_hash']).where('id', '=', userId).executeTakeFirstOrThrow(),
    currencyConfig(db, c.id),
    db
      .selectFrom('accounts')
      .select('available')
      .where('user_id', '=', userId)
      .where('currency_id', '=', c.id)
      .where('type', '=', FUNDS_ACCOUNT_TYPE)
      .executeTakeFirst(),
    gaBound(db, userId),
    getCard(db, userId, 'domestic'),
    getCard(db, userId, 'international'),
  ]);
  return {
    currency_id: c.id,
    currency: c.name,
    available: canon(acct?.available ?? '0'),
    withdraw_min: cfg.withdraw_min,
    withdraw_fee: cfg.withdraw_fee,
    has_pay_password: u.pay_password_hash !== null,
    ga_bound: ga,
    level: u.level,
    limits: await levelLimits(db, prices, userId, u.level),
    has_bank_card: !!card,
    has_bank_card_international: !!cardIntl,
  };
}

async function destinationOf(
  db: Kysely<Database>,
  userId: number,
  c: { id: number; networks: string[] },
  r: WithdrawRequest,
): Promise<{ destination: string; network: string }> {
  if (r.method === 'address') {
    if (r.addressId) {
      const saved = await findAddress(db, userId, r.addressId);
      if (!saved || saved.currency_id !== c.id) throw new AppError('address_required');
      return { destination: saved.address, network: saved.network };
    }
    const a = (r.address ?? '').trim();
    if (!a) throw new AppError('address_required');
    if (r.network && !c.networks.includes(r.network)) throw new AppError('network_invalid');
    const network = networkOfAddress(c.networks, a, r.network || undefined);
    if (!network) throw new AppError('address_invalid');
    return { destination: a, network };
  }
  const card = await getCard(db, userId, r.method === 'bank' ? 'domestic' : 'international');
  if (!card) throw new AppError('add_bank_card');
  return { destination: maskedCard(card), network: '' };
}

export async function requestWithdraw(
  db: Kysely<Database>,
  prices: PriceSource,
  userId: number,
  r: WithdrawRequest,
  key?: IdempotencyScope,
): Promise<number> {
  const u = await db.selectFrom('users').select('level').where('id', '=', userId).executeTakeFirstOrThrow();
  if (u.level < 1) throw new AppError('need_real_name', undefined, '998');
  const c = await fundsCurrency(db, r.currency);
  const number = parseAmount(r.number);
  const cfg = await currencyConfig(db, c.id);
  if (new Decimal(number).lt(cfg.withdraw_min) || new Decimal(number).lte(cfg.withdraw_fee)) {
    throw new AppError('withdraw_below_min', { min: cfg.withdraw_min, currency: c.name });
  }
  const { destination, network } = await destinationOf(db, userId, c, r);
  await checkPayPassword(db, userId, r.payPassword, r.caller);
  await requireGaIfBound(db, userId, r.gaCode, r.caller);
  const fee = cfg.withdraw_fee;
  const received = withdrawReceived(number, fee);
  const btcPrice = requirePriceUsdt(prices, 'BTC');
  const thisBtc = btcEquivalent(valueAt(number, requirePriceUsdt(prices, c.name)), btcPrice);

  return inTransaction(
    db,
    async (trx) => {
      // One withdrawal at a time per user: the 24 h sum must include the ones racing with this one.
      await sql`SELECT pg_advisory_xact_lock(hashtext(${'withdraw:' + userId}))`.execute(trx);
      const limit = (await limitsOfLevel(trx, u.level)).withdraw_24h_btc;
      const used = await withdrawn24hBtc(trx, prices, userId);
      if (new ExactDecimal(used).plus(thisBtc).gt(limit)) throw new AppError('withdraw_limit_exceeded', { limit });
      const row = await trx
        .insertInto('withdrawals')
        .values({
          user_id: userId,
          currency_id: c.id,
          amount: number,
          fee,
          received,
          method: r.method,
          destination,
          network,
          remark: (r.remark ?? '').trim().slice(0, 200),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await freeze(trx, {
        userId,
        currencyId: c.id,
        type: FUNDS_ACCOUNT_TYPE,
        amount: number,
        reason: 'withdraw_freeze',
        ref: { type: 'withdraw', id: row.id },
      });
      return row.id;
    },
    { key },
  );
}

export function withdrawQuery(db: Kysely<Database>) {
  return db
    .selectFrom('withdrawals')
    .innerJoin('currencies', 'currencies.id', 'withdrawals.currency_id')
    .select([
      'withdrawals.id',
      'withdrawals.user_id',
      'withdrawals.currency_id',
      'currencies.name as currency',
      'withdrawals.amount',
      'withdrawals.fee',
      'withdrawals.received',
      'withdrawals.method',
      'withdrawals.destination',
      'withdrawals.network',
      'withdrawals.remark',
      'withdrawals.status',
      'withdrawals.reason',
      'withdrawals.created_at',
      'withdrawals.reviewed_at',
      'withdrawals.reviewed_by',
    ]);
}

type WithdrawRow = Awaited<ReturnType<ReturnType<typeof withdrawQuery>['executeTakeFirstOrThrow']>>;

export function withdrawDto(r: WithdrawRow): WithdrawEntry {
  return {
    id: r.id,
    currency_id: r.currency_id,
    currency: r.currency,
    number: canon(r.amount),
    fee: canon(r.fee),
    received: canon(r.received),
    method: r.method,
    destination: r.destination,
    network: r.network,
    remark: r.remark,
    status: r.status,
    reason: r.reason,
    created_at: r.created_at.toISOString(),
    reviewed_at: iso(r.reviewed_at),
  };
}

export async function withdrawList(db: Kysely<Database>, userId: number, paging: Paging): Promise<Page<WithdrawEntry>> {
  const [rows, total] = await Promise.all([
    withdrawQuery(db)
      .where('withdrawals.user_id', '=', userId)
      .orderBy('withdrawals.id', 'desc')
      .limit(paging.limit)
      .offset(offset(paging))
      .execute(),
    db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return pageOf(rows.map(withdrawDto), paging, Number(total.n));
}

/** Operator decision: approve spends the frozen amount; reject returns exactly it to available. */
export async function reviewWithdraw(trx: Transaction<Database>, input: ReviewInput): Promise<{ userId: number }> {
  const req = await claimPendingRequest(trx, 'withdrawals', input);
  const entry = {
    userId: req.userId,
    currencyId: req.currencyId,
    type: FUNDS_ACCOUNT_TYPE,
    amount: req.amount,
    ref: { type: 'withdraw', id: input.id },
  };
  if (input.approve) {
    await settleFrozen(trx, { ...entry, reason: 'withdraw' });
    await addNotice(trx, {
      userId: req.userId,
      kind: 'withdraw',
      title: 'notice_withdraw_approved_title',
      body: 'notice_withdraw_approved_body',
      params: { amount: req.amount, currency: req.currency },
    });
  } else {
    await unfreeze(trx, { ...entry, reason: 'withdraw_refund' });
    await addNotice(trx, {
      userId: req.userId,
      kind: 'withdraw',
      title: 'notice_withdraw_rejected_title',
      body: 'notice_kyc_rejected_body',
      params: { reason: input.reason },
    });
  }
  return { userId: req.userId };
}
