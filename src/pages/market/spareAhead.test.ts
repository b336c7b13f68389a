import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const prepare = vi.fn(() => Promise.resolve());
let painted: () => void = () => undefined;

vi.mock('../../lib/firstPaint', () => ({ firstPaint: new Promise<void>((r) => (painted = r)) }));
vi.mock('./detail', () => ({ default: () => null, prepareSpareChartAhead: prepare }));

/** a fresh module (its once-per-session state), on a device with these traits */
async function load(traits: { saveData?: boolean; deviceMemory?: number } = {}) {
  vi.resetModules();
  vi.stubGlobal('navigator', { connection: { saveData: traits.saveData ?? false }, deviceMemory: traits.deviceMemory });
  return import('./spareAhead');
}

/** lets the awaited imports and promise chains settle between timer steps */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the spare chart ahead of the first chart', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    prepare.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is built once, seconds after the first paint, however many screens ask', async () => {
    const { spareChartAhead } = await load();
    const done = spareChartAhead();
    void spareChartAhead();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(prepare).not.toHaveBeenCalled(); // nothing before the first screen is painted
    painted();
    await settle();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(prepare).not.toHaveBeenCalled(); // the first load's quiet window
    await vi.advanceTimersByTimeAsync(2_000);
    await done;
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('is not built with Save-Data on, nor on a low-memory phone', async () => {
    painted();
    for (const traits of [{ saveData: true }, { deviceMemory: 1 }]) {
      const { spareChartAhead } = await load(traits);
      const done = spareChartAhead();
      await vi.advanceTimersByTimeAsync(10_000);
      await done;
    }
    expect(prepare).not.toHaveBeenCalled();
  });
});
