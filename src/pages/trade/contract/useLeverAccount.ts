import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { LEVER_STATUS, type LeverAccountSummary, type LeverPosition } from '../../../../core';
import { leverDeal, leverDealAll } from '../../../api/trade';
import { session } from '../../../stores/session';
import { rememberSettings, type PairState } from '../components/usePair';
import { useListVersion } from '../scaffold/useTradePair';

/** Positions beyond this many pages are not priced live; a user with more sees them in contract_order. */
const MAX_PAGES = 10;

async function allOpenPositions(): Promise<{ account: LeverAccountSummary; list: LeverPosition[] }> {
  const first = await leverDealAll(1);
  const list = [...first.positions.list];
  let more = first.positions.has_more;
  for (let page = 2; more && page <= MAX_PAGES; page++) {
    const next = await leverDealAll(page);
    list.push(...next.positions.list);
    more = next.positions.has_more;
  }
  return { account: first.account, list };
}

export interface LeverAccountState {
  account: LeverAccountSummary | null;
  /** open positions of every pair */
  positions: LeverPosition[];
  /** this pair's limit entries waiting to open */
  entrusted: LeverPosition[];
  reload: () => void;
}

/** The futures account, its open positions and this pair's waiting entries; reloaded by any position event. */
export function useLeverAccount(pair: PairState): LeverAccountState {
  const { token } = useSnapshot(session);
  const ids = pair.settings ?? pair.quote;
  const [account, setAccount] = useState<LeverAccountSummary | null>(null);
  const [positions, setPositions] = useState<LeverPosition[]>([]);
  const [entrusted, setEntrusted] = useState<LeverPosition[]>([]);
  // Opens, closes, TP/SL hits and liquidations (from any device or the server's jobs) reload.
  const { version, bump } = useListVersion((e) => e.kind === 'position');

  useEffect(() => {
    if (!token || !ids) return;
    let live = true;
    leverDeal(ids.currency_id, ids.legal_id)
      .then((d) => {
        if (!live) return;
        rememberSettings(d.settings);
        setAccount(d.account);
        setEntrusted(d.my_transaction.filter((p) => p.status === LEVER_STATUS.entrusted));
      })
      .catch(() => {});
    allOpenPositions()
      .then((r) => {
        if (!live) return;
        setAccount(r.account);
        setPositions(r.list.filter((p) => p.status === LEVER_STATUS.position));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [token, ids, version]);

  return { account, positions, entrusted, reload: bump };
}
