/**
 * Editing the catalogue (back office): artists, collections and items. Words (names, bio,
 * descriptions, title, rarity) can always change. An item's money and window (price, increment,
 * margin, start, end) only while nobody has a stake in it: still the platform's first listing,
 * no bid, no margin held, no box sold — a buyer or bidder never finds the terms moved under them.
 * Each edit answers what changed (before → after) for the action log.
 */
import { scheduleAuctionEnd } from './settle';
import Decimal from 'decimal.js';
import type { Trx } from '../../db/tx';
import type {} from './tables'; // the area's tables join Database there
import { AppError } from '../../errors';
import { currencyDecimals, parsePrice } from './money';
import { lockItemById } from './shared';
import { canon } from '../../kernel/decimal';

export type Changes = Record<string, { from: unknown; to: unknown }>;

function diff(before: Record<string, unknown>, patch: Record<string, unknown>): { set: Record<string, unknown>; changes: Changes } {
  const set: Record<string, unknown> = {};
  const changes: Changes = {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    const was = before[k] instanceof Date ? (before[k] as Date).toISOString() : before[k];
    const now = v instanceof Date ? v.toISOString() : v;
    if (String(was) === String(now)) continue;
    set[k] = v;
    changes[k] = { from: was, to: now };
  }
  return { set, changes };
}

export async function editArtist(trx: Trx, id: number, p: { name?: string; bio?: string }): Promise<Changes> {
  const a = await trx.selectFrom('nft_artists').select(['name', 'bio']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!a) throw new AppError('not_found');
  const { set, changes } = diff(a, p);
  if (Object.keys(set).length) await trx.updateTable('nft_artists').set(set).where('id', '=', id).execute();
  return changes;
}

export async function editCollection(trx: Trx, id: number, p: { name?: string; description?: string }): Promise<Changes> {
  const c = await trx.selectFrom('nft_collections').select(['name', 'description']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!c) throw new AppError('not_found');
  const { set, changes } = diff(c, p);
  if (Object.keys(set).length) await trx.updateTable('nft_collections').set(set).where('id', '=', id).execute();
  return changes;
}

export interface ItemPatch {
  title?: string;
  description?: string;
  rarity?: string;
  price?: string;
  per_increase?: string;
  margin?: string;
  startMs?: number;
  endMs?: number;
}

export async function editItem(trx: Trx, id: number, p: ItemPatch): Promise<Changes> {
  const exists = await trx.selectFrom('nft_items').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) throw new AppError('nft_not_found');
  const item = await lockItemById(trx, id);
  // a form sends every field: a term equal to the current one is no change (and no stake check)
  const same = (v: string | undefined, cur: string) => {
    try {
      return v !== undefined && new Decimal(v.trim()).eq(cur);
    } catch {
      return false;
    }
  };
  if (same(p.price, item.price)) p = { ...p, price: undefined };
  if (same(p.per_increase, item.per_increase)) p = { ...p, per_increase: undefined };
  if (same(p.margin, item.margin)) p = { ...p, margin: undefined };
  if (p.startMs === new Date(item.start_at).getTime()) p = { ...p, startMs: undefined };
  if (p.endMs === new Date(item.end_at).getTime()) p = { ...p, endMs: undefined };
  const terms = p.price !== undefined || p.per_increase !== undefined || p.margin !== undefined || p.startMs !== undefined || p.endMs !== undefined;
  const patch: Record<string, unknown> = { title: p.title, description: p.description, rarity: p.rarity };
  if (terms) {
    const held = await trx.selectFrom('nft_margins').select('id').where('item_id', '=', id).where('status', '=', 'held').executeTakeFirst();
    const sold = await trx.selectFrom('nft_box_series').select('sold').where('item_id', '=', id).executeTakeFirst();
    if (item.owner_id !== null || item.bid_count > 0 || held || (sold && sold.sold > 0) || !['none', 'open'].includes(item.auction_state)) throw new AppError('nft_edit_locked');
    const decimals = await currencyDecimals(trx, item.currency_id);
    if (p.price !== undefined) patch.price = parsePrice(p.price, decimals);
    if (item.pay_type === 2 && p.per_increase !== undefined) patch.per_increase = parsePrice(p.per_increase, decimals, 'nft_increment_invalid');
    if (item.pay_type === 2 && p.margin !== undefined) patch.margin = /^0+(\.0+)?$/.test(p.margin.trim()) ? '0' : parsePrice(p.margin, decimals);
    const start = p.startMs ?? new Date(item.start_at).getTime();
    const end = p.endMs ?? new Date(item.end_at).getTime();
    if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) throw new AppError('nft_end_before_start');
    if (p.startMs !== undefined) patch.start_at = new Date(start);
    if (p.endMs !== undefined) {
      patch.end_at = new Date(end);
      patch.original_end_at = new Date(end);
    }
  }
  // NUMERIC columns come back with 18 places: compare canonical values
  const before = { ...item, price: canon(item.price), per_increase: canon(item.per_increase), margin: canon(item.margin) } as unknown as Record<string, unknown>;
  const { set, changes } = diff(before, patch);
  if (Object.keys(set).length) await trx.updateTable('nft_items').set(set).where('id', '=', id).execute();
  if (p.endMs !== undefined && item.auction_state === 'open') await scheduleAuctionEnd(trx, id, p.endMs);
  return changes;
}
