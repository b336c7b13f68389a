/**
 * Pair search: what a trader types ("eth", "ETH/USDT", "ethusdt", "btc-usdt") matched against
 * every pair. Ranking: exact base, then base prefix, then symbol containing the query; ties keep
 * the catalogue order.
 */
import type { Quote } from '../../api/market';

/** Upper case without separators or spaces: "eth / usdt" → "ETHUSDT". */
export function normaliseQuery(q: string): string {
  return q.toUpperCase().replace(/[\s/_\-.]+/g, '');
}

export function matchPairs(list: readonly Quote[], query: string): Quote[] {
  const q = normaliseQuery(query);
  if (!q) return [];
  const ranked: { q: Quote; r: number; i: number }[] = [];
  list.forEach((p, i) => {
    const base = p.base.toUpperCase();
    const sym = normaliseQuery(p.symbol);
    const r = base === q || sym === q ? 0 : base.startsWith(q) ? 1 : sym.includes(q) ? 2 : -1;
    if (r >= 0) ranked.push({ q: p, r, i });
  });
  ranked.sort((a, b) => a.r - b.r || a.i - b.i);
  return ranked.map((x) => x.q);
}
