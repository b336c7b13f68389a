/**
 * Editing the catalogue (back office): artists, collections, items and blind-box series. Names,
 * bio, descriptions and titles can always change; what may happen to an item's rarity, money,
 * window and a series' manifest is edit-rules.ts's (a buyer or bidder never finds the terms moved
 * against them). Each edit answers what changed (before → after) for the action log.
 */
import { scheduleAuctionEnd } from './settle';
import Decimal from 'decimal.js';
import type { Trx } from '../../../db/tx';
import type {} from '../tables'; // the area's tables join Database there
import { AppError } from '../../../errors';
import { currencyDecimals, parsePrice } from './money';
import { lockItemById, type ItemRow } from './shared';
import { editable, type EditState } from './edit-rules';
import { newSeed } from './boxes';
import { expandManifest, type ManifestEntry } from '../../../../core';
import { canon } from '../../../kernel/decimal';

export type Changes = Record<string, { from: unknown; to: unknown }>;

function diff(
  before: Record<string, unknown>,
  patch: Record<string, unknown>,
): { set: Record<string, unknown>; changes: Changes } {
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
  const a = await trx
    .selectFrom('nft_artists')
    .select(['name', 'bio'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!a) throw new AppError('not_found');
  const { set, changes } = diff(a, p);
  if (Object.keys(set).length) await trx.updateTable('nft_artists').set(set).where('id', '=', id).execute();
  return changes;
}

export async function editCollection(
  trx: Trx,
  id: number,
  p: { name?: string; description?: string },
): Promise<Changes> {
  const c = await trx
    .selectFrom('nft_collections')
    .select(['name', 'description'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
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
  /** a blind-box series' new manifest (only before its start, nobody has bought) */
  manifest?: ManifestEntry[];
}

/** What edit-rules.ts reads of one item: its row plus the stakes kept in other tables. */
async function editStateOf(trx: Trx, item: ItemRow): Promise<EditState> {
  const held = await trx
    .selectFrom('nft_margins')
    .select('id')
    .where('item_id', '=', item.id)
    .where('status', '=', 'held')
    .executeTakeFirst();
  const s = await trx
    .selectFrom('nft_box_series')
    .select(['sold', 'revealed_at'])
    .where('item_id', '=', item.id)
    .executeTakeFirst();
  return { ...item, held: held !== undefined, sold: s?.sold ?? 0, revealed: s?.revealed_at != null };
}

/** a term that would move against someone about to buy or bid */
const raised = (next: string | undefined, cur: string) => next !== undefined && new Decimal(next).gt(cur);

export async function editItem(trx: Trx, id: number, p: ItemPatch, nowMs: number): Promise<Changes> {
  const exists = await trx.selectFrom('nft_items').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) throw new AppError('nft_not_found');
  const item = await lockItemById(trx, id);
  const state = await editStateOf(trx, item);
  const may = editable(state, nowMs);
  // a form sends every field: a term equal to the current one is no change (and no stake check);
  // an increment or margin means nothing on an item that is not an auction
  const same = (v: string | undefined, cur: string) => {
    try {
      return v !== undefined && new Decimal(v.trim()).eq(cur);
    } catch {
      return false;
    }
  };
  if (same(p.price, item.price)) p = { ...p, price: undefined };
  if (same(p.per_increase, item.per_increase) || item.pay_type !== 2) p = { ...p, per_increase: undefined };
  if (same(p.margin, item.margin) || item.pay_type !== 2) p = { ...p, margin: undefined };
  if (p.startMs === new Date(item.start_at).getTime()) p = { ...p, startMs: undefined };
  if (p.endMs === new Date(item.end_at).getTime()) p = { ...p, endMs: undefined };
  if (p.rarity === item.rarity) p = { ...p, rarity: undefined };
  if (p.rarity !== undefined && !may.rarity) throw new AppError('nft_edit_rarity_locked');
  const terms =
    p.price !== undefined ||
    p.per_increase !== undefined ||
    p.margin !== undefined ||
    p.startMs !== undefined ||
    p.endMs !== undefined;
  const patch: Record<string, unknown> = { title: p.title, description: p.description, rarity: p.rarity };
  if (terms) {
    if (may.terms === 'locked') throw new AppError('nft_edit_locked');
    const decimals = await currencyDecimals(trx, item.currency_id);
    if (p.price !== undefined) patch.price = parsePrice(p.price, decimals);
    if (p.per_increase !== undefined)
      patch.per_increase = parsePrice(p.per_increase, decimals, 'nft_increment_invalid');
    if (p.margin !== undefined)
      patch.margin = /^0+(\.0+)?$/.test(p.margin.trim()) ? '0' : parsePrice(p.margin, decimals);
    const start = p.startMs ?? new Date(item.start_at).getTime();
    const end = p.endMs ?? new Date(item.end_at).getTime();
    if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) throw new AppError('nft_end_before_start');
    if (may.terms === 'started') {
      if (
        raised(patch.price as string | undefined, item.price) ||
        raised(patch.per_increase as string | undefined, item.per_increase) ||
        raised(patch.margin as string | undefined, item.margin)
      ) {
        throw new AppError('nft_edit_terms_up');
      }
      if (p.startMs !== undefined || end < new Date(item.end_at).getTime())
        throw new AppError('nft_edit_window_started');
    }
    if (p.endMs !== undefined && end <= nowMs) throw new AppError('nft_edit_end_passed');
    if (p.startMs !== undefined) patch.start_at = new Date(start);
    if (p.endMs !== undefined) {
      patch.end_at = new Date(end);
      patch.original_end_at = new Date(end);
    }
  }
  // NUMERIC columns come back with 18 places: compare canonical values
  const before = {
    ...item,
    price: canon(item.price),
    per_increase: canon(item.per_increase),
    margin: canon(item.margin),
  } as unknown as Record<string, unknown>;
  const { set, changes } = diff(before, patch);
  if (Object.keys(set).length) await trx.updateTable('nft_items').set(set).where('id', '=', id).execute();
  if (p.endMs !== undefined && item.auction_state === 'open') await scheduleAuctionEnd(trx, id, p.endMs);
  if (p.manifest !== undefined) Object.assign(changes, await replaceManifest(trx, item.id, p.manifest, may.manifest));
  return changes;
}

/**
 * A series' new manifest before its sale: a new secret seed and commitment (the old commitment
 * was never used for a box — nothing was sold — and is kept in the action log). No-op if equal.
 */
async function replaceManifest(
  trx: Trx,
  itemId: number,
  manifest: ManifestEntry[],
  allowed: boolean,
): Promise<Changes> {
  const s = await trx
    .selectFrom('nft_box_series')
    .select(['id', 'manifest', 'commitment'])
    .where('item_id', '=', itemId)
    .forUpdate()
    .executeTakeFirst();
  if (!s) throw new AppError('param_error');
  const was = typeof s.manifest === 'string' ? (JSON.parse(s.manifest) as ManifestEntry[]) : s.manifest;
  if (JSON.stringify(was) === JSON.stringify(manifest)) return {};
  if (!allowed) throw new AppError('nft_edit_manifest_locked');
  const total = expandManifest(manifest).length;
  if (total <= 0 || manifest.some((m) => !Number.isInteger(m.count) || m.count < 0 || !m.prize))
    throw new AppError('param_error');
  const seed = newSeed();
  await trx
    .updateTable('nft_box_series')
    .set({ manifest: JSON.stringify(manifest), total, commitment: seed.commitment, secret_seed: seed.seed })
    .where('id', '=', s.id)
    .execute();
  return { manifest: { from: was, to: manifest }, commitment: { from: s.commitment, to: seed.commitment } };
}
