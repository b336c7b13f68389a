import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ACCOUNT_TYPES, type SecondsConfig, type SecondsPayableCurrency } from '../../../../core';
import { secondsConfigs, secondsPayable } from '../../../api/trade';
import { pairs } from '../../../market/pairs';
import { session } from '../../../stores/session';
import { useBalance } from '../components/useBalance';
import { gt } from '../components/preview';

/** The durations on offer and the currencies a stake may be in, each with the user's choice (the first by default). */
export function useSecondsSetup() {
  const { token } = useSnapshot(session);
  const { bySymbol } = useSnapshot(pairs);
  const [configs, setConfigs] = useState<SecondsConfig[]>([]);
  const [payable, setPayable] = useState<SecondsPayableCurrency[]>([]);
  const [configId, setConfigId] = useState<number | null>(null);
  const [currencyId, setCurrencyId] = useState<number | null>(null);

  useEffect(() => {
    secondsConfigs()
      .then((c) => {
        setConfigs(c);
        setConfigId((cur) => cur ?? c[0]?.id ?? null);
      })
      .catch(() => {});
  }, []);
  useEffect(() => {
    if (!token) return;
    secondsPayable()
      .then((p) => {
        setPayable(p);
        setCurrencyId((cur) => cur ?? p[0]?.id ?? null);
      })
      .catch(() => {});
  }, [token]);

  const cfg = configs.find((c) => c.id === configId) ?? null;
  const cur = payable.find((p) => p.id === currencyId) ?? null;
  const bal = useBalance(currencyId ?? undefined, ACCOUNT_TYPES.micro);
  const available = bal.balance?.available ?? cur?.user_wallet.micro_with_insurance ?? null;
  const maxStake = useMemo(() => {
    if (!available || !cfg) return null;
    return gt(available, cfg.max_amount) ? cfg.max_amount : available;
  }, [available, cfg]);
  return {
    configs,
    payable,
    configId,
    setConfigId,
    currencyId,
    setCurrencyId,
    cfg,
    cur,
    available,
    maxStake,
    stakeDecimals: cur ? (bySymbol[`${cur.name}/USDT`]?.qty_decimals ?? 2) : 2,
    unit: cur?.name ?? 'USDT',
  };
}
