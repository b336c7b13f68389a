import type { Tick } from '../../../core';
import type { TicksListener } from './types';

/**
 * The listener list the feeds and the market's onTick share; a throwing listener does not starve
 * the others or the timer.
 */
export class TickListeners {
  private readonly list = new Set<TicksListener>();
  constructor(
    private readonly onError: (err: unknown) => void = (err) => console.error('[market] tick listener failed', err),
  ) {}
  add(l: TicksListener): () => void {
    this.list.add(l);
    return () => {
      this.list.delete(l);
    };
  }
  emit(ticks: Tick[]): void {
    for (const l of this.list) {
      try {
        l(ticks);
      } catch (err) {
        this.onError(err);
      }
    }
  }
}
