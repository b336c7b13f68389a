/**
 * Seconds options on the ledger's group commit (db/group-commit.ts; the statements: migration 046).
 * An order's whole write — the stake's freeze, the order, its buy tick, the journal row, the
 * backstop job and the request's idempotency key with its answer — is one element of a statement
 * shared with the other orders submitted meanwhile: one round trip and one commit for all. A
 * settlement likewise: the status guard, the end tick, the stake leaving the frozen balance and
 * the payout, journaled. Each element is all-or-nothing and each caller's promise settles after the
 * commit that carried it.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import { secondsPayout } from '../../../../core';
import type { Database } from '../../../db/schema';
import { commitStatement, GroupCommit } from '../../../db/group-commit';
import type { SecondsOrdersTable } from '../tables';
import type { TickRef } from './books';

type Row = Selectable<SecondsOrdersTable>;

/** One order as seconds_submit_batch reads it (short keys: the document is built per batch). */
export interface SubmitElement {
  u: number;
  c: number;
  s: string;
  ty: 'up' | 'down';
  sec: number;
  /** the stake, a checked decimal string */
  a: string;
  pr: string;
  bp: string;
  bq: number;
  bt: number;
  x: number;
  /** created_at (ISO): the rules' clock, as the answer says */
  ca: string;
  /** the backstop job: task, key prefix (the order's id follows), run at (ISO) */
  jt: string;
  jk: string;
  ra: string;
  /** the idempotency key (user `u`), claimed in the statement for route `kc` by owner `kw` */
  k?: string;
  kc?: string;
  kw?: string;
  /** the request's answer, stored with the key (its id filled in by the statement) */
  ans?: unknown;
}

export interface BalanceRow {
  acc: number;
  avail: string;
  froz: string;
}

/** The order's id and the micro account after the freeze; `dup`: the key was claimed before, nothing done. */
type Submitted = ({ order_id: number; dup: false } & BalanceRow) | { dup: true };

async function submitStatement(db: Kysely<Database>, els: SubmitElement[]): Promise<(Submitted | null)[]> {
  const doc = JSON.stringify(els);
  const r = await commitStatement(db, (on) =>
    sql<Submitted & { n: number }>`SELECT * FROM seconds_submit_batch(${doc}::jsonb)`.execute(on),
  );
  const out: (Submitted | null)[] = els.map(() => null);
  for (const row of r.rows) out[row.n] = row;
  return out;
}

/** A settlement asked for: the order, its owner (whose balance lock it takes), its end tick, the rules' now. */
interface SettleRequest {
  id: number;
  userId: number;
  end: TickRef;
  at: number;
}

/** The settled order as its row now reads, its coin's name, and the micro account after. */
interface Settled {
  row: Row;
  currency: string;
  balance: BalanceRow;
}

/**
 * The pending orders of the batch are read first (their stake, ratio and buy price never change),
 * each outcome decided in TS by core secondsPayout, then all settled in one statement whose status
 * guard makes each settlement happen once: null for an order that was not (or no longer) pending.
 */
async function settleStatement(db: Kysely<Database>, reqs: SettleRequest[]): Promise<(Settled | null)[]> {
  const out: (Settled | null)[] = reqs.map(() => null);
  const rows = await db
    .selectFrom('seconds_orders as s')
    .innerJoin('currencies as c', 'c.id', 's.currency_id')
    .selectAll('s')
    .select('c.name as currency_name')
    .where('s.id', 'in', [...new Set(reqs.map((q) => q.id))])
    .where('s.status', '=', 'pending')
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const planned: { i: number; settled: Omit<Settled, 'balance'> }[] = [];
  const doc: object[] = [];
  reqs.forEach((q, i) => {
    const found = byId.get(q.id);
    if (!found || found.user_id !== q.userId) return;
    const { currency_name, ...r } = found;
    const o = secondsPayout({
      direction: r.type,
      stake: r.number,
      profitRatio: r.profit_ratio,
      openPrice: r.buy_price,
      closePrice: q.end.price,
    });
    const row: Row = {
      ...r,
      status: 'settled',
      end_price: q.end.price,
      end_seq: q.end.seq,
      end_ts: q.end.ts,
      result: o.result,
      payout: o.payout,
      profit: o.profit,
      settled_at: new Date(q.at),
    };
    planned.push({ i, settled: { row, currency: currency_name } });
    doc.push({
      i: String(r.id),
      u: r.user_id,
      c: r.currency_id,
      a: r.number,
      s: r.symbol,
      ep: q.end.price,
      es: q.end.seq,
      et: q.end.ts,
      r: o.result,
      p: o.payout,
      pf: o.profit,
      sa: row.settled_at!.toISOString(),
    });
  });
  if (!doc.length) return out;
  const json = JSON.stringify(doc);
  const r = await commitStatement(db, (on) =>
    sql<BalanceRow & { n: number }>`SELECT * FROM seconds_settle_batch(${json}::jsonb)`.execute(on),
  );
  for (const b of r.rows) {
    const p = planned[b.n];
    out[p.i] = { ...p.settled, balance: { acc: b.acc, avail: b.avail, froz: b.froz } };
  }
  return out;
}

interface SecondsWriters {
  submit: GroupCommit<SubmitElement, Submitted | null>;
  settle: GroupCommit<SettleRequest, Settled | null>;
}

const writers = new WeakMap<Kysely<Database>, SecondsWriters>();

/** The handle's seconds writers (one per pool: their batches are the group commits). */
export function secondsWritersFor(db: Kysely<Database>): SecondsWriters {
  let w = writers.get(db);
  if (!w)
    writers.set(
      db,
      (w = {
        submit: new GroupCommit(
          (els) => submitStatement(db, els),
          (e) => [e.u],
          { drainWith: db },
        ),
        settle: new GroupCommit(
          (reqs) => settleStatement(db, reqs),
          (q) => [q.userId],
          { drainWith: db },
        ),
      }),
    );
  return w;
}
