import { describe, expect, it } from 'vitest';
import { Throttle } from './throttle';
import { FakeClock } from './clock.fixture';

describe('Throttle', () => {
  it('flushes a lone request at once, then at most once per window', () => {
    const clock = new FakeClock();
    const at: number[] = [];
    const th = new Throttle(100, () => at.push(clock.now()) > 0, clock);
    const t0 = clock.now();
    th.request();
    clock.advance(0);
    expect(at).toEqual([t0]);
    for (let i = 0; i < 10; i++) {
      th.request();
      clock.advance(10);
    }
    clock.advance(200);
    // 10 requests within 100 ms after the first flush: exactly one more flush, at t0 + 100
    expect(at).toEqual([t0, t0 + 100]);
  });

  it('after the window, flushes on the next request (a batch arriving), not at a timer between batches', () => {
    const clock = new FakeClock();
    const at: number[] = [];
    const th = new Throttle(100, () => at.push(clock.now()) > 0, clock, 60);
    const t0 = clock.now();
    th.request();
    clock.advance(0);
    // batches every 50 ms, phase 30 ms after the first flush
    clock.advance(30);
    for (let i = 0; i < 8; i++) {
      th.request();
      clock.advance(50);
    }
    const gaps = at.slice(1).map((t, i) => t - at[i]);
    expect(at[0]).toBe(t0);
    // every flush lands on a batch (30 + 50k after t0) and never closer than the window
    for (const t of at.slice(1)) expect((t - t0 - 30) % 50).toBe(0);
    for (const g of gaps) expect(g).toBeGreaterThanOrEqual(100);
  });

  it('without a further request, flushes at the window end plus the grace', () => {
    const clock = new FakeClock();
    const at: number[] = [];
    const th = new Throttle(100, () => at.push(clock.now()) > 0, clock, 60);
    const t0 = clock.now();
    th.request();
    clock.advance(10);
    th.request();
    clock.advance(500);
    expect(at).toEqual([t0, t0 + 160]);
  });

  it('no flush before earliest(); requests before it do not flush', () => {
    const clock = new FakeClock();
    const at: number[] = [];
    const t0 = clock.now();
    const th = new Throttle(
      100,
      () => at.push(clock.now()) > 0,
      clock,
      0,
      () => t0 + 300,
    );
    for (let i = 0; i < 10; i++) {
      th.request();
      clock.advance(50);
    }
    expect(at[0]).toBe(t0 + 300);
  });

  it('an empty flush does not delay the next one', () => {
    const clock = new FakeClock();
    const at: number[] = [];
    let empty = true;
    const th = new Throttle(100, () => (empty ? false : at.push(clock.now()) > 0), clock);
    th.request();
    clock.advance(10);
    empty = false;
    th.request();
    clock.advance(0);
    expect(at).toEqual([clock.now()]);
  });

  it('cancel drops a pending flush', () => {
    const clock = new FakeClock();
    let n = 0;
    const th = new Throttle(100, () => ++n > 0, clock);
    th.request();
    th.cancel();
    clock.advance(500);
    expect(n).toBe(0);
  });
});
