import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { accountEquity, liquidationPrice, positionPnl, riskRate } from '../core';
import type { PositionInput, Snapshot, TickerRow } from './api-types';
import { parseUserEvent } from './channels/user';
import { MarketEngine } from './engine';
import { PositionBook, pricePositions } from './positions';
import { FakeSocket } from './socket.fixture';
import { FakeClock } from './clock.fixture';

const row = (symbol: string, last: string): TickerRow => ({
  symbol,
  last,
  open: last,
  high: last,
  low: last,
  volume: '1',
  changePct: '0.00',
  turnover: last,
  dir: 0,
  seq: 1,
  ts: 1,
});
const tick = (symbol: string, seq: number, last: string) => ({
  symbol,
  seq,
  ts: 1,
  last,
  open: '100',
  high: '200',
  low: '1',
  volume: '5',
});
const flushMicro = () => new Promise((r) => setTimeout(r, 0));

const LONG: PositionInput = {
  id: 1,
  symbol: 'BTC/USDT',
  side: 'long',
  lots: '2',
  lotSize: '0.01',
  multiple: '10',
  openPrice: '60000',
  price: '60000',
};
const SHORT: PositionInput = {
  id: 2,
  symbol: 'ETH/USDT',
  side: 'short',
  lots: '1',
  lotSize: '0.1',
  multiple: '20',
  openPrice: '3000',
};

describe('pricePositions', () => {
  it('uses core/ for P&L, equity, risk rate and liquidation price at the latest tick', () => {
    const rows = new Map([
      ['BTC/USDT', row('BTC/USDT', '61000')],
      ['ETH/USDT', row('ETH/USDT', '3100')],
    ]);
    const account = { balance: '500', liquidationLine: '50' };
    const live = pricePositions([LONG, SHORT], account, rows);
    expect(live.rows.map((r) => [r.id, r.price, r.pnl])).toEqual([
      [1, '61000', '20'],
      [2, '3100', '-10'],
    ]);
    const priced = [
      {
        position: { side: 'long' as const, lots: '2', lotSize: '0.01', multiple: '10', openPrice: '60000' },
        currentPrice: '61000',
      },
      {
        position: { side: 'short' as const, lots: '1', lotSize: '0.1', multiple: '20', openPrice: '3000' },
        currentPrice: '3100',
      },
    ];
    expect(live.equity).toBe(accountEquity({ balance: '500', positions: priced }));
    expect(live.equity).toBe('510');
    expect(live.riskRate).toBe(riskRate({ balance: '500', positions: priced }));
    expect(live.rows[0].liquidationPrice).toBe(liquidationPrice({ balance: '500', positions: priced }, 0, '50'));
  });

  it('falls back to the server price until the symbol ticks, and leaves an unpriced position out of the account', () => {
    const live = pricePositions([LONG, SHORT], { balance: '1000', liquidationLine: '50' }, new Map());
    expect(live.rows[0]).toMatchObject({ id: 1, price: '60000', pnl: '0' });
    expect(live.rows[1]).toMatchObject({ id: 2, price: '', pnl: '' });
    expect(live.equity).toBe('1000');
  });

  it('without a lever account gives P&L only', () => {
    const live = pricePositions([LONG], undefined, new Map([['BTC/USDT', row('BTC/USDT', '59000')]]));
    expect(live).toEqual({
      rows: [{ id: 1, symbol: 'BTC/USDT', price: '59000', pnl: '-20', roe: '-16.66', liquidationPrice: null }],
      equity: null,
      riskRate: null,
      marginRatio: null,
    });
  });

  it('P&L shown equals core positionPnl for any price (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.boolean(), (cents, long) => {
        const price = (cents / 100).toFixed(2);
        const p: PositionInput = { ...LONG, side: long ? 'long' : 'short' };
        const live = pricePositions([p], undefined, new Map([['BTC/USDT', row('BTC/USDT', price)]]));
        return (
          live.rows[0].pnl ===
          positionPnl(
            { side: p.side, lots: p.lots, lotSize: p.lotSize, multiple: p.multiple, openPrice: p.openPrice },
            price,
          )
        );
      }),
    );
  });
});

describe('PositionBook', () => {
  it('is due once after a view change and again only when one of its symbols ticks', () => {
    const b = new PositionBook();
    b.setView([LONG], undefined);
    const rows = new Map([['BTC/USDT', row('BTC/USDT', '60100')]]);
    expect(b.build(rows)?.rows[0].pnl).toBe('2');
    expect(b.build(rows)).toBeNull();
    expect(b.noteTickers(['ETH/USDT'])).toBe(false);
    expect(b.build(rows)).toBeNull();
    expect(b.noteTickers(['ETH/USDT', 'BTC/USDT'])).toBe(true);
    expect(b.build(rows)).not.toBeNull();
    b.setView([], undefined);
    expect(b.build(rows)).toEqual({ rows: [], equity: null, riskRate: null, marginRatio: null });
  });
});

function setup() {
  const clock = new FakeClock();
  const socket = new FakeSocket();
  const engine = new MarketEngine({ openSocket: () => socket, clock, fetchHistory: () => Promise.resolve([]) });
  return { clock, socket, engine };
}

describe('MarketEngine positions and user events', () => {
  it('a view with positions subscribes to its symbols’ tickers and gets live P&L when its symbol ticks', async () => {
    const { socket, engine, clock } = setup();
    await engine.start({ origin: 'o', apiBase: '/api', throttleMs: 100 });
    socket.connect();
    const snaps: Snapshot[] = [];
    engine.watch(
      { symbols: [], positions: [LONG], leverAccount: { balance: '1000', liquidationLine: '50' } },
      (s) => void snaps.push(s),
    );
    expect(socket.emitted).toContainEqual(['subscribe', { channels: ['tickers:BTC/USDT'] }]);
    clock.advance(0);
    await flushMicro();
    expect(snaps.at(-1)?.positions?.rows[0].pnl).toBe('0');
    clock.advance(100);
    socket.fire('tickers', [tick('ETH/USDT', 1, '3000')]);
    clock.advance(100);
    await flushMicro();
    const before = snaps.length;
    expect(snaps.slice(before).some((s) => s.positions)).toBe(false);
    socket.fire('tickers', [tick('BTC/USDT', 1, '60500')]);
    clock.advance(100);
    await flushMicro();
    const last = snaps.at(-1)!;
    expect(last.positions?.rows[0]).toMatchObject({ price: '60500', pnl: '10' });
    expect(last.positions?.riskRate).toBe('841.66'); // (1000 + 10) / (60000 × 0.02 / 10) × 100, rounded down;
  });

  it('delivers private-room events only to views that asked, in order, dropping malformed ones', async () => {
    const { socket, engine, clock } = setup();
    await engine.start({ origin: 'o', apiBase: '/api', throttleMs: 100 });
    socket.connect();
    const withEvents: Snapshot[] = [];
    const without: Snapshot[] = [];
    engine.watch({ symbols: [], userEvents: true }, (s) => void withEvents.push(s));
    engine.watch({ symbols: [] }, (s) => void without.push(s));
    clock.advance(0);
    await flushMicro();
    const notice = {
      kind: 'lever_closed',
      key: 'trade.lever_closed',
      params: { profit: '12.5' },
      text: 'Position closed',
      ref: { type: 'lever', id: 9 },
    };
    socket.fire('notice', notice);
    socket.fire('balance', { currency_id: 4, type: 3, available: '100.5', frozen: '0' });
    socket.fire('balance', { currency_id: 4, type: 3, available: 'NaN', frozen: '0' });
    clock.advance(200);
    await flushMicro();
    const events = withEvents.flatMap((s) => s.events ?? []);
    expect(events.map((e) => e.kind)).toEqual(['notice', 'balance']);
    expect(without.some((s) => s.events)).toBe(false);
    expect(engine.dropped).toBe(1);
  });

  it('sends auth with the token on connect so the server joins the private room', async () => {
    const { socket, engine } = setup();
    await engine.start({ origin: 'o', apiBase: '/api' });
    engine.setSession('tok', 'en');
    socket.connect();
    expect(socket.emitted).toContainEqual(['auth', { token: 'tok' }]);
  });
});

describe('parseUserEvent', () => {
  it('accepts a closed position with a negative profit and refuses one without lots or with our old words', () => {
    const pos = { id: 3, symbol: 'BTC/USDT', status: 3, type: 1, share: '1', profits: '-4.2' };
    expect(parseUserEvent('position', pos)?.kind).toBe('position');
    expect(parseUserEvent('position', { ...pos, share: undefined })).toBeNull();
    expect(parseUserEvent('position', { ...pos, status: 'closed' })).toBeNull();
    expect(
      parseUserEvent('seconds', {
        id: 1,
        symbol_name: 'BTC/USDT',
        status: 3,
        type: 1,
        number: '10',
        fact_profits: null,
      })?.kind,
    ).toBe('seconds');
    expect(
      parseUserEvent('seconds', {
        id: 1,
        symbol_name: 'BTC/USDT',
        status: 'settled',
        type: 'up',
        number: '10',
        fact_profits: null,
      }),
    ).toBeNull();
  });
});
