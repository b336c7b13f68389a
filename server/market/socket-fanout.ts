/**
 * The socket fan-out over the market's parts (socket.ts), when the server has a socket.io server,
 * and the service's emits through it (headless, they go nowhere).
 */
import { pairInfos } from './pairs';
import type { CreateMarketOptions, MarketParts, MarketService } from './service-types';
import { attachMarketSocket, type MarketSocket } from './socket';

export function attachFanout(
  opts: Pick<CreateMarketOptions, 'io' | 'resolveUser' | 'config'>,
  parts: Pick<MarketParts, 'aggregator' | 'tickers' | 'books' | 'isSymbol' | 'log'>,
): MarketSocket | undefined {
  if (!opts.io) return undefined;
  const pairIndex = new Map(pairInfos().map((p) => [p.symbol, p]));
  const listedSymbols = [...pairIndex.keys()];
  return attachMarketSocket({
    io: opts.io,
    ...parts,
    pair: (symbol) => pairIndex.get(symbol),
    listed: () => listedSymbols,
    resolveUser: opts.resolveUser ?? (async () => null),
    flushMs: opts.config.flushMs,
    tickerMode: opts.config.tickerMode,
  });
}

export function emitAnswers(fanout: MarketSocket | undefined): Pick<MarketService, 'emitToUser' | 'emitToRoom'> {
  return {
    emitToUser(userId, event, payload) {
      fanout?.emitToUser(userId, event, payload);
    },
    emitToRoom(room, event, payload) {
      fanout?.emitToRoom(room, event, payload);
    },
  };
}
