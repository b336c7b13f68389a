/**
 * Group commit for ledger transfers. On this machine a commit per transfer, each with
 * its own statements, tops out near 1,000 transfers/s: the per-statement work on 2 cores, not the
 * disk, is the limit. The writer queues the transfers submitted while a batch is in flight and sends
 * them together as ONE statement (ledger_transfer_batch, migrations 041, 044, 045): one round trip, one commit,
 * one WAL flush for all. Each transfer in it stays all-or-nothing — a refused debit writes nothing
 * and is reported to its caller alone; the others stand — and every caller's promise settles only
 * after the statement that carried its transfer has committed, so an answer the caller acts on (or
 * stores) is never ahead of the database. A kill -9 mid-batch loses the whole uncommitted statement,
 * which no caller was told about. An error that is not a refusal aborts the statement; its transfers
 * are then run one by one so only the faulty one fails.
 *
 * One writer per database handle (writerFor). Batches take their users' balance locks in ascending
 * id order (the canonical order, user-locks.ts), so two batches in flight, or a batch and any
 * inTransaction, cannot deadlock on them; a deadlock with a transaction that locks lazily out of
 * order is retried like one in inTransaction.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';
import { fenceOf, inTransaction, retrying, sqlState } from './tx';

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

/** Transfers per statement at most: a bigger queue goes out in several batches. */
const MAX_BATCH = 256;

interface Pending {
  e: TransferElement;
  resolve: (row: TransferRow | null) => void;
  reject: (err: unknown) => void;
}

export interface WriterOptions {
  /**
   * batches in flight at once, on as many pool connections (default 4 of the pool's 10: the next
   * batches are built, sent and flushed while one commits; measured against 1 and 2 in
   * bench/results/ledger-tps.md)
   */
  inFlight?: number;
  maxBatch?: number;
}

export class LedgerWriter {
  private queue: Pending[] = [];
  private running = 0;
  private scheduled = false;
  /** users of the batches in flight, with how many of their transfers those hold */
  private readonly inFlightUsers = new Map<number, number>();
  private readonly inFlight: number;
  private readonly maxBatch: number;

  constructor(
    private readonly db: Kysely<Database>,
    opts: WriterOptions = {},
  ) {
    this.inFlight = Math.max(1, opts.inFlight ?? 4);
    this.maxBatch = Math.max(1, opts.maxBatch ?? MAX_BATCH);
  }

  /** Settles after the commit: the row, or null when the debit was refused (nothing written). */
  submit(e: TransferElement): Promise<TransferRow | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ e, resolve, reject });
      // after the current tick: the transfers submitted in it (a burst, Promise.all) share a batch
      if (!this.scheduled) {
        this.scheduled = true;
        queueMicrotask(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump(): void {
    while (this.running < this.inFlight && this.queue.length > 0) {
      const batch = this.take();
      if (batch.length === 0) return; // every queued transfer waits for a user of a batch in flight
      this.running++;
      for (const p of batch) this.busy(p.e, +1);
      void this.run(batch).finally(() => {
        for (const p of batch) this.busy(p.e, -1);
        this.running--;
        this.pump();
      });
    }
  }

  /**
   * The next batch: queued transfers none of whose users is in a batch in flight. Two batches in
   * flight then never share a user — neither waits on the other's balance locks, which are held
   * until its commit's disk flush, so their flushes overlap instead of queueing. A transfer passed
   * over blocks its users for the rest of this pass, so one user's transfers keep their order.
   */
  private take(): Pending[] {
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    const blocked = new Set<number>();
    const free = (u: number) => !blocked.has(u) && !this.inFlightUsers.has(u);
    for (const p of this.queue) {
      if (batch.length < this.maxBatch && free(p.e.fu) && free(p.e.tu)) batch.push(p);
      else {
        rest.push(p);
        blocked.add(p.e.fu).add(p.e.tu);
      }
    }
    this.queue = rest;
    return batch;
  }

  private busy(e: TransferElement, d: 1 | -1): void {
    for (const u of e.fu === e.tu ? [e.fu] : [e.fu, e.tu]) {
      const n = (this.inFlightUsers.get(u) ?? 0) + d;
      if (n > 0) this.inFlightUsers.set(u, n);
      else this.inFlightUsers.delete(u);
    }
  }

  private async run(batch: Pending[]): Promise<void> {
    let rows: (TransferRow | null)[];
    try {
      rows = await this.statement(batch.map((p) => p.e));
    } catch (err) {
      if (batch.length === 1 || !failedWhole(err)) {
        for (const p of batch) p.reject(err);
        return;
      }
      // the statement itself failed (not a refusal: those are rows missing, not errors), so
      // nothing of the batch was written; each transfer alone, so only the faulty one fails
      await Promise.all(batch.map((p) => this.run([p])));
      return;
    }
    batch.forEach((p, i) => p.resolve(rows[i]));
  }

  /** One batch as one statement — its own transaction, or with the lease fence in one. */
  private async statement(els: TransferElement[]): Promise<(TransferRow | null)[]> {
    const doc = JSON.stringify(els);
    const exec = (on: Kysely<Database>) =>
      sql<TransferRow & { n: number }>`SELECT * FROM ledger_transfer_batch(${doc}::jsonb)`.execute(on);
    const r = fenceOf(this.db) ? await inTransaction(this.db, exec) : await retrying(() => exec(this.db));
    const out: (TransferRow | null)[] = els.map(() => null);
    for (const row of r.rows) out[row.n] = row;
    return out;
  }
}

/**
 * True when the server answered the statement with an error, which means it did not commit. A lost
 * connection (no SQLSTATE) or a session ended by the server may have lost the answer to a commit
 * that happened: running those transfers again could apply them twice, so their callers get the
 * error, as any caller of a transaction whose COMMIT went unanswered does.
 */
function failedWhole(err: unknown): boolean {
  const s = sqlState(err);
  return s !== undefined && !['08', '57', '58', 'XX'].includes(s.slice(0, 2));
}

const writers = new WeakMap<Kysely<Database>, LedgerWriter>();

/** The handle's writer (one per pool: its batches are the group commits). */
export function writerFor(db: Kysely<Database>): LedgerWriter {
  let w = writers.get(db);
  if (!w) writers.set(db, (w = new LedgerWriter(db)));
  return w;
}
