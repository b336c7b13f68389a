/**
 * What is on record: which symbols keep every tick, the newest committed seq, writing now, and
 * whether every tick up to a moment is in market_ticks (the candle store and tick log, store/).
 */
import type { MarketParts, MarketService } from './service-types';

type Durability = Pick<MarketService, 'keepTicks' | 'durableSeq' | 'flush' | 'durableThrough'>;

export function durabilityAnswers(m: Pick<MarketParts, 'tickLog' | 'store' | 'repo' | 'readOnly'>): Durability {
  const { tickLog, store, repo } = m;
  return {
    keepTicks: (keep) => tickLog.addKeep(keep),
    durableSeq: (symbol) => tickLog.durableSeq(symbol),
    flush: async () => {
      await tickLog.flush();
      await store.flush();
    },
    async durableThrough(instantMs) {
      if (m.readOnly) return (await repo.tickLogThrough()) >= instantMs;
      await tickLog.flush();
      return true;
    },
  };
}
