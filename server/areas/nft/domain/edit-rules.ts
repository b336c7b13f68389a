/**
 * What an operator may change on a catalogue item, and when. The back office's edit form shows the
 * same answer the edit itself enforces (GET /items carries it), so a field is greyed out for the
 * reason the server would refuse it. The rule, as the serious marketplaces keep it (Foundation's
 * buyer price guard, OpenSea's "lower the price in place, raise it only by a new listing"): nobody
 * who acted on — or is about to act on — the terms shown finds them moved against them.
 *
 * - locked: someone has a stake (bought the item, bid, holds a margin, bought a box), the item is a
 *   holder's (their terms, set through review), an auction is past its end, or the sale window has
 *   closed on a blind-box series (its seed is, or is about to be, public). Money and times stay; the
 *   soft close alone moves an auction's end.
 * - free: before the start, nobody has a stake — every term may change, a series' manifest too
 *   (with a new seed and commitment; the replaced commitment is logged). A fixed-price item whose
 *   window closed unsold is also free to relaunch, with an end still to come.
 * - started: on sale, nobody has a stake yet — price, per-bid increment and margin may only go
 *   down (a buyer at the confirmation sheet never pays more than it showed: buyNFT takes no price,
 *   marginNFT no amount); the start is fixed; the end may only move later (nobody who planned to
 *   act before the shown end is cut short); the manifest is fixed (its commitment is published and
 *   boxes are on sale).
 * Words (title, description) may always change; rarity only while the platform still holds the
 * item and nobody has a stake — it is part of what a holder owns.
 */
import type { AdminNftEditable, NftEditPhase } from '../../../../core';

export interface EditState {
  pay_type: number;
  owner_id: number | null;
  bid_count: number;
  auction_state: string;
  start_at: Date | string;
  end_at: Date | string;
  /** a margin of the current round still held */
  held: boolean;
  /** boxes sold of its series (0 for other items) */
  sold: number;
  /** a series whose seed has been published */
  revealed: boolean;
}

function hasStake(s: EditState): boolean {
  return s.owner_id !== null || s.bid_count > 0 || s.held || s.sold > 0 || !['none', 'open'].includes(s.auction_state);
}

function editPhase(s: EditState, nowMs: number): NftEditPhase {
  if (hasStake(s) || s.revealed) return 'locked';
  const start = new Date(s.start_at).getTime();
  const end = new Date(s.end_at).getTime();
  if (nowMs < start) return 'free';
  if (nowMs < end) return 'started';
  // closed unsold: a fixed-price item may be relaunched; an auction settles at its end (never open
  // here for long) and a series publishes its seed, so neither reopens
  return s.pay_type === 1 ? 'free' : 'locked';
}

export function editable(s: EditState, nowMs: number): AdminNftEditable {
  const terms = editPhase(s, nowMs);
  return {
    terms,
    rarity: !hasStake(s),
    manifest: s.pay_type === 3 && terms === 'free' && nowMs < new Date(s.start_at).getTime(),
  };
}
