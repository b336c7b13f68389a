/**
 * Where a float64 symbol's hot state lives: one fixed-size record of numbers per symbol, 64 records
 * to a page (one Float64Array), pages shared by all the aggregator's symbols.
 *
 * Why: a symbol is touched every ~2,000 ticks, so its state is rarely in cache, and every separate
 * object on a tick's way (the symbol's state object, its slots' typed array and that array's
 * backing store, its closed-bar log and that one's store) is a likely miss of its own. In a record,
 * everything a tick reads or writes (seq, scales, flags, the open bars, where the histories' next
 * bars go) lies side by side in one place reached from the symbol's interned index; the page arrays
 * themselves are few and stay in cache. The symbol's object (symbol-state.ts) is touched only on
 * the rare paths: seq gaps and late ticks, spilled volume, bars kept as strings, BigInt.
 *
 * Layout (offsets from the record's start `at`):
 * - header: LAST_SEQ, HAS_SEQ (0/1), FAST (1 while float64), PSCALE, QSCALE (decimals of every
 *   scaled price / qty held), UNLINKED (fold.ts: a bit per folded slot that takes ticks directly),
 *   STRS (1 once a history keeps a bar as strings), SPILLED (1 once the symbol's `volBig` exists);
 * - blocks of BLOCK numbers from SLOT0, one per period index, then the scratch slot's (fold.ts):
 *   the open bar, STRIDE numbers (bar-slot.ts; an unused slot never holds a bucket), then where
 *   the period's history's ring lies in the bar store and how full it is (bar-history.ts),
 *   RING_STRIDE numbers.
 */
import { PERIODS } from '../types/market';

export const LAST_SEQ = 0;
export const HAS_SEQ = 1;
export const FAST = 2;
export const PSCALE = 3;
export const QSCALE = 4;
/** fold.ts: bit i set while folded slot i is unlinked from its source (0: all linked) */
export const UNLINKED = 5;
export const STRS = 6;
export const SPILLED = 7;
const HEADER = 8;

/** Open bar fields within a slot (bar-slot.ts has their rules). */
export const TIME = 0;
export const END = 1;
export const OPEN = 2;
export const HIGH = 3;
export const LOW = 4;
export const CLOSE = 5;
export const VOL = 6;
export const OSEQ = 7;
export const CSEQ = 8;
export const STRIDE = 9;
export const NONE = -Infinity;
/** every period, plus the scratch slot (fold.ts) */
export const MAX_SLOTS = PERIODS.length + 1;
export const SLOT0 = HEADER;

/** A history's ring (bar-history.ts): slab index, offset in it (numbers), size, oldest bar, bars held. */
export const R_SLAB = 0;
export const R_OFF = 1;
export const R_SIZE = 2;
export const R_START = 3;
export const R_LEN = 4;
const RING_STRIDE = 5;
/**
 * Slot i and its history's ring fields side by side: closing a bar reads the ring's fill right
 * after the bar, in the lines the tick has brought in, not in a line of its own at the record's end.
 */
export const BLOCK = STRIDE + RING_STRIDE;

/** Numbers per record, rounded up to whole 64-byte lines. */
export const REC = Math.ceil((SLOT0 + MAX_SLOTS * BLOCK) / 8) * 8;
export const PAGE_BITS = 6;
export const PAGE_MASK = (1 << PAGE_BITS) - 1;

/** Offset of slot i's first field in the record at `at`. */
export function slotAt(at: number, i: number): number {
  return at + SLOT0 + i * BLOCK;
}

/** Offset of the ring fields of period i's history in the record at `at`. */
export function ringAt(at: number, i: number): number {
  return at + SLOT0 + i * BLOCK + STRIDE;
}

/** A page for records 64 at a time: symbols are never removed, so a record never moves. */
export function newPage(): Float64Array {
  return new Float64Array((PAGE_MASK + 1) * REC);
}
