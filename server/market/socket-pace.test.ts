import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FlushPace } from './socket-pace';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

function paced() {
  const at: number[] = [];
  const t0 = Date.now();
  const pace = new FlushPace(25, () => at.push(Date.now() - t0), Date.now);
  return { pace, at };
}

describe('FlushPace', () => {
  it('flushes the first update of a quiet spell on the next turn, several updates of one turn once', () => {
    const { pace, at } = paced();
    pace.due();
    pace.due();
    pace.due();
    expect(at).toEqual([]); // not inside the feed's batch
    vi.advanceTimersByTime(0);
    expect(at).toEqual([0]);
    vi.advanceTimersByTime(200);
    expect(at).toEqual([0]); // nothing buffered, nothing flushed
  });

  it('then at most once per period while updates keep coming, none lost', () => {
    const { pace, at } = paced();
    pace.due();
    vi.advanceTimersByTime(0);
    vi.advanceTimersByTime(5);
    pace.due(); // 5 ms after a flush: waits for the period's end
    vi.advanceTimersByTime(19);
    expect(at).toEqual([0]);
    pace.due();
    vi.advanceTimersByTime(1);
    expect(at).toEqual([0, 25]);
    vi.advanceTimersByTime(75);
    pace.due(); // quiet for longer than a period: right away again
    vi.advanceTimersByTime(0);
    expect(at).toEqual([0, 25, 100]);
  });

  it('close cancels a pending flush and ignores later updates', () => {
    const { pace, at } = paced();
    pace.due();
    vi.advanceTimersByTime(0);
    pace.due();
    pace.close();
    pace.due();
    vi.advanceTimersByTime(100);
    expect(at).toEqual([0]);
  });
});
