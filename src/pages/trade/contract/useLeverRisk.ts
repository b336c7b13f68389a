import { useMemo } from 'react';
import { ExactDecimal, leverSideOf, marginRatio, type LeverAccountSummary, type LeverPosition } from '../../../../core';
import { usePositions } from '../../../market';
import type { LeverAccountInput, PositionInput, PositionLive } from '../../../market/types';

const toInput = (p: LeverPosition): PositionInput => ({
  id: p.id,
  symbol: p.symbol,
  side: leverSideOf(p.type),
  lots: p.share,
  lotSize: p.lot_size,
  multiple: String(p.multiple),
  openPrice: p.price ?? '0',
  price: p.update_price ?? undefined,
});

export interface LeverRisk {
  equity: string | null | undefined;
  unrealised: string | null | undefined;
  riskRate: string | null | undefined;
  ratio: string | null | undefined;
  liveById: Map<number, PositionLive>;
}

/** The account's equity, P&L, margin ratio and risk rate, priced live by the market worker (the server's until then). */
export function useLeverRisk(account: LeverAccountSummary | null, positions: LeverPosition[]): LeverRisk {
  const inputs = useMemo(() => positions.map(toInput), [positions]);
  const riskAccount = useMemo<LeverAccountInput | undefined>(
    () =>
      account
        ? // core's `balance` includes the margin locked in the positions: equity minus unrealised P&L.
          {
            balance: new ExactDecimal(account.equity).minus(account.unrealised_profit).toFixed(),
            liquidationLine: account.liquidation_line,
          }
        : undefined,
    [account],
  );
  const live = usePositions(inputs, riskAccount);
  const liveById = useMemo(() => new Map((live?.rows ?? []).map((r) => [r.id, r])), [live]);
  const unrealised =
    live && live.equity && riskAccount
      ? new ExactDecimal(live.equity).minus(riskAccount.balance).toFixed()
      : account?.unrealised_profit;
  return {
    equity: live?.equity ?? account?.equity,
    unrealised,
    riskRate: live ? live.riskRate : account?.risk_rate,
    ratio: live ? live.marginRatio : account ? marginRatio(account.risk_rate, account.liquidation_line) : null,
    liveById,
  };
}
