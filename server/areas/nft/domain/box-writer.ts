/**
 * Blind-box purchases on a group commit (db/group-commit.ts): the box purchases submitted while a
 * batch is in flight go together as ONE statement, nft_box_batch (migrations 057, 065, 069, 071) — item and series
 * locks, balance locks, debit, proceeds, fee, order, box, count and the key's answer, one commit
 * for all. The draw is the transaction path's, exactly: box k holds core's draw for k, k being the
 * series' count at its lock + 1 in the statement's order; the request passes the prizes of the
 * boxes from the count it read on (`DrawWindow`) and the statement takes box k's. Each purchase stays
 * all-or-nothing: a refusal takes no box and writes nothing.
 */
import type { Kysely } from 'kysely';
import { expandManifest, nextBox, type ManifestEntry } from '../../../../core';
import type { Database } from '../../../db/schema';
import { commitStatement, GroupCommit } from '../../../db/group-commit';
import { preparedRows, type Prepared } from '../../../db/prepared';
import type { BuyRow } from './buy-writer';

/** How many boxes past the count the request read it passes prizes for (a batch's worth at most). */
const WINDOW = 256;

/** One box purchase as nft_box_batch reads it (short keys: the document is built per batch). */
export interface BoxElement {
  /** item id and its owner as read (null), price, currency, account type, artist */
  i: number;
  o: number | null;
  p: string;
  c: number;
  ac: number;
  ar: number;
  /** buyer, creator (gets the proceeds; null: the platform does), platform user */
  b: number;
  s: number | null;
  pl: number;
  /** the purchase's time (the app's clock, ISO) */
  at: string;
  /** core feesFor's figures as decimal strings: total paid, creator gets, fee */
  tot: string;
  sg: string;
  f: string;
  ku: number | null;
  k: string | null;
  kc?: string;
  kw?: string;
}

/** The prizes of the series' next boxes, from box `from` on (kept out of the element: one per series per batch). */
export interface DrawWindow {
  series: number;
  from: number;
  prizes: readonly string[];
}

export type BoxRow = Omit<BuyRow, 'refused'> & {
  refused: 'nft_not_on_sale' | 'nft_stale' | 'nft_sold_out' | 'insufficient_balance' | null;
};

interface Submitted {
  e: BoxElement;
  w: DrawWindow;
}

/**
 * While a statement is in flight, the next goes out only with this many purchases waiting, and after
 * a commit the next waits (at most REGATHER_MS) for as many as it answered (GroupCommitOptions): a
 * box statement costs PostgreSQL ≈ 1–2 ms on its own (locks, the statement's inserts and updates,
 * the commit), ≈ 0.1–0.2 ms more per box, and every statement takes the platform's lock, so they run
 * one at a time. Sent at once, the bench's 20 loops (each reading its series before it buys) went
 * ≈ 3 boxes a statement; this way ≈ 8–10.
 */
const GATHER = 10;
const REGATHER_MS = 40;

/** The box purchases' group commit: nft_box_batch as the statement; buyer and creator as its users. */
class NftBoxWriter extends GroupCommit<Submitted, BoxRow> {
  constructor(db: Kysely<Database>) {
    super(
      (els) => boxStatement(db, els),
      (x) => [x.e.b, ...(x.e.s === null ? [] : [x.e.s])],
      { gather: GATHER, regather: REGATHER_MS, drainWith: db },
    );
  }
}

/** The statement by name (prepared.ts): parsed and planned once per connection. */
const BOX: Prepared = { name: 'nft_box_batch', text: 'SELECT * FROM nft_box_batch($1::jsonb)' };

async function boxStatement(db: Kysely<Database>, els: Submitted[]): Promise<BoxRow[]> {
  const doc = JSON.stringify({ e: els.map((x) => x.e), ...windowsOf(els.map((x) => x.w)) });
  const rows = await commitStatement(db, (on) => preparedRows<BoxRow & { n: number }>(on, BOX, [doc]));
  const out: BoxRow[] = [];
  for (const row of rows) out[row.n] = row;
  return out;
}

/** One series' window in the statement's flat prize array: box `wf` at `z[wo]` (1-based), `wl` boxes. */
interface PrizeWindow {
  ws: number;
  wf: number;
  wo: number;
  wl: number;
}

/**
 * The batch's windows as nft_box_batch (migration 065) reads them: one per series, the union of its
 * requests' windows (slices of the same draw) in one flat array; a box between two windows that
 * do not touch has no prize (null: the statement answers 'nft_stale', as for one outside them).
 */
export function windowsOf(wins: readonly DrawWindow[]): { w: PrizeWindow[]; z: (string | null)[] } {
  const bySeries = new Map<number, DrawWindow[]>();
  for (const win of wins) {
    const list = bySeries.get(win.series);
    if (list) list.push(win);
    else bySeries.set(win.series, [win]);
  }
  const w: PrizeWindow[] = [];
  const z: (string | null)[] = [];
  for (const [series, list] of bySeries) {
    list.sort((x, y) => x.from - y.from);
    const [wf, wo] = [list[0].from, z.length + 1];
    let end = wf; // the first box past the prizes pushed so far
    for (const win of list) {
      for (; end < win.from; end++) z.push(null);
      for (let k = end; k < win.from + win.prizes.length; k++) z.push(win.prizes[k - win.from]);
      end = Math.max(end, win.from + win.prizes.length);
    }
    w.push({ ws: series, wf, wo, wl: end - wf });
  }
  return { w, z };
}

/** A series' whole draw (box k's prize at k − 1), computed once per series and seed. */
const draws = new Map<string, string[]>();
const DRAWS_KEPT = 64;

/** The prizes of boxes sold + 1 … (at most WINDOW of them), from core's draw. */
export function drawWindow(s: {
  id: number;
  secret_seed: string;
  manifest: ManifestEntry[];
  total: number;
  sold: number;
}): DrawWindow {
  const key = `${s.id}:${s.secret_seed}`;
  let all = draws.get(key);
  if (!all) {
    all = wholeDraw(s.secret_seed, s.id, s.manifest, s.total);
    if (draws.size >= DRAWS_KEPT) draws.delete(draws.keys().next().value!);
    draws.set(key, all);
  }
  return { series: s.id, from: s.sold + 1, prizes: all.slice(s.sold, s.sold + WINDOW) };
}

/**
 * Boxes 1…total as the transaction path draws them (boxes.ts): box k takes core's nextBox over the
 * slots not yet given, a given prize leaving the slot list at its first place in manifest order.
 */
function wholeDraw(seed: string, seriesId: number, manifest: ManifestEntry[], total: number): string[] {
  const remaining = expandManifest(manifest);
  const out: string[] = [];
  for (let k = 1; k <= total && remaining.length > 0; k++) {
    const { prize } = nextBox(seed, seriesId, k, remaining);
    out.push(prize);
    remaining.splice(remaining.indexOf(prize), 1);
  }
  return out;
}

const writers = new WeakMap<Kysely<Database>, NftBoxWriter>();

/** The handle's box writer (one per pool); settles after the commit with the purchase's answer. */
export function submitBox(db: Kysely<Database>, e: BoxElement, w: DrawWindow): Promise<BoxRow> {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = new NftBoxWriter(db)));
  return writer.submit({ e, w });
}
