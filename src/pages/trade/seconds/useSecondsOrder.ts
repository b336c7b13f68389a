import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondsOrder, SecondsType } from '../../../../core';
import { secondsSubmit } from '../../../api/trade';
import { gt } from '../components/preview';
import { useOrderForm } from '../scaffold/useOrderForm';
import { useSecondsSetup } from './useSecondsSetup';

/** The options form: the stake and its checks, the direction being confirmed, the order placed and the one running. */
export function useSecondsOrder(matchId: number | undefined, onPlaced: () => void) {
  const { t } = useTranslation();
  const form = useOrderForm();
  const setup = useSecondsSetup();
  const { cfg, cur, available } = setup;
  const [stake, setStake] = useState('');
  /** the direction in the confirm sheet */
  const [type, setType] = useState<SecondsType>('up');
  const [running, setRunning] = useState<SecondsOrder | null>(null);
  const outOfRange = (v: string) => !!cfg && (gt(cfg.min_amount, v) || gt(v, cfg.max_amount));
  const short = (v: string) => available !== null && gt(v, available);

  const stakeError = (() => {
    if (!form.touched || !cfg) return null;
    if (!stake || !gt(stake, '0')) return t('trade.err.stake');
    if (outOfRange(stake)) return t('trade.err.stakeRange', { min: cfg.min_amount, max: cfg.max_amount });
    if (short(stake)) return t('common.insufficientBalance');
    return null;
  })();

  const start = (up: SecondsType) => {
    if (!form.signedIn()) return;
    form.setTouched(true);
    if (!cfg || !cur || !stake || !gt(stake, '0') || outOfRange(stake) || short(stake)) return;
    setType(up);
    form.setConfirming(true);
  };

  const place = () =>
    form.send(async () => {
      if (!form.confirming || !cfg || !cur || !matchId) return;
      const o = await secondsSubmit({
        match_id: matchId,
        currency_id: cur.id,
        type,
        seconds: cfg.seconds,
        number: stake,
      });
      form.setConfirming(false);
      setRunning(o);
      form.setTouched(false);
      onPlaced();
    });

  return { form, setup, stake, setStake, type, stakeError, start, place, running, setRunning };
}

export type SecondsOrderState = ReturnType<typeof useSecondsOrder>;
