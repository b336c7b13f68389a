import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('frame lanes', () => {
  let frames: (() => void)[] = [];
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (f: () => void) => frames.push(f));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  /** the browser produces a frame: its rAF callbacks, then the tasks they queued */
  const frame = () => {
    const fs = frames;
    frames = [];
    fs.forEach((f) => f());
    vi.advanceTimersByTime(0);
  };

  it('runs work of the lane the coming frame holds at once, the other lane after that frame', async () => {
    const { inLane } = await import('./frame-lanes');
    const ran: string[] = [];
    inLane('chart', () => ran.push('chart 1'));
    inLane('dom', () => ran.push('dom 1'));
    inLane('chart', () => ran.push('chart 2'));
    inLane('dom', () => ran.push('dom 2'));
    expect(ran).toEqual(['chart 1', 'chart 2']);
    frame();
    // the next frame is the DOM's: chart work now waits for it
    expect(ran).toEqual(['chart 1', 'chart 2', 'dom 1', 'dom 2']);
    inLane('chart', () => ran.push('chart 3'));
    expect(ran).toHaveLength(4);
    frame();
    expect(ran.at(-1)).toBe('chart 3');
    // a frame with nothing waiting frees the lanes
    frame();
    inLane('dom', () => ran.push('dom 3'));
    expect(ran.at(-1)).toBe('dom 3');
  });

  it('does not hold work when no frame comes', async () => {
    const { inLane } = await import('./frame-lanes');
    const ran: string[] = [];
    inLane('dom', () => ran.push('dom'));
    inLane('chart', () => ran.push('chart'));
    expect(ran).toEqual(['dom']);
    vi.advanceTimersByTime(500);
    expect(ran).toEqual(['dom', 'chart']);
  });
});
