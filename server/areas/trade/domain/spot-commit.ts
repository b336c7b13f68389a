/**
 * Spot orders on the ledger's group commit (db/group-commit.ts; the statement: migration 054). An
 * element is one engine step: the orders one symbol's queue took together, planned in order
 * (matching/step.ts). The steps of several symbols submitted meanwhile share one statement: one
 * round trip and one commit for all; each caller hears after that commit.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { commitStatement, GroupCommit } from '../../../db/group-commit';
import type { OrderElement } from './matching/step-plan';

export interface StepElement {
  /** every user whose balance the step moves (their locks are the statement's) */
  us: number[];
  o: OrderElement[];
}

/** An order's outcome; `bal`: each move's account [user, currency, type, available, frozen] after it. */
export interface OrderOutcome {
  st: 'ok' | 'refused' | 'dup';
  bal: [number, number, number, string, string][];
}

/** Per step, its orders' outcomes in order; an order missing at the end was not run. */
export type StepOutcome = OrderOutcome[];

async function stepStatement(db: Kysely<Database>, steps: StepElement[]): Promise<StepOutcome[]> {
  const doc = JSON.stringify(steps);
  const r = await commitStatement(db, (on) =>
    sql<OrderOutcome & { n: number; i: number }>`SELECT * FROM spot_step_batch(${doc}::jsonb)`.execute(on),
  );
  const out: StepOutcome[] = steps.map(() => []);
  for (const row of r.rows) out[row.n][row.i] = { st: row.st, bal: row.bal };
  return out;
}

const writers = new WeakMap<Kysely<Database>, GroupCommit<StepElement, StepOutcome>>();

/** The handle's spot step writer (one per pool: its batches are the group commits). */
export function spotWriterFor(db: Kysely<Database>): GroupCommit<StepElement, StepOutcome> {
  let w = writers.get(db);
  if (!w)
    writers.set(
      db,
      (w = new GroupCommit(
        (steps) => stepStatement(db, steps),
        (s) => s.us,
        { drainWith: db },
      )),
    );
  return w;
}

/** Order ids the pool keeps taken ahead; a refill takes this many more when fewer are left. */
const IDS_AHEAD = 512;

interface IdPool {
  ids: number[];
  /** the refill in flight (one at a time, so the ids handed out keep ascending) */
  refill?: Promise<void>;
}

const idPools = new WeakMap<Kysely<Database>, IdPool>();

function refill(db: Kysely<Database>, pool: IdPool, n: number): Promise<void> {
  pool.refill ??= sql<{ id: number }>`
    SELECT nextval(pg_get_serial_sequence('spot_orders', 'id'))::int AS id FROM generate_series(1, ${n}::int)`
    .execute(db)
    .then((r) => {
      pool.ids.push(...r.rows.map((x) => x.id).sort((a, b) => a - b));
    })
    .finally(() => (pool.refill = undefined));
  return pool.refill;
}

/**
 * `n` order ids, ascending, so a step can plan its resting remainders and fills against them. They
 * come from a block taken ahead and refilled in the background before it runs out, so a step does
 * not wait a round trip for them (the symbol's queue is one step at a time). Ids a stopped process
 * held are never used: gaps, as a rolled-back insert leaves.
 */
export async function takeOrderIds(db: Kysely<Database>, n: number): Promise<number[]> {
  let pool = idPools.get(db);
  if (!pool) idPools.set(db, (pool = { ids: [] }));
  while (pool.ids.length < n) await refill(db, pool, Math.max(IDS_AHEAD, n));
  const out = pool.ids.splice(0, n);
  if (pool.ids.length < IDS_AHEAD / 2) refill(db, pool, IDS_AHEAD).catch(() => undefined); // the next take retries
  return out;
}
