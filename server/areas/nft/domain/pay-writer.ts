/**
 * Won auctions' payments on a group commit (db/group-commit.ts): the payments submitted while a
 * batch is in flight go together as ONE statement, nft_pay_batch (migration 060) — order, item and
 * balance locks, the winner's margin back, the debit of price + fee, proceeds, royalty, fee, the
 * item to the winner, the order paid and the key's answer, one commit for all. Each payment stays
 * all-or-nothing: a refusal (paid already, expired, short of money) writes nothing; an order sent
 * twice is paid once (the statement pays only an order still awaiting payment).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { commitStatement, GroupCommit } from '../../../db/group-commit';
import type { NftSaleMoney } from './buy-writer';

/** One payment as nft_pay_batch reads it (short keys: the document is built per batch). */
export interface PayElement extends NftSaleMoney {
  /** the order paid for (the item, owner and price are what the request saw of it) */
  od: number;
}

interface PayRow {
  /** an AppError code ('nft_stale': the item or order changed since the request read it) */
  refused: 'nft_order_not_found' | 'nft_order_paid' | 'nft_order_expired' | 'nft_stale' | 'insufficient_balance' | null;
  /** the key was claimed before: nothing was done */
  dup: boolean;
  done_at: Date;
}

/** The payments' group commit: nft_pay_batch as the statement; winner, seller and creator as its users. */
class NftPayWriter extends GroupCommit<PayElement, PayRow> {
  constructor(db: Kysely<Database>) {
    super(
      (els) => payStatement(db, els),
      // the platform is a party of every payment but not a user of the take (see buy-writer.ts)
      (e) => [e.b, ...(e.s === null ? [] : [e.s]), ...(e.cr === null ? [] : [e.cr])],
      { drainWith: db },
    );
  }
}

async function payStatement(db: Kysely<Database>, els: PayElement[]): Promise<PayRow[]> {
  const doc = JSON.stringify(els);
  const r = await commitStatement(db, (on) =>
    sql<PayRow & { n: number }>`SELECT * FROM nft_pay_batch(${doc}::jsonb)`.execute(on),
  );
  const out: PayRow[] = [];
  for (const row of r.rows) out[row.n] = row;
  return out;
}

const writers = new WeakMap<Kysely<Database>, NftPayWriter>();

/** The handle's payment writer (one per pool); settles after the commit with the payment's answer. */
export function submitPay(db: Kysely<Database>, e: PayElement): Promise<PayRow> {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = new NftPayWriter(db)));
  return writer.submit(e);
}
