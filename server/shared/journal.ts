/**
 * One user's journal (the ledger's record of every balance change) as a page of records and
 * bills: the funds area's records page and the back office's user detail both show it.
 */
import type { Kysely } from 'kysely';
import { JOURNAL_KINDS, type JournalEntry, type JournalKind, type Page } from '../../core';
import type { Database } from '../db/schema';
import { canon } from '../kernel/decimal';
import { offset, pageOf, type Paging } from '../kernel/paging';

export async function journalPage(
  db: Kysely<Database>,
  userId: number,
  paging: Paging,
  filter: { currencyId?: number; type?: number; kind?: JournalKind; from?: number; to?: number } = {},
): Promise<Page<JournalEntry>> {
  let q = db
    .selectFrom('journal')
    .innerJoin('currencies', 'currencies.id', 'journal.currency_id')
    .where('journal.user_id', '=', userId);
  if (filter.currencyId) q = q.where('journal.currency_id', '=', filter.currencyId);
  if (filter.type) q = q.where('journal.type', '=', filter.type);
  const prefixes: readonly string[] = filter.kind ? JOURNAL_KINDS[filter.kind] : [];
  if (prefixes.length) q = q.where((eb) => eb.or(prefixes.map((p) => eb('journal.reason', 'like', `${p}%`))));
  if (filter.from !== undefined) q = q.where('journal.created_at', '>=', new Date(filter.from));
  if (filter.to !== undefined) q = q.where('journal.created_at', '<', new Date(filter.to));
  const [rows, total] = await Promise.all([
    q
      .select([
        'journal.id',
        'journal.currency_id',
        'currencies.name as currency',
        'journal.type',
        'journal.delta_available',
        'journal.delta_frozen',
        'journal.available_after',
        'journal.frozen_after',
        'journal.reason',
        'journal.ref_type',
        'journal.ref_id',
        'journal.created_at',
      ])
      .orderBy('journal.id', 'desc')
      .limit(paging.limit)
      .offset(offset(paging))
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(
    rows.map((r) => ({
      id: Number(r.id),
      currency_id: r.currency_id,
      currency: r.currency,
      type: r.type,
      delta_available: canon(r.delta_available),
      delta_frozen: canon(r.delta_frozen),
      available_after: canon(r.available_after),
      frozen_after: canon(r.frozen_after),
      reason: r.reason,
      ref_type: r.ref_type,
      ref_id: r.ref_id,
      created_at: r.created_at.toISOString(),
    })),
    paging,
    Number(total.n),
  );
}
