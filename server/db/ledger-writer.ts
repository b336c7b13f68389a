/**
 * Group commit for ledger transfers: the transfers submitted while a batch is in flight go together
 * as ONE statement (ledger_transfer_batch, migrations 041, 044, 045, 049), by the generic machinery of
 * group-commit.ts (queue, batches without a shared user, one-by-one fallback, answers after the
 * commit). Each transfer in it stays all-or-nothing — a refused debit writes nothing and is
 * reported to its caller alone (a null row); the others stand.
 *
 * One writer per database handle (writerFor). Batches take their users' balance locks in ascending
 * id order (the canonical order, user-locks.ts), so two batches in flight, or a batch and any
 * inTransaction, cannot deadlock on them; a deadlock with a transaction that locks lazily out of
 * order is retried like one in inTransaction.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';
import { commitStatement, GroupCommit, type GroupCommitOptions } from './group-commit';
import { preparedRows, type Prepared } from './prepared';

/** One transfer as ledger_transfer_batch reads it (short keys: the document is built per batch). */
export interface TransferElement {
  fu: number;
  fc: number;
  ft: number;
  tu: number;
  tc: number;
  tt: number;
  /** the amount, a checked decimal string (ledger checkAmount) */
  a: string;
  /** the credit's amount when it is not `a` (a conversion into coin `tc`, migration 045), checked too */
  ta?: string;
  ro: string;
  ri: string;
  rt: string | null;
  rid: string | null;
  /** the idempotency key to mark committed with it (user, key, the ref to store), if any */
  ku: number | null;
  k: string | null;
  kr: unknown;
  /**
   * with the key: claim it in the statement (migration 044) for this route — a key that exists
   * already makes the transfer a `dup`, else its row is inserted committed with the moves — and
   * the process that claimed it (the key's owner)
   */
  kc?: string;
  kw?: string;
  /** check in the statement that the coins are ones funds may move (migrations 044, 045) */
  cc?: boolean;
  /** the record written with the moves, if any (its id is `rid`) */
  rec?: TransferRecord;
  /** with rec 'exchanges': the record's figures (its amount is `a`, its received `ta`) */
  xr?: ExchangeFigures;
}

/** Records a batched transfer may write in its own statement (migrations 041, 045). */
export type TransferRecord = 'fund_transfers' | 'exchanges';

/** An exchange record's prices (each coin in USDT), rate and fee, as decimal strings. */
interface ExchangeFigures {
  fp: string;
  tp: string;
  r: string;
  f: string;
}

/** Both accounts after the transfer; numerics as PostgreSQL's text. */
export interface TransferRow {
  from_account: number;
  from_available: string;
  from_frozen: string;
  to_account: number;
  to_available: string;
  to_frozen: string;
  /** the ref id the transfer used (drawn in the statement when the element had none) */
  rid: string | null;
  /** the statement's time: the record's created_at */
  done_at: Date;
  /** the key was claimed before (element with kc): nothing was done */
  dup: boolean;
  /** the coin's name (element with cc) */
  cur: string | null;
  /** a rule the statement refused the transfer by (an AppError code): nothing was done */
  refused: 'currency_invalid' | null;
}

/** A transfer inside the caller's transaction: the row, or null when the debit was refused. */
export async function transferInTrx(trx: Transaction<Database>, e: TransferElement): Promise<TransferRow | null> {
  if (e.kc || e.cc) throw new Error('transferInTrx: a key claim and a coin check are the group commit’s only');
  if (e.rec && e.rid === null) e = { ...e, rid: await drawRecordId(trx, e.rec) };
  const r = await sql<Omit<TransferRow, 'rid' | 'dup' | 'cur' | 'refused'>>`
    SELECT *, now() AS done_at FROM ledger_move(${e.fu}::int, ${e.fc}::int, ${e.ft}::smallint, ${e.tu}::int, ${e.tc}::int, ${e.tt}::smallint,
      ${e.a}::numeric, ${e.ta ?? e.a}::numeric, ${e.ro}, ${e.ri}, ${e.rt}, ${e.rid}, ${e.ku}::int, ${e.k}, ${e.kr === null ? null : JSON.stringify(e.kr)}::jsonb)`.execute(
    trx,
  );
  const found = r.rows[0];
  if (!found) return null;
  if (e.rec) await insertRecord(trx, e);
  return { ...found, rid: e.rid, dup: false, cur: null, refused: null };
}

/** The element's record, as the batch statement writes it (the in-transaction path). */
async function insertRecord(trx: Transaction<Database>, e: TransferElement): Promise<void> {
  const id = Number(e.rid);
  if (e.rec === 'fund_transfers') {
    await trx
      .insertInto('fund_transfers')
      .values({ id, user_id: e.fu, currency_id: e.fc, amount: e.a, from_type: e.ft, to_type: e.tt })
      .execute();
  } else if (e.rec === 'exchanges') {
    if (!e.xr) throw new Error('transferInTrx: an exchange record needs its figures (xr)');
    await trx
      .insertInto('exchanges')
      .values({
        id,
        user_id: e.fu,
        from_currency_id: e.fc,
        to_currency_id: e.tc,
        amount: e.a,
        from_price: e.xr.fp,
        to_price: e.xr.tp,
        rate: e.xr.r,
        fee: e.xr.f,
        received: e.ta ?? e.a,
      })
      .execute();
  }
}

/** A record's id from its table's sequence (outside the statement: the in-transaction path). */
async function drawRecordId(trx: Transaction<Database>, rec: TransferRecord): Promise<string> {
  const r = await sql<{ id: string }>`SELECT nextval(pg_get_serial_sequence(${rec}, 'id'))::text AS id`.execute(trx);
  return r.rows[0].id;
}

export type WriterOptions = GroupCommitOptions;

/**
 * While a batch is in flight, a second one goes out only with this many transfers waiting; fewer wait
 * for the commit in flight (a statement's time, 1–3 ms), then go together as one statement. Each
 * statement costs PostgreSQL ≈ 600 µs of CPU on its own (the call, the commit, the WAL flush) and the
 * server's pg client ≈ 200 µs: the API's transfers, arriving one HTTP request at a time, went out
 * ≈ 3 per statement with four batches in flight at once, ≈ 7–9 this way.
 */
const GATHER = 10;

/**
 * After a commit, with nothing in flight, the next batch waits for as many transfers as the commit
 * answered (GroupCommitOptions.regather), at most twice the time its callers took to come back
 * lately and never more than this (ms). The 20 API loops of bench/db-engine.ts then go ≈ 17 per
 * statement instead of two alternating cohorts of ≈ 7–9 (docs/benchmarks.md).
 */
const REGATHER_MS = 40;

/** The transfers' group commit: ledger_transfer_batch as the statement, both users of each transfer. */
export class LedgerWriter extends GroupCommit<TransferElement, TransferRow | null> {
  constructor(db: Kysely<Database>, opts: WriterOptions = {}) {
    super(
      (els) => transferStatement(db, els),
      (e) => [e.fu, e.tu],
      { gather: GATHER, regather: REGATHER_MS, drainWith: db, ...opts },
    );
  }
}

/** The batch's statement, by name: parsed and planned once per connection (prepared.ts). */
const BATCH: Prepared = { name: 'ledger_transfer_batch', text: 'SELECT * FROM ledger_transfer_batch($1::jsonb)' };

/** One batch as one statement (commitStatement). */
async function transferStatement(db: Kysely<Database>, els: TransferElement[]): Promise<(TransferRow | null)[]> {
  const values = [JSON.stringify(els)];
  const rows = await commitStatement(db, (on) => preparedRows<TransferRow & { n: number }>(on, BATCH, values));
  const out: (TransferRow | null)[] = els.map(() => null);
  for (const row of rows) out[row.n] = row;
  return out;
}

const writers = new WeakMap<Kysely<Database>, LedgerWriter>();

/** The handle's writer (one per pool: its batches are the group commits). */
export function writerFor(db: Kysely<Database>): LedgerWriter {
  let w = writers.get(db);
  if (!w) writers.set(db, (w = new LedgerWriter(db)));
  return w;
}
