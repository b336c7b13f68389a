/**
 * Back office: the site switches (recharge, invitation, wallet gate, exchange fee) and the funds
 * tables an operator tunes — per-currency withdraw minimum and fee, deposit address and minimum per
 * network, per-level
 * limits, fiat rates (/admin/api/settings...). Each change is logged with its reason.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import Decimal from 'decimal.js';
import { addressFitsNetwork, type AdminSettings } from '../../../core';
import { ok } from '../../http/envelope';
import { AppError } from '../../errors';
import { parse } from '../../kernel/validate';
import { decimal, int } from '../../kernel/fields';
import { canon } from '../../kernel/decimal';
import { inTransaction } from '../../db/tx';
import { rechargeEnabled, inviteRequired } from '../../shared/settings';
import { fundsCurrencies, fundsCurrency } from './domain';
import { FIAT_PREFIX, listFiats } from '../../shared/fiat';
import { exchangeFeeRate } from './domain/config';
import { walletGate } from '../../shared/settings';
import { logAction } from '../../auth/operators';
import { id, requiredReason } from '../../admin/forms';

const SettingBody = z.object({
  key: z.enum(['recharge_enabled', 'invite_required', 'wallet_gate', 'exchange_fee_rate']),
  value: z.string().trim().min(1).max(32),
  reason: requiredReason,
});
const CurrencyBody = z.object({
  currency_id: id,
  withdraw_min: decimal,
  withdraw_fee: decimal,
  reason: requiredReason,
});
const DepositNetworkBody = z.object({
  currency_id: id,
  network: z.string().trim().min(1).max(16),
  address: z.string().trim().max(128).default(''),
  min_deposit: decimal,
  reason: requiredReason,
});
const LimitBody = z.object({
  level: int(0, 3),
  withdraw_24h_btc: decimal,
  fiat_order_usdt: decimal,
  reason: requiredReason,
});
const FiatBody = z.object({
  currency_code: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/),
  rate: decimal,
  reason: requiredReason,
});

type Trx = Parameters<typeof logAction>[0];
const upsertSetting = (trx: Trx, key: string, value: string) =>
  trx
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() }))
    .execute();

export async function settingsAdminRoutes(op: FastifyInstance): Promise<void> {
  registerSettingsRead(op);
  registerSwitchWrite(op);
  registerCurrencyWrites(op);
  registerLimitAndFiatWrites(op);
}

/** GET /settings: the switches and every table an operator tunes, in one answer. */
function registerSettingsRead(op: FastifyInstance): void {
  const db = op.db;
  op.get('/settings', async () => {
    const [currencies, configs, limits, nets] = await Promise.all([
      fundsCurrencies(db),
      db.selectFrom('funds_currency_config').selectAll().execute(),
      db.selectFrom('level_limits').selectAll().orderBy('level').execute(),
      db.selectFrom('funds_deposit_networks').selectAll().execute(),
    ]);
    const cfg = new Map(configs.map((c) => [c.currency_id, c]));
    const net = new Map(nets.map((n) => [`${n.currency_id}:${n.network}`, n]));
    const s: AdminSettings = {
      recharge_enabled: await rechargeEnabled(db),
      invite_required: await inviteRequired(db, op.config),
      wallet_gate: await walletGate(db, op.config),
      exchange_fee_rate: await exchangeFeeRate(db),
      limits: limits.map((l) => ({
        level: l.level,
        withdraw_24h_btc: canon(l.withdraw_24h_btc),
        fiat_order_usdt: canon(l.fiat_order_usdt),
      })),
      currencies: currencies.map((c) => ({
        currency_id: c.id,
        currency: c.name,
        withdraw_min: canon(cfg.get(c.id)?.withdraw_min ?? '0'),
        withdraw_fee: canon(cfg.get(c.id)?.withdraw_fee ?? '0'),
      })),
      deposit_networks: currencies.flatMap((c) =>
        c.networks.map((network) => {
          const n = net.get(`${c.id}:${network}`);
          return {
            currency_id: c.id,
            currency: c.name,
            network,
            address: n?.address ?? '',
            min_deposit: canon(n?.min_deposit ?? '0'),
          };
        }),
      ),
      fiats: await listFiats(db),
    };
    return ok(s);
  });
}

/** POST /settings: a site switch (on/off in any of the usual spellings) or the exchange fee rate (below 1). */
function registerSwitchWrite(op: FastifyInstance): void {
  const db = op.db;
  op.post('/settings', async (req) => {
    const b = parse(SettingBody, req.body);
    let value = b.value;
    if (b.key === 'exchange_fee_rate') {
      if (!/^\d(\.\d{1,8})?$/.test(value) || new Decimal(value).gte(1)) throw new AppError('param_error');
    } else {
      value = ['1', 'on', 'true', 'yes'].includes(value.toLowerCase())
        ? '1'
        : ['0', 'off', 'false', 'no'].includes(value.toLowerCase())
          ? '0'
          : '';
      if (!value) throw new AppError('param_error');
    }
    await inTransaction(db, async (trx) => {
      await upsertSetting(trx, b.key, value);
      await logAction(trx, {
        operatorId: req.operatorId,
        action: 'setting',
        target: b.key,
        reason: b.reason,
        detail: { value },
      });
    });
    return ok(true);
  });
}

/** Per currency: the withdraw minimum and fee, and each network's deposit address and minimum. */
function registerCurrencyWrites(op: FastifyInstance): void {
  const db = op.db;
  op.post('/settings/currency', async (req) => {
    const b = parse(CurrencyBody, req.body);
    const c = await fundsCurrency(db, b.currency_id);
    if (new Decimal(b.withdraw_fee).gt(b.withdraw_min)) throw new AppError('param_error');
    await inTransaction(db, async (trx) => {
      const v = { withdraw_min: b.withdraw_min, withdraw_fee: b.withdraw_fee };
      await trx
        .insertInto('funds_currency_config')
        .values({ currency_id: c.id, ...v })
        .onConflict((oc) => oc.column('currency_id').doUpdateSet(v))
        .execute();
      await logAction(trx, {
        operatorId: req.operatorId,
        action: 'setting_currency',
        target: c.name,
        reason: b.reason,
        detail: v,
      });
    });
    return ok(true);
  });
  // An address published on the wrong network loses every deposit sent to it: its shape is checked
  // against the network; '' withdraws the network's address (deposits on it are then refused).
  op.post('/settings/deposit-network', async (req) => {
    const b = parse(DepositNetworkBody, req.body);
    const c = await fundsCurrency(db, b.currency_id);
    if (!c.networks.includes(b.network)) throw new AppError('network_invalid');
    if (b.address && !addressFitsNetwork(b.network, b.address)) throw new AppError('address_invalid');
    await inTransaction(db, async (trx) => {
      const v = { address: b.address, min_deposit: b.min_deposit, updated_at: new Date() };
      await trx
        .insertInto('funds_deposit_networks')
        .values({ currency_id: c.id, network: b.network, ...v })
        .onConflict((oc) => oc.columns(['currency_id', 'network']).doUpdateSet(v))
        .execute();
      await logAction(trx, {
        operatorId: req.operatorId,
        action: 'setting_deposit_network',
        target: `${c.name}/${b.network}`,
        reason: b.reason,
        detail: { address: b.address, min_deposit: b.min_deposit },
      });
    });
    return ok(true);
  });
}

/** The per-level limits and the fiat rates (USD is 1). */
function registerLimitAndFiatWrites(op: FastifyInstance): void {
  const db = op.db;
  op.post('/settings/limit', async (req) => {
    const b = parse(LimitBody, req.body);
    await inTransaction(db, async (trx) => {
      const v = { withdraw_24h_btc: b.withdraw_24h_btc, fiat_order_usdt: b.fiat_order_usdt };
      await trx
        .insertInto('level_limits')
        .values({ level: b.level, ...v })
        .onConflict((oc) => oc.column('level').doUpdateSet(v))
        .execute();
      await logAction(trx, {
        operatorId: req.operatorId,
        action: 'setting_limit',
        target: `level:${b.level}`,
        reason: b.reason,
        detail: v,
      });
    });
    return ok(true);
  });
  op.post('/settings/fiat', async (req) => {
    const b = parse(FiatBody, req.body);
    if (new Decimal(b.rate).lte(0) || (b.currency_code === 'USD' && b.rate !== '1')) throw new AppError('param_error');
    await inTransaction(db, async (trx) => {
      await upsertSetting(trx, FIAT_PREFIX + b.currency_code, b.rate);
      await logAction(trx, {
        operatorId: req.operatorId,
        action: 'setting_fiat',
        target: b.currency_code,
        reason: b.reason,
        detail: { rate: b.rate },
      });
    });
    return ok(true);
  });
}
