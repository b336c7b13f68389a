/**
 * Binance spot public market streams, as documented ("WebSocket Streams for Binance", see
 * fixtures/README.md): combined-stream envelopes and the four payloads the feed uses. Parsing checks
 * the shape and turns every price and quantity into a canonical decimal string; anything else is a
 * FrameError (the feed logs it and carries on).
 */
import { dec } from './decimals';

export class FrameError extends Error {}

export interface TradeEvent {
  kind: 'trade';
  venue: string;
  /** trade id (`t`), or the aggregate trade id (`a`) for aggTrade: strictly increasing per symbol */
  id: number;
  price: string;
  qty: string;
  /** trade time (venue clock, ms) */
  time: number;
  /** the taker's side: `m` (buyer is the maker) means a seller took the bid */
  side: 'buy' | 'sell';
}

export interface MiniTickerEvent {
  kind: 'miniTicker';
  venue: string;
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  /** base asset volume, 24 h */
  volume: string;
}

export interface VenueKline {
  /** open time, ms */
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

export interface KlineEvent {
  kind: 'kline';
  venue: string;
  interval: string;
  closed: boolean;
  bar: VenueKline;
}

export interface DepthEvent {
  kind: 'depth';
  venue: string;
  /** first and final update id in the event */
  first: number;
  last: number;
  /** futures only: the previous event's final update id */
  prev?: number;
  bids: [string, string][];
  asks: [string, string][];
}

export type MarketEvent = TradeEvent | MiniTickerEvent | KlineEvent | DepthEvent;

type Obj = Record<string, unknown>;

function obj(v: unknown, what: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new FrameError(`${what}: not an object`);
  return v as Obj;
}
function int(v: unknown, what: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new FrameError(`${what}: not an integer`);
  return v;
}
function str(v: unknown, what: string): string {
  if (typeof v !== 'string' || v === '') throw new FrameError(`${what}: not a string`);
  return v;
}
function d(v: unknown, what: string): string {
  try {
    return dec(v, what);
  } catch (e) {
    throw new FrameError((e as Error).message);
  }
}
function levels(v: unknown, what: string): [string, string][] {
  if (!Array.isArray(v)) throw new FrameError(`${what}: not a list`);
  return v.map((l, i) => {
    if (!Array.isArray(l) || l.length < 2) throw new FrameError(`${what}[${i}]: not [price, qty]`);
    return [d(l[0], `${what}[${i}] price`), d(l[1], `${what}[${i}] qty`)];
  });
}

/** One payload (`data` of a combined-stream envelope). */
export function parsePayload(data: unknown): MarketEvent {
  const o = obj(data, 'payload');
  const e = o.e;
  const venue = str(o.s, 'symbol');
  switch (e) {
    case 'trade':
    case 'aggTrade':
      return {
        kind: 'trade',
        venue,
        id: int(e === 'trade' ? o.t : o.a, 'trade id'),
        price: d(o.p, 'price'),
        qty: d(o.q, 'qty'),
        time: int(o.T, 'trade time'),
        side: o.m === true ? 'sell' : 'buy',
      };
    case '24hrMiniTicker':
      return {
        kind: 'miniTicker',
        venue,
        time: int(o.E, 'event time'),
        open: d(o.o, 'open'),
        high: d(o.h, 'high'),
        low: d(o.l, 'low'),
        close: d(o.c, 'close'),
        volume: d(o.v, 'volume'),
      };
    case 'kline': {
      const k = obj(o.k, 'kline');
      return {
        kind: 'kline',
        venue,
        interval: str(k.i, 'interval'),
        closed: k.x === true,
        bar: {
          time: int(k.t, 'open time'),
          open: d(k.o, 'open'),
          high: d(k.h, 'high'),
          low: d(k.l, 'low'),
          close: d(k.c, 'close'),
          volume: d(k.v, 'volume'),
        },
      };
    }
    case 'depthUpdate': {
      const ev: DepthEvent = {
        kind: 'depth',
        venue,
        first: int(o.U, 'U'),
        last: int(o.u, 'u'),
        bids: levels(o.b, 'bids'),
        asks: levels(o.a, 'asks'),
      };
      if (o.pu !== undefined) ev.prev = int(o.pu, 'pu');
      return ev;
    }
    default:
      throw new FrameError(`unknown event ${JSON.stringify(e)}`);
  }
}

/** A combined-stream text frame: `{"stream":"btcusdt@trade","data":{…}}`. */
export function parseFrame(text: string): { stream: string; event: MarketEvent } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new FrameError('not JSON');
  }
  const o = obj(raw, 'frame');
  // A reply to a SUBSCRIBE request ({result, id}) carries no market data.
  if ('result' in o && 'id' in o) throw new FrameError('a request reply');
  return { stream: str(o.stream, 'stream'), event: parsePayload(o.data) };
}

/** REST GET /api/v3/klines row: [openTime, open, high, low, close, volume, closeTime, …]. */
export function parseKlineRow(row: unknown): VenueKline {
  if (!Array.isArray(row) || row.length < 6) throw new FrameError('kline row: not a list of 6+');
  return {
    time: int(row[0], 'open time'),
    open: d(row[1], 'open'),
    high: d(row[2], 'high'),
    low: d(row[3], 'low'),
    close: d(row[4], 'close'),
    volume: d(row[5], 'volume'),
  };
}

/** REST GET /api/v3/depth body. */
export function parseDepthSnapshot(body: unknown): {
  lastUpdateId: number;
  bids: [string, string][];
  asks: [string, string][];
} {
  const o = obj(body, 'depth snapshot');
  return {
    lastUpdateId: int(o.lastUpdateId, 'lastUpdateId'),
    bids: levels(o.bids, 'bids'),
    asks: levels(o.asks, 'asks'),
  };
}
