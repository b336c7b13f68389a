import type { TFunction } from 'i18next';
import { gamePayoutIfWins, type GameRound, type GameSide, type GameState } from '../../../core';
import { confirmMoney } from '../../components/product/shared';
import { Amount } from '../../components/product/Figures';

/**
 * The money sheet before a stake: side, stake, fee rate and what it pays if it wins, with the fee rule.
 * `rate` is the fee rate in percent, already in the language's marks.
 */
export function confirmStake(t: TFunction, r: GameRound, st: GameState, side: GameSide, amount: string, rate: string) {
  return confirmMoney(
    t('game.confirmTitle', { id: r.id }),
    [
      [t('game.side'), side === 'up' ? t('game.up') : t('game.down')],
      [t('game.stake'), <Amount value={amount} unit="USDT" />, true],
      [t('game.feeRate'), `${rate}%`],
      [
        t('game.ifWins'),
        <Amount
          value={gamePayoutIfWins(r.up_total, r.down_total, side, amount, r.fee_rate, st.decimals)}
          unit="USDT"
        />,
      ],
    ],
    t('game.feeRule', { rate, decimals: st.decimals }),
  );
}
