import { describe, expect, it } from 'vitest';
import { loanFigures } from '../../core';
import type { LoanInput, Snapshot, TickerRow } from '../api-types';
import { MarketEngine } from '../engine';
import { priceLoans } from './book';
import { FakeSocket } from '../socket.fixture';
import { FakeClock } from '../clock.fixture';

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
const TERMS = {
  initial_ltv: '0.65',
  margin_call_ltv: '0.8',
  liquidation_ltv: '0.9',
  hourly_rate: '0.0000057',
  liquidation_penalty: '0.02',
};
const USDT_LOAN: LoanInput = {
  id: 7,
  ...TERMS,
  principal: '3000',
  interest: '0',
  collateral: '0.1',
  accrued_to: 0,
  collateralSymbol: 'BTC/USDT',
  price: '50000',
};
const ETH_LOAN: LoanInput = { ...USDT_LOAN, id: 8, principal: '1', collateral: '0.1', loanSymbol: 'ETH/USDT' };

describe('loans in the market worker', () => {
  it('prices a loan with core loanFigures at the latest tick (the same function the server liquidates by)', () => {
    const rows = new Map([
      ['BTC/USDT', row('BTC/USDT', '37000')],
      ['ETH/USDT', row('ETH/USDT', '2500')],
    ]);
    const [a, b] = priceLoans([USDT_LOAN, ETH_LOAN], rows, 0);
    expect(a).toEqual({ id: 7, price: '37000', ...loanFigures(USDT_LOAN, '37000', 0) });
    expect(a).toMatchObject({ ltv: '0.81081082', level: 'margin_call', liquidation_price: '33333.33333334' });
    // ETH borrowed against BTC: the BTC price in ETH is 37000 / 2500 = 14.8
    expect(b).toMatchObject({ price: '14.8', ltv: ltvOfEth() });
    // before any tick: the server's price
    expect(priceLoans([USDT_LOAN], new Map(), 0)[0]).toMatchObject({ price: '50000', ltv: '0.6', level: 'safe' });
    expect(priceLoans([{ ...USDT_LOAN, price: undefined }], new Map(), 0)[0]).toMatchObject({
      price: null,
      ltv: null,
      level: 'unknown',
    });
  });

  it('a view with loans subscribes to their symbols and gets new figures when one ticks', async () => {
    const clock = new FakeClock();
    const socket = new FakeSocket();
    const engine = new MarketEngine({ openSocket: () => socket, clock, fetchHistory: () => Promise.resolve([]) });
    await engine.start({ origin: 'o', apiBase: '/api', throttleMs: 100 });
    socket.connect();
    const snaps: Snapshot[] = [];
    engine.watch({ symbols: [], loans: [{ ...USDT_LOAN, accrued_to: clock.now() }] }, (s) => void snaps.push(s));
    expect(socket.emitted).toContainEqual(['subscribe', { channels: ['tickers:BTC/USDT'] }]);
    clock.advance(0);
    await flushMicro();
    expect(snaps.at(-1)?.loans?.[0]).toMatchObject({ ltv: '0.6', level: 'safe' });
    clock.advance(100);
    socket.fire('tickers', [tick('BTC/USDT', 1, '33000')]);
    clock.advance(100);
    await flushMicro();
    expect(snaps.at(-1)?.loans?.[0]).toMatchObject({ price: '33000', level: 'liquidation', buffer: '0' });
  });
});

function ltvOfEth(): string {
  return loanFigures(ETH_LOAN, '14.8', 0).ltv!;
}
