import { describe, expect, it } from 'vitest';
import { Throttle } from './throttle';
import { FakeClock } from './test-clock';

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
