/**
 * Live pricing of the open contract positions one view names: unrealised P&L per position, the
 * account's equity and risk rate, and each position's liquidation price. Every figure comes from
 * core/calc/contract.ts (the same functions the server settles with); this file only decides
 * which price to use and when a recomputation is due — when one of the positions' symbols ticks.
 */
import {
  accountEquity,
  liquidationPrice,
  marginRatio,
  positionPnl,
  positionRoe,
  riskRate,
  type AccountRiskInput,
  type PricedPosition,
} from '../core';
import type { LeverAccountInput, PositionInput, PositionLive, PositionsLive } from './api-types';
import type { RowLookup } from './channels/tickers';

export class PositionBook {
  private positions: PositionInput[] = [];
  private account: LeverAccountInput | undefined;
  private symbolSet = new Set<string>();
  private changed = false;

  /** something to recompute since the last build */
  get dirty(): boolean {
    return this.changed;
  }

  /** Replace the positions (a new list from the server, an opened or closed one). */
  setView(positions: readonly PositionInput[] | undefined, account: LeverAccountInput | undefined): void {
    this.positions = positions ? positions.map((p) => ({ ...p })) : [];
    this.account = account ? { ...account } : undefined;
    this.symbolSet = new Set(this.positions.map((p) => p.symbol));
    // Even an emptied list is due once, so the page drops the rows it showed.
    this.changed = true;
  }

  get symbols(): ReadonlySet<string> {
    return this.symbolSet;
  }

  get active(): boolean {
    return this.positions.length > 0;
  }

  /** Symbols that ticked; true when one of ours is among them. */
  noteTickers(symbols: readonly string[]): boolean {
    if (!this.positions.length) return false;
    for (const s of symbols)
      if (this.symbolSet.has(s)) {
        this.changed = true;
        return true;
      }
    return false;
  }

  /** The figures due now, or null when nothing changed since the last build. */
  build(rows: RowLookup): PositionsLive | null {
    if (!this.changed) return null;
    this.changed = false;
    return pricePositions(this.positions, this.account, rows);
  }
}

/**
 * Price positions with the latest ticks. A position with neither a tick nor a server price is
 * left out of the account figures (it cannot be priced) and shown without P&L.
 */
export function pricePositions(
  positions: readonly PositionInput[],
  account: LeverAccountInput | undefined,
  rows: RowLookup,
): PositionsLive {
  const priced: { input: PositionInput; price: string; pp: PricedPosition }[] = [];
  const out: PositionLive[] = [];
  for (const p of positions) {
    const price = rows.get(p.symbol)?.last ?? p.price;
    if (price === undefined) {
      out.push({ id: p.id, symbol: p.symbol, price: '', pnl: '', roe: '', liquidationPrice: null });
      continue;
    }
    const position = { side: p.side, lots: p.lots, lotSize: p.lotSize, multiple: p.multiple, openPrice: p.openPrice };
    priced.push({ input: p, price, pp: { position, currentPrice: price } });
  }
  const risk: AccountRiskInput | null = account
    ? { balance: account.balance, positions: priced.map((x) => x.pp) }
    : null;
  priced.forEach((x, i) => {
    out.push({
      id: x.input.id,
      symbol: x.input.symbol,
      price: x.price,
      pnl: positionPnl(x.pp.position, x.price),
      roe: positionRoe(x.pp.position, x.price),
      liquidationPrice: risk && account ? liquidationPrice(risk, i, account.liquidationLine) : null,
    });
  });
  // Keep the caller's order.
  const order = new Map(positions.map((p, i) => [p.id, i]));
  out.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const rate = risk ? riskRate(risk) : null;
  return {
    rows: out,
    equity: risk ? accountEquity(risk) : null,
    riskRate: rate,
    marginRatio: account ? marginRatio(rate, account.liquidationLine) : null,
  };
}
