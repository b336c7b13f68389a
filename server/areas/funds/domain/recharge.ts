/**
 * Recharge (spec §3, §5): the user pays the platform's address and files a request with the
 * amount and a payment-voucher image; an operator approves (the ledger credits the change
 * account, journaled with the request as reference) or rejects with a reason. Can be switched
 * off by the `recharge_enabled` setting ("recharge not enabled, contact the administrator").
 * A voucher file backs one request only (./voucher.ts).
 */
import QRCode from 'qrcode';
import Decimal from 'decimal.js';
import type { Kysely, Transaction } from 'kysely';
import {
  FUNDS_ACCOUNT_TYPE,
  type DepositAddress,
  type Page,
  type RechargeEntry,
  type RechargeInfo,
} from '../../../../core';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors';
import { credit } from '../../../db/ledger';
import { markCommitted, type IdempotencyScope } from '../../../db/idempotency-scope';
import { rechargeEnabled } from '../../../shared/settings';
import { fileUrl } from '../../../shared/files/files';
import { claimVoucher, voucherTaken } from './voucher';
import { fundsCurrency } from './common';
import { priceUsdt, type PriceSource } from '../../../kernel/prices';
import { addNotice } from '../../../db/notices';
import { currencyConfig, depositNetworks, type DepositNetworkConfig } from './config';
import { parseAmount } from './amount';
import { inTransaction } from '../../../db/tx';
import { iso } from '../../../kernel/time';
import { canon } from '../../../kernel/decimal';
import { claimPendingRequest, type ReviewInput } from './review';
import { offset, pageOf, type Paging } from '../../../kernel/paging';

export async function rechargeInfo(
  db: Kysely<Database>,
  prices: PriceSource,
  userId: number,
  currencyId: number,
): Promise<RechargeInfo> {
  const c = await fundsCurrency(db, currencyId);
  const [cfg, enabled, nets, acct] = await Promise.all([
    currencyConfig(db, c.id),
    rechargeEnabled(db),
    depositNetworks(db, c.id, c.networks),
    db
      .selectFrom('accounts')
      .select('available')
      .where('user_id', '=', userId)
      .where('currency_id', '=', c.id)
      .where('type', '=', FUNDS_ACCOUNT_TYPE)
      .executeTakeFirst(),
  ]);
  return {
    currency_id: c.id,
    currency: c.name,
    networks: c.networks,
    deposit_networks: nets.map((n) => ({
      network: n.network,
      min_deposit: n.min_deposit,
      has_address: n.address !== '',
    })),
    recharge_enabled: enabled,
    change_balance: canon(acct?.available ?? '0'),
    min_number: cfg.withdraw_min,
    rate: cfg.withdraw_fee,
    price_usdt: priceUsdt(prices, c.name) ?? '0',
  };
}

/**
 * The network asked for, or — when none is named — the first with a published address (a client
 * that sends no network gets an address it can use). A network the coin doesn't have is refused:
 * guessing one for a deposit is how coins get lost.
 */
function pickNetwork(nets: DepositNetworkConfig[], network: string | undefined): DepositNetworkConfig | undefined {
  if (network) {
    const n = nets.find((x) => x.network === network);
    if (!n) throw new AppError('network_invalid');
    return n;
  }
  return nets.find((x) => x.address !== '') ?? nets[0];
}

export async function depositAddress(
  db: Kysely<Database>,
  currencyId: number,
  network?: string,
): Promise<DepositAddress> {
  if (!(await rechargeEnabled(db))) throw new AppError('recharge_disabled');
  const c = await fundsCurrency(db, currencyId);
  const net = pickNetwork(await depositNetworks(db, c.id, c.networks), network || undefined);
  if (!net?.address) throw new AppError('deposit_address_missing');
  return {
    currency_id: c.id,
    currency: c.name,
    network: net.network,
    address: net.address,
    min_deposit: net.min_deposit,
    qr: await QRCode.toDataURL(net.address, { margin: 1, width: 240 }),
  };
}

export async function requestRecharge(
  db: Kysely<Database>,
  userId: number,
  input: { currency: number; amount: string; network?: string; account?: string; voucher?: string },
  key?: IdempotencyScope,
): Promise<number> {
  if (!(await rechargeEnabled(db))) throw new AppError('recharge_disabled');
  const c = await fundsCurrency(db, input.currency);
  const amount = parseAmount(input.amount);
  if (!input.voucher?.trim()) throw new AppError('voucher_required');
  const net = pickNetwork(await depositNetworks(db, c.id, c.networks), input.network || undefined);
  if (net && new Decimal(amount).lt(net.min_deposit))
    throw new AppError('below_min_deposit', { min: net.min_deposit, coin: c.name });
  const network = net?.network ?? '';
  try {
    return await inTransaction(
      db,
      async (trx) => {
        const { voucher, sha256 } = await claimVoucher(trx, userId, input.voucher ?? '');
        const row = await trx
          .insertInto('recharges')
          .values({
            user_id: userId,
            currency_id: c.id,
            amount,
            network,
            account: (input.account ?? '').trim().slice(0, 128),
            voucher,
            voucher_sha256: sha256,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await markCommitted(trx, userId, { type: 'recharge', id: row.id }); // a retry answers this request, never files another
        return row.id;
      },
      { key },
    );
  } catch (err) {
    throw voucherTaken(err) ?? err;
  }
}

type RechargeRow = {
  id: number;
  user_id: number;
  currency_id: number;
  currency: string;
  amount: string;
  network: string;
  account: string;
  voucher: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string;
  created_at: Date;
  reviewed_at: Date | null;
};

export async function rechargeDto(db: Kysely<Database>, r: RechargeRow): Promise<RechargeEntry> {
  return {
    id: r.id,
    currency_id: r.currency_id,
    currency: r.currency,
    amount: canon(r.amount),
    network: r.network,
    account: r.account,
    voucher: r.voucher,
    voucher_url: await fileUrl(db, r.voucher, 'voucher'),
    status: r.status,
    reason: r.reason,
    created_at: r.created_at.toISOString(),
    reviewed_at: iso(r.reviewed_at),
  };
}

export function rechargeQuery(db: Kysely<Database>) {
  return db
    .selectFrom('recharges')
    .innerJoin('currencies', 'currencies.id', 'recharges.currency_id')
    .select([
      'recharges.id',
      'recharges.user_id',
      'recharges.currency_id',
      'currencies.name as currency',
      'recharges.amount',
      'recharges.network',
      'recharges.account',
      'recharges.voucher',
      'recharges.voucher_sha256',
      'recharges.status',
      'recharges.reason',
      'recharges.created_at',
      'recharges.reviewed_at',
      'recharges.reviewed_by',
    ]);
}

export async function rechargeLog(db: Kysely<Database>, userId: number, paging: Paging): Promise<Page<RechargeEntry>> {
  const [rows, total] = await Promise.all([
    rechargeQuery(db)
      .where('recharges.user_id', '=', userId)
      .orderBy('recharges.id', 'desc')
      .limit(paging.limit)
      .offset(offset(paging))
      .execute(),
    db
      .selectFrom('recharges')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return pageOf(await Promise.all(rows.map((r) => rechargeDto(db, r))), paging, Number(total.n));
}

/** Operator decision: approve credits exactly the requested amount through the ledger. */
export async function reviewRecharge(trx: Transaction<Database>, input: ReviewInput): Promise<{ userId: number }> {
  const req = await claimPendingRequest(trx, 'recharges', input);
  if (input.approve) {
    await credit(trx, {
      userId: req.userId,
      currencyId: req.currencyId,
      type: FUNDS_ACCOUNT_TYPE,
      amount: req.amount,
      reason: 'recharge',
      ref: { type: 'recharge', id: input.id },
    });
    await addNotice(trx, {
      userId: req.userId,
      kind: 'recharge',
      title: 'notice_recharge_approved_title',
      body: 'notice_recharge_approved_body',
      params: { amount: req.amount, currency: req.currency },
    });
  } else {
    await addNotice(trx, {
      userId: req.userId,
      kind: 'recharge',
      title: 'notice_recharge_rejected_title',
      body: 'notice_kyc_rejected_body',
      params: { reason: input.reason },
    });
  }
  return { userId: req.userId };
}
