import { describe, expect, it } from 'vitest';
import { CHART_SHARE, DrawPacer, MAX_GAP_MS, type PacerHost } from './pacer';

/** A hand-driven clock: timers and frame callbacks run only when the test says so. */
function fakeHost() {
  let now = 0;
  let id = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const frames = new Map<number, (t: number) => void>();
  const host: PacerHost = {
    now: () => now,
    frame: (fn) => (frames.set(++id, fn), id),
    cancelFrame: (i) => void frames.delete(i),
    later: (fn, ms) => (timers.set(++id, { at: now + ms, fn }), id as unknown as ReturnType<typeof setTimeout>),
    cancelLater: (i) => void timers.delete(i as unknown as number),
  };
  /** one frame at the current time: its callbacks in order, each `cost` ms after the last */
  const frame = (cost = 0) => {
    const t = now;
    const due = [...frames];
    frames.clear();
    for (const [, fn] of due) {
      now += cost;
      fn(t);
    }
  };
  /** the timers due by `ms` from now, in time order */
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const next = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      timers.delete(next[0]);
      now = Math.max(now, next[1].at);
      next[1].fn();
    }
    now = end;
  };
  return { host, frame, advance, pendingFrames: () => frames.size };
}

describe('DrawPacer', () => {
  it('draws after the next paint, not in the task that queued the draw', () => {
    const h = fakeHost();
    const p = new DrawPacer(h.host);
    const drawn: number[] = [];
    p.schedule(() => drawn.push(1));
    p.schedule(() => drawn.push(2));
    h.advance(0);
    expect(drawn).toEqual([]);
    h.frame();
    expect(drawn).toEqual([]);
    h.advance(0);
    expect(drawn).toEqual([1, 2]);
  });

  it('waits longer after a costly chart frame, and applies every queued draw in order', () => {
    const h = fakeHost();
    const p = new DrawPacer(h.host);
    const drawn: number[] = [];
    p.schedule(() => drawn.push(1));
    h.advance(0);
    h.frame();
    h.advance(0);
    // the chart's frame after the draw took 45 ms
    h.frame(45);
    expect(p.gap()).toBeCloseTo(45 / CHART_SHARE);
    p.schedule(() => drawn.push(2));
    p.schedule(() => drawn.push(3));
    h.advance(1000);
    h.frame();
    h.advance(0);
    expect(drawn).toEqual([1]);
    h.advance(p.gap());
    h.frame();
    h.advance(0);
    expect(drawn).toEqual([1, 2, 3]);
  });

  it('never waits more than MAX_GAP_MS', () => {
    const h = fakeHost();
    const p = new DrawPacer(h.host);
    p.schedule(() => {});
    h.advance(0);
    h.frame();
    h.advance(0);
    h.frame(1000);
    expect(p.gap()).toBe(MAX_GAP_MS);
  });

  it('flush draws at once; cancel drops the queue', () => {
    const h = fakeHost();
    const p = new DrawPacer(h.host);
    const drawn: number[] = [];
    p.schedule(() => drawn.push(1));
    p.flush();
    expect(drawn).toEqual([1]);
    p.schedule(() => drawn.push(2));
    p.cancel();
    h.advance(0);
    h.frame();
    h.advance(0);
    expect(drawn).toEqual([1]);
  });
});
