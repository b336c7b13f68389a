/**
 * An auction replayed from its public record (the bid log, the starting price, the step and the
 * original end): each bid checked against the next-bid rule and the end as it stood when it came,
 * the soft-close extension it caused, and the winner. The proof panel runs it in the page; it uses
 * the very minBid and extendedEnd the server bids with, so anyone can check what the page shows.
 */
import Decimal from 'decimal.js';
import { extendedEnd, minBid } from './money';

export interface ReplayBid {
  /** a masked bidder name, as the log shows it */
  user: string;
  price: string;
  atMs: number;
}

interface ReplayStep extends ReplayBid {
  /** the lowest bid the rule allowed at that moment */
  min: string;
  /** the end before and after this bid (equal unless it came inside the soft-close window) */
  endBefore: number;
  endAfter: number;
  ok: boolean;
}

export interface AuctionReplay {
  steps: ReplayStep[];
  /** the end after every bid */
  endMs: number;
  extensions: number;
  winner: ReplayBid | null;
  /** every bid obeyed the rule */
  ok: boolean;
}

/** `softCloseMs`: the server's soft-close window (the item's `rules`); the default one unless given. */
export function replayAuction(a: {
  price: string;
  per_increase: string;
  startMs: number;
  originalEndMs: number;
  bids: readonly ReplayBid[];
  softCloseMs?: number;
}): AuctionReplay {
  const bids = [...a.bids].sort((x, y) => x.atMs - y.atMs);
  let end = a.originalEndMs;
  let current: string | null = null;
  let winner: ReplayBid | null = null;
  let extensions = 0;
  const steps: ReplayStep[] = [];
  for (const b of bids) {
    const min = minBid({ price: a.price, current_bid: current, per_increase: a.per_increase });
    const inTime = b.atMs >= a.startMs && b.atMs < end;
    const ok = inTime && new Decimal(b.price).gte(min);
    const endBefore = end;
    if (ok) {
      end = extendedEnd(end, a.originalEndMs, b.atMs, a.softCloseMs);
      if (end !== endBefore) extensions++;
      current = b.price;
      winner = b;
    }
    steps.push({ ...b, min, endBefore, endAfter: end, ok });
  }
  return { steps, endMs: end, extensions, winner, ok: steps.every((s) => s.ok) };
}
