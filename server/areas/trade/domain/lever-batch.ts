/**
 * The contract batch statements' common writer: one GroupCommit (db/group-commit.ts) per pool and
 * batch function (migrations 052, 053), whose statement sends the queued elements as one jsonb
 * array and answers each element's row by its index `n` (null: refused, nothing written).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { commitStatement, GroupCommit } from '../../../db/group-commit';

/** An element names the one user whose balance it moves (`u`): the batches' lock order. */
export interface UserElement {
  u: number;
}

const writers = new WeakMap<Kysely<Database>, Map<string, GroupCommit<UserElement, unknown>>>();

/** The pool's writer for `fn`, a batch function of (p jsonb) returning rows numbered `n`. */
export function batchWriter<E extends UserElement, R extends { n: number }>(
  db: Kysely<Database>,
  fn: 'lever_limit_batch' | 'lever_fill_batch' | 'lever_liquidate_batch' | 'lever_overnight_batch',
): GroupCommit<E, R | null> {
  let byFn = writers.get(db);
  if (!byFn) writers.set(db, (byFn = new Map()));
  let w = byFn.get(fn);
  if (!w) {
    const statement = async (els: UserElement[]): Promise<(R | null)[]> => {
      const doc = JSON.stringify(els);
      const exec = (on: Kysely<Database>) => sql<R>`SELECT * FROM ${sql.raw(fn)}(${doc}::jsonb)`.execute(on);
      const r = await commitStatement(db, exec);
      const out: (R | null)[] = els.map(() => null);
      for (const row of r.rows) out[row.n] = row;
      return out;
    };
    byFn.set(fn, (w = new GroupCommit<UserElement, unknown>(statement, (e) => [e.u], { drainWith: db })));
  }
  return w as unknown as GroupCommit<E, R | null>;
}
