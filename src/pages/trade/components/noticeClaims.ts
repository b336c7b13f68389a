import type { TradeNotice } from '../../../../core/types/trade';

/**
 * One toast per trade outcome. The page that made the call and the private-room `notice` race to
 * report the same outcome (a market fill, an open, a close); whichever comes first claims it and
 * the other stays quiet. Claims expire so the map stays small.
 */
const TTL_MS = 30_000;
const claims = new Map<string, number>();

export function claimNotice(kind: TradeNotice['kind'], id: number, now = Date.now()): boolean {
  for (const [k, at] of claims) if (now - at > TTL_MS) claims.delete(k);
  const key = `${kind}:${id}`;
  if (claims.has(key)) return false;
  claims.set(key, now);
  return true;
}
