/** Saved withdrawal addresses (spec §3: currency, name, address, QR image), the owner's only. */
import type { Kysely } from 'kysely';
import { networkOfAddress, type Page, type WalletAddress } from '../../../../core';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors';
import { claimUpload, fileUrl } from '../../../shared/files/files';
import { fundsCurrency } from '.';
import { inTransaction } from '../../../db/tx';
import { offset, pageOf, type Paging } from '../../../kernel/paging';

export async function saveAddress(
  db: Kysely<Database>,
  userId: number,
  input: { currency: number; name: string; address: string; qrcode: string; network?: string },
): Promise<WalletAddress> {
  const c = await fundsCurrency(db, input.currency);
  const name = input.name.trim();
  const address = input.address.trim();
  if (!name || Array.from(name).length > 30) throw new AppError('param_error');
  if (input.network && !c.networks.includes(input.network)) throw new AppError('network_invalid');
  const network = networkOfAddress(c.networks, address, input.network || undefined);
  if (!network) throw new AppError('address_invalid');
  const id = await inTransaction(db, async (trx) => {
    const qrcode = await claimUpload(trx, userId, input.qrcode, 'wallet_qr');
    const row = await trx
      .insertInto('wallet_addresses')
      .values({ user_id: userId, currency_id: c.id, name, address, network, qrcode })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  const saved = await findAddress(db, userId, id);
  if (!saved) throw new AppError('not_found');
  return saved;
}

const columns = [
  'wallet_addresses.id',
  'wallet_addresses.currency_id',
  'currencies.name as currency',
  'wallet_addresses.name',
  'wallet_addresses.address',
  'wallet_addresses.network',
  'wallet_addresses.qrcode',
  'wallet_addresses.created_at',
] as const;

async function toDto(
  db: Kysely<Database>,
  r: {
    id: number;
    currency_id: number;
    currency: string;
    name: string;
    address: string;
    network: string;
    qrcode: string;
    created_at: Date;
  },
): Promise<WalletAddress> {
  return { ...r, qrcode_url: await fileUrl(db, r.qrcode, 'wallet_qr'), created_at: r.created_at.toISOString() };
}

/** The caller's own, live address — or undefined (another user's id reads as "not found"). */
export async function findAddress(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<WalletAddress | undefined> {
  const r = await db
    .selectFrom('wallet_addresses')
    .innerJoin('currencies', 'currencies.id', 'wallet_addresses.currency_id')
    .select(columns)
    .where('wallet_addresses.id', '=', id)
    .where('wallet_addresses.user_id', '=', userId)
    .where('wallet_addresses.deleted_at', 'is', null)
    .executeTakeFirst();
  return r ? toDto(db, r) : undefined;
}

export async function listAddresses(
  db: Kysely<Database>,
  userId: number,
  paging: Paging,
  currencyId?: number,
): Promise<Page<WalletAddress>> {
  let q = db
    .selectFrom('wallet_addresses')
    .innerJoin('currencies', 'currencies.id', 'wallet_addresses.currency_id')
    .where('wallet_addresses.user_id', '=', userId)
    .where('wallet_addresses.deleted_at', 'is', null);
  if (currencyId) q = q.where('wallet_addresses.currency_id', '=', currencyId);
  const [rows, total] = await Promise.all([
    q.select(columns).orderBy('wallet_addresses.id', 'desc').limit(paging.limit).offset(offset(paging)).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(await Promise.all(rows.map((r) => toDto(db, r))), paging, Number(total.n));
}

export async function deleteAddress(db: Kysely<Database>, userId: number, id: number): Promise<void> {
  const res = await db
    .updateTable('wallet_addresses')
    .set({ deleted_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (res.numUpdatedRows !== 1n) throw new AppError('not_found');
}
