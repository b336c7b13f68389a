/**
 * Users' resting limit orders in every api node's book. The matching engine's resting
 * orders live in the engine leader's memory only (it is their one writer: it rests, fills and
 * cancels them, after each commit), so a node that does not lead would relay a book without them.
 *
 * Design: the leader publishes, every node merges. The leader publishes its users' levels (price →
 * total resting quantity per side, no user or order ids) on one Redis channel — the symbols whose
 * orders changed every MIRROR_MS, and all of them every FULL_MS (a node that joined late or
 * missed a message is whole again within a second). Each non-leading node keeps those levels as its
 * books' mirror and merges them with the venue book it relays from the feed process, exactly as
 * the leader merges its own orders. Why not publish the leader's whole merged book: the venue
 * half would then take a second hop and stop whenever the engine does (a switch-over, a pause),
 * though the feed still runs; the users' half changes only when an order does, so it costs little.
 * Why not have each api node read open orders from PostgreSQL: N nodes polling, and a committed
 * order is in the book only once the leader has rested it (or filled it at once) — the leader's
 * book is the truth of what a taker can hit, so the depth must come from it.
 *
 * One writer, fenced: every message carries the leader's lease token; a node drops messages with
 * a token older than the newest it has seen, so a deposed leader resumed after a pause cannot
 * overwrite the new leader's levels. A new leader publishes in full once its duties have rebuilt
 * the books (onGain). While no engine leads, the mirror keeps the last levels: nothing can rest,
 * fill or cancel an order then.
 *
 * The same messages carry the leader's users' fills since the previous one (server/scale/fill-mirror.ts):
 * their prints for every node's `trades:<symbol>`, and the venue liquidity they consumed, so every
 * node's depth shows it taken until the venue re-quotes, as the leader's does. `from` (the
 * publishing book service's epoch) lets a node skip its own fills: it printed them already,
 * even if it no longer leads when its message comes back.
 */
import type { Redis } from 'ioredis';
import type { BookService } from '../market/books/service';
import { applyFills, FillOutbox, type SymbolFills } from './fill-mirror';
import type { Leadership } from './leadership';

/** the Redis channel of one cluster's resting-order levels (CLUSTER_NAME) */
export const restingChannel = (cluster: string) => `${cluster}:resting`;

const MIRROR_MS = 100;
export const FULL_MS = 1000;

type Level = [price: string, qty: string];

interface SymbolLevels {
  symbol: string;
  bids: Level[];
  asks: Level[];
}

export interface MirrorMessage {
  /** the publishing leader's lease token */
  token: number;
  /** true: every symbol with resting orders is listed, the others have none */
  full: boolean;
  books: SymbolLevels[];
  /** the publisher's book epoch (absent from an older publisher) */
  from?: number;
  /** users' fills since the previous message (absent: none) */
  fills?: SymbolFills[];
}

interface LogLike {
  error(obj: object, msg?: string): void;
}

/** Engine candidates: while leading (and rebuilt), publishes the users' levels; returns the stop. */
export function publishResting(
  books: BookService,
  redis: Redis,
  channel: string,
  leadership: Pick<Leadership, 'isLeader' | 'token' | 'onGain'>,
  log: LogLike,
): () => void {
  /** the token whose duties have started (the books hold that term's orders) */
  let ready: number | undefined;
  let lastFull = 0;
  const outbox = new FillOutbox();
  books.setFillSink(outbox);
  leadership.onGain(() => {
    ready = leadership.token();
    lastFull = 0;
  });
  const levels = (symbol: string): SymbolLevels => {
    const b = books.book(symbol);
    return { symbol, bids: b.userLevels('bid'), asks: b.userLevels('ask') };
  };
  const timer = setInterval(() => {
    const token = leadership.token();
    if (!leadership.isLeader() || token === undefined || token !== ready) {
      books.takeChanged(); // a standby's (or a rebuilding leader's) changes are no one's to publish
      outbox.take();
      return;
    }
    const now = Date.now();
    const full = now - lastFull >= FULL_MS;
    const changed = books.takeChanged();
    const fills = outbox.take();
    if (!full && changed.length === 0 && fills.length === 0) return;
    if (full) lastFull = now;
    const symbols = full ? books.symbolsWithOrders() : changed;
    const msg: MirrorMessage = {
      token,
      full,
      books: symbols.map(levels),
      from: books.epoch,
      ...(fills.length ? { fills } : {}),
    };
    redis
      .publish(channel, JSON.stringify(msg))
      .catch((err: unknown) => log.error({ err }, 'resting mirror: publish failed'));
  }, MIRROR_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    books.setFillSink(undefined);
  };
}

/** api nodes: the leader's levels as the books' mirror (ignored while this node leads), and its fills. */
export class RestingMirror {
  private readonly sub: Redis;
  private newest = 0;

  constructor(
    redis: Redis,
    private readonly channel: string,
    private readonly books: BookService,
    private readonly leads: () => boolean,
    private readonly onError: (err: unknown) => void,
  ) {
    this.sub = redis.duplicate();
    this.sub.on('message', (_channel: string, text: string) => this.receive(text));
  }

  /** the newest leader token heard (tests) */
  get token(): number {
    return this.newest;
  }

  receive(text: string): void {
    let m: MirrorMessage;
    try {
      m = JSON.parse(text) as MirrorMessage;
    } catch (err) {
      this.onError(err);
      return;
    }
    // a deposed leader's late message: the newer leader's levels stand
    if (m.token < this.newest) return;
    this.newest = m.token;
    // this node's own fills are in its stream and book already
    if (m.fills && m.from !== this.books.epoch) applyFills(this.books, m.fills);
    // this node leads: its own orders are in its books already
    if (this.leads()) return;
    const levels = new Map(m.books.map((b) => [b.symbol, { bids: b.bids, asks: b.asks }]));
    if (m.full) this.books.replaceMirror(levels);
    else for (const [symbol, l] of levels) this.books.book(symbol).setMirror(l.bids, l.asks);
  }

  async start(): Promise<void> {
    await this.sub.subscribe(this.channel);
  }

  stop(): void {
    this.sub.disconnect();
  }
}
