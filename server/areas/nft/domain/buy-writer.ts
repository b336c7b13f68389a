/**
 * Fixed-price purchases on a group commit (db/group-commit.ts): the purchases submitted while a
 * batch is in flight go together as ONE statement, nft_buy_batch (migrations 048, 056, 069, 071) — item locks,
 * balance locks, debit, credits, order, ownership, journal and the idempotency key's answer, one
 * commit for all. Each purchase in it stays all-or-nothing: a refusal (sold meanwhile, short of
 * money) is its answer alone and writes nothing; two purchases of one item in one batch: the first
 * wins, the second finds it sold. A caller's promise settles after the commit.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { commitStatement, GroupCommit } from '../../../db/group-commit';
import { preparedRows, type Prepared } from '../../../db/prepared';

/**
 * One purchase as nft_buy_batch reads it (short keys: the document is built per batch). Every debit
 * and credit of the statement is one update per account at its end (071); the buyers' balances are
 * carried through it, so a buyer's credits count for its later debits and a short one is refused alone.
 */
export interface BuyElement extends NftSaleMoney {
  /** the order's kind ('buy' | 'resale') */
  kd: 'buy' | 'resale';
}

/**
 * What every NFT sale's statement reads (purchases here, won auctions' payments in pay-writer.ts):
 * the item as the request saw it, the parties, core feesFor's figures and the request's key.
 */
export interface NftSaleMoney {
  /** item id, and what the request saw of it: owner (null: a first sale), price, royalty rate, artist */
  i: number;
  o: number | null;
  p: string;
  rr: string;
  ar: number;
  /** currency and account type the money moves in */
  c: number;
  ac: number;
  /** buyer (an auction's winner), seller (null: the platform sells), creator (royalty; null: none), platform user */
  b: number;
  s: number | null;
  cr: number | null;
  pl: number;
  /** the sale's time (the app's clock, ISO) */
  at: string;
  /** core feesFor's figures as decimal strings: total paid, seller gets, royalty, fee */
  tot: string;
  sg: string;
  r: string;
  f: string;
  /** the request's idempotency key: claimed in the statement for route `kc` (owner `kw`), or marked */
  ku: number | null;
  k: string | null;
  kc?: string;
  kw?: string;
}

export interface BuyRow {
  order_id: number | null;
  /** an AppError code ('nft_stale': the item changed since the request read it) */
  refused: 'nft_not_on_sale' | 'nft_stale' | 'insufficient_balance' | null;
  /** the key was claimed before: nothing was done */
  dup: boolean;
  done_at: Date;
}

/** The purchases' group commit: nft_buy_batch as the statement, every party of each purchase. */
export class NftBuyWriter extends GroupCommit<BuyElement, BuyRow> {
  constructor(db: Kysely<Database>) {
    super(
      (els) => buyStatement(db, els),
      // the platform is a party of every purchase but not a user of the take: all batches would
      // then go one at a time; its balance lock is taken in order in the statement like the others'
      (e) => [e.b, ...(e.s === null ? [] : [e.s]), ...(e.cr === null ? [] : [e.cr])],
      { drainWith: db },
    );
  }
}

/** The statement by name (prepared.ts): parsed and planned once per connection. */
const BUY: Prepared = { name: 'nft_buy_batch', text: 'SELECT * FROM nft_buy_batch($1::jsonb)' };

async function buyStatement(db: Kysely<Database>, els: BuyElement[]): Promise<BuyRow[]> {
  const doc = JSON.stringify(els);
  const rows = await commitStatement(db, (on) => preparedRows<BuyRow & { n: number }>(on, BUY, [doc]));
  const out: BuyRow[] = [];
  for (const row of rows) out[row.n] = row;
  return out;
}

const writers = new WeakMap<Kysely<Database>, NftBuyWriter>();

/** The handle's purchase writer (one per pool). */
export function buyWriterFor(db: Kysely<Database>): NftBuyWriter {
  let w = writers.get(db);
  if (!w) writers.set(db, (w = new NftBuyWriter(db)));
  return w;
}
