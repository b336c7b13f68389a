import { groupNumber, type NumberMarks } from '../../../../core';
import type { TradeNotice } from '../../../../core/types/trade';

type T = (key: string, params?: Record<string, string>) => string;

/** The notice params that are figures (price, amount, P&L, the risk line): shown in the language's marks. */
const FIGURES = ['amount', 'price', 'profit', 'line'] as const;

/**
 * A trade notice's toast text in the reader's language: the words the server sends as codes
 * translated, its figures in the language's marks ("67 213,5" in French), the server's own text
 * when this build has no table for its kind.
 */
export function noticeText(n: TradeNotice, t: T, known: boolean, marks: NumberMarks): string {
  if (!known) return n.text;
  const p = { ...n.params };
  if (p.side === 'buy' || p.side === 'sell') p.side = t(`trade.${p.side}`);
  if (p.result === 'win' || p.result === 'lose' || p.result === 'tie') p.result = t(`trade.seconds.${p.result}`);
  for (const k of FIGURES) if (typeof p[k] === 'string') p[k] = groupNumber(p[k], marks);
  return t(`trade.notice.${n.kind}`, p);
}
