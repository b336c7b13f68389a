/**
 * Recharge vouchers: an uploaded file backs one recharge request only, and a
 * re-uploaded copy of the same bytes (same sha256) is accepted but shown to the operator as a
 * duplicate, with the ids of the other requests.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors';
import { isUniqueViolation } from '../../../db/tx';
import { claimUpload, nameOfRef } from '../../../shared/files/files';
import type { Db } from '../../../db/schema';

const ONE_USE_INDEX = 'recharges_voucher_once';

/** Claims the user's upload as a voucher; refuses one already attached to a request. */
export async function claimVoucher(
  db: Db,
  userId: number,
  ref: string,
): Promise<{ voucher: string; sha256: string | null }> {
  const voucher = await claimUpload(db, userId, ref, 'voucher');
  const used = await db.selectFrom('recharges').select('id').where('voucher', '=', voucher).executeTakeFirst();
  if (used) throw new AppError('voucher_used');
  const up = await db
    .selectFrom('uploads')
    .select('sha256')
    .where('name', '=', nameOfRef(voucher) ?? '')
    .executeTakeFirst();
  return { voucher, sha256: up?.sha256 ?? null };
}

/** A concurrent request that attached the same file first: the one-use index refused this one. */
export function voucherTaken(err: unknown): AppError | null {
  return isUniqueViolation(err, ONE_USE_INDEX) ? new AppError('voucher_used') : null;
}

/** For each request, the ids of other requests with the same voucher file or the same bytes. */
export async function voucherDuplicates(
  db: Kysely<Database>,
  rows: { id: number; voucher: string; voucher_sha256: string | null }[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(rows.map((r) => [r.id, []]));
  if (!rows.length) return out;
  const vouchers = rows.map((r) => r.voucher);
  const hashes = rows.flatMap((r) => (r.voucher_sha256 ? [r.voucher_sha256] : []));
  const others = await db
    .selectFrom('recharges')
    .select(['id', 'voucher', 'voucher_sha256'])
    .where((eb) =>
      eb.or([eb('voucher', 'in', vouchers), ...(hashes.length ? [eb('voucher_sha256', 'in', hashes)] : [])]),
    )
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const ids = others
      .filter(
        (o) =>
          o.id !== r.id &&
          (o.voucher === r.voucher || (r.voucher_sha256 !== null && o.voucher_sha256 === r.voucher_sha256)),
      )
      .map((o) => o.id);
    out.set(r.id, ids);
  }
  return out;
}
