/**
 * The P2P money paths on a group commit (db/group-commit.ts; the statements: migration 058, the
 * opening's as migration 072 rewrote it). An order's opening — the seller's conditional freeze into
 * escrow, the order, the ad's remaining, the event, the notice, the deadline's job, the key — is
 * one element of a statement shared with the openings submitted meanwhile; a release, cancel or timeout likewise, its status guard in the
 * statement so the escrow leaves once. Each element is all-or-nothing (a refusal writes nothing)
 * and each caller's promise settles after the commit that carried it. The parties of an order are
 * its buyer and seller (the merchant is one of them), so two batches in flight never share an ad.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { commitStatement, GroupCommit } from '../../../db/group-commit';
import type { IdempotencyScope } from '../../../db/idempotency-scope';

/** The request's idempotency key: claimed in the statement (`kc`, owner `kw`) or marked committed there. */
interface KeyPart {
  ku?: number;
  k?: string;
  kc?: string;
  kw?: string;
}

/** A notice written with the step (its params' `id` filled in by the statement). */
export interface NoticeElement {
  u: number;
  kind: string;
  title: string;
  body: string;
  params: Record<string, string>;
}

/** One opening as otc_open_batch reads it (short keys: the document is built per batch). */
export interface OpenElement extends KeyPart {
  /** ad, taker, merchant, buyer, seller, coin */
  a: number;
  t: number;
  m: number;
  b: number;
  s: number;
  c: number;
  /** coin amount, fiat amount, price, fiat rate: core's decimal strings */
  q: string;
  f: string;
  p: string;
  r: string;
  fi: string;
  /** deadline and opening time (ISO, the rules' clock), the unit typed, the languages */
  dl: string;
  at: string;
  un: 'fiat' | 'coin';
  tl: string;
  ml: string;
  /** the seller's payment methods the ad accepts */
  pm: unknown[];
  /** the taker's cap of unfinished orders */
  mx: number;
  /** the 'opened' event's actor and note */
  ea: 'buyer' | 'seller';
  en: string;
  no: NoticeElement[];
  /** the deadline's job: task, key prefix (the order's id follows), run at (ISO) */
  jt: string;
  jk: string;
  ra: string;
}

interface OpenRow {
  order_id: number | null;
  refused: 'otc_ad_unavailable' | 'otc_stale' | 'otc_too_many_orders' | 'insufficient_balance' | null;
  /** the key was claimed before: nothing was done */
  dup: boolean;
}

/** One release, cancel or timeout as otc_settle_batch reads it. */
export interface SettleElement extends KeyPart {
  o: number;
  b: number;
  s: number;
  k2: 'release' | 'cancel' | 'timeout';
  /** the statuses the step starts from */
  st: string[];
  at: string;
  /** the event's actor, actor id, note (`eu`: its note when the order was still unpaid) */
  ea: 'buyer' | 'seller' | 'system';
  ei: number | null;
  en: string;
  eu?: string;
  no: NoticeElement[];
}

interface SettleRow {
  /** the order's status as the statement found it (before the step) */
  status: string;
  /** the step happened (the escrow moved) */
  done: boolean;
  dup: boolean;
}

/** The key's part of an element (keyToMark's scope, taken in the request's async context). */
export function keyPart(key: IdempotencyScope | undefined): KeyPart {
  if (!key) return {};
  return { ku: key.userId, k: key.key, ...(key.claim ? { kc: key.claim.route, kw: key.claim.owner } : {}) };
}

async function run<E, R>(db: Kysely<Database>, fn: 'otc_open_batch' | 'otc_settle_batch', els: E[]): Promise<R[]> {
  const doc = JSON.stringify(els);
  const r = await commitStatement(db, (on) =>
    sql<R & { n: number }>`SELECT * FROM ${sql.raw(fn)}(${doc}::jsonb)`.execute(on),
  );
  const out: R[] = [];
  for (const row of r.rows) out[row.n] = row;
  return out;
}

interface OtcWriters {
  open: GroupCommit<OpenElement, OpenRow>;
  settle: GroupCommit<SettleElement, SettleRow>;
}

const writers = new WeakMap<Kysely<Database>, OtcWriters>();

/** The handle's OTC writers (one per pool: their batches are the group commits). */
export function otcWritersFor(db: Kysely<Database>): OtcWriters {
  let w = writers.get(db);
  if (!w)
    writers.set(
      db,
      (w = {
        open: new GroupCommit(
          (els) => run<OpenElement, OpenRow>(db, 'otc_open_batch', els),
          (e) => [e.b, e.s],
          { drainWith: db },
        ),
        settle: new GroupCommit(
          (els) => run<SettleElement, SettleRow>(db, 'otc_settle_batch', els),
          (e) => [e.b, e.s],
          { drainWith: db },
        ),
      }),
    );
  return w;
}
