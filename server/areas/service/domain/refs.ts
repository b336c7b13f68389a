/**
 * The records a customer may attach to a conversation: their own recharge, withdrawal, spot order
 * or NFT order. Ownership is checked in the query (the record's user must be the caller); the
 * operator's panel describes the same records in one line each.
 */
import type {} from '../tables'; // the area's tables join Database there
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/schema';
import type { AdminRecordLine, ServiceRef, ServiceRefType } from '../../../../core';
import { AppError } from '../../../errors';

type Line = { id: number; user_id: number; summary: string; status: string; created_at: Date };

/** One kind of record as lines, filtered by `where` (written against the kind's alias: r, w, o, n). */
async function records(
  db: Db,
  type: ServiceRefType,
  where: (alias: string) => RawBuilder<boolean>,
  limit: number,
): Promise<Line[]> {
  const a = table[type];
  return (await recordQuery(db, type, where(a), limit).execute()) as Line[];
}

function recordQuery(db: Db, type: ServiceRefType, cond: RawBuilder<boolean>, limit: number) {
  switch (type) {
    case 'recharge':
      return db
        .selectFrom('recharges as r')
        .innerJoin('currencies as c', 'c.id', 'r.currency_id')
        .select([
          'r.id',
          'r.user_id',
          sql<string>`'recharge ' || trim_scale(r.amount)::text || ' ' || c.name`.as('summary'),
          'r.status',
          'r.created_at',
        ])
        .where(cond)
        .orderBy('r.id', 'desc')
        .limit(limit)
        .$castTo<Line>();
    case 'withdraw':
      return db
        .selectFrom('withdrawals as w')
        .innerJoin('currencies as c', 'c.id', 'w.currency_id')
        .select([
          'w.id',
          'w.user_id',
          sql<string>`'withdraw ' || trim_scale(w.amount)::text || ' ' || c.name || ' → ' || w.destination`.as(
            'summary',
          ),
          'w.status',
          'w.created_at',
        ])
        .where(cond)
        .orderBy('w.id', 'desc')
        .limit(limit)
        .$castTo<Line>();
    case 'order':
      return db
        .selectFrom('spot_orders as o')
        .select([
          'o.id',
          'o.user_id',
          sql<string>`o.side || ' ' || o.kind || ' ' || trim_scale(o.amount)::text || ' ' || o.symbol`.as('summary'),
          'o.status',
          'o.created_at',
        ])
        .where(cond)
        .orderBy('o.id', 'desc')
        .limit(limit)
        .$castTo<Line>();
    case 'nft_order':
      return db
        .selectFrom('nft_orders as n')
        .innerJoin('nft_items as i', 'i.id', 'n.item_id')
        .select([
          'n.id',
          'n.buyer_id as user_id',
          sql<string>`'NFT ' || i.title || ' ' || trim_scale(n.price)::text`.as('summary'),
          'n.status',
          'n.created_at',
        ])
        .where(cond)
        .orderBy('n.id', 'desc')
        .limit(limit)
        .$castTo<Line>();
  }
}

const table: Record<ServiceRefType, string> = { recharge: 'r', withdraw: 'w', order: 'o', nft_order: 'n' };

async function findLine(db: Db, ref: ServiceRef): Promise<Line | undefined> {
  return (await records(db, ref.type, (a) => sql<boolean>`${sql.ref(`${a}.id`)} = ${ref.id}`, 1))[0];
}

/** The record if the user owns it, else service_ref_invalid (someone else's record looks the same as none). */
export async function checkOwnRef(db: Db, userId: number, ref: ServiceRef): Promise<void> {
  const line = await findLine(db, ref);
  if (!line || line.user_id !== userId) throw new AppError('service_ref_invalid');
}

const toLine = (type: ServiceRefType, l: Line): AdminRecordLine => ({
  type,
  id: l.id,
  summary: l.summary,
  status: String(l.status),
  created_at: l.created_at.getTime(),
});

export async function describeRef(db: Db, ref: ServiceRef): Promise<AdminRecordLine | null> {
  const l = await findLine(db, ref);
  return l ? toLine(ref.type, l) : null;
}

/** The user's latest records of every kind, newest first (the operator's side panel). */
export async function recentRecords(db: Db, userId: number, per = 3): Promise<AdminRecordLine[]> {
  const owner: Record<ServiceRefType, string> = {
    recharge: 'r.user_id',
    withdraw: 'w.user_id',
    order: 'o.user_id',
    nft_order: 'n.buyer_id',
  };
  const lists = await Promise.all(
    (Object.keys(owner) as ServiceRefType[]).map(async (type) => {
      const rows = await records(db, type, () => sql<boolean>`${sql.ref(owner[type])} = ${userId}`, per);
      return rows.map((l) => toLine(type, l));
    }),
  );
  return lists.flat().sort((a, b) => b.created_at - a.created_at);
}
