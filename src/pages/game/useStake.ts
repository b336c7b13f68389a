import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkStake, ratePercent, type GameRound, type GameSide, type GameState } from '../../../core';
import { placeStake } from '../../api/game';
import { toastSuccess, toast } from '../../lib/toast';
import { useMoneyText, useQuantityText } from '../../components/Money';
import { confirmStake } from './stakeSheet';

/** The stake being typed for the open round, and placing it: checked by core, confirmed on the money sheet. */
export function useStake(r: GameRound, st: GameState, onDone: () => Promise<void>) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const qty = useQuantityText();
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const stake = async (side: GameSide) => {
    const c = checkStake(amount, st.decimals, st.min_stake, st.max_stake);
    if (!c.ok) {
      toast(
        c.reason === 'decimals'
          ? t('game.errDecimals', { decimals: st.decimals })
          : c.reason === 'min'
            ? t('game.errMin', { min: money(st.min_stake, 'USDT') })
            : c.reason === 'max'
              ? t('game.errMax', { max: money(st.max_stake, 'USDT') })
              : t('game.errAmount'),
      );
      return;
    }
    if (!(await confirmStake(t, r, st, side, c.amount, qty(ratePercent(r.fee_rate), 8)))) return;
    setBusy(true);
    try {
      await placeStake(r.id, side, c.amount);
      toastSuccess(t('game.staked'));
      setAmount('');
      await onDone();
    } catch {
      // the client has shown the server's reason
    } finally {
      setBusy(false);
    }
  };
  return { amount, setAmount, busy, stake };
}
