import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { accountBalance, type AccountBalance } from '../../../api/trade';
import { useUserEvents } from '../../../market';
import { session } from '../../../stores/session';

export interface BalanceState {
  /** null while unknown (loading, logged out, or failed) */
  balance: AccountBalance | null;
  reload: () => void;
}

/**
 * One currency's balance in one account type, loaded once and then kept current by the `balance`
 * events of the user's private room — no polling.
 */
export function useBalance(currencyId: number | undefined, type: number): BalanceState {
  const { token } = useSnapshot(session);
  const [balance, setBalance] = useState<AccountBalance | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setBalance(null);
    if (!token || !currencyId) return;
    let live = true;
    accountBalance(currencyId, type)
      .then((b) => live && setBalance(b))
      .catch(() => {
        /* shown as unknown; the next balance event or reload fills it */
      });
    return () => {
      live = false;
    };
  }, [token, currencyId, type, attempt]);

  useUserEvents((e) => {
    if (e.kind === 'balance' && e.balance.currency_id === currencyId && e.balance.type === type)
      setBalance({ currency_id: currencyId, available: e.balance.available, frozen: e.balance.frozen });
  });

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { balance, reload };
}
