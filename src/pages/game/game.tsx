import { Button, ErrorBlock, Input, Skeleton } from 'antd-mobile';
import { MessageOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { gameMultiplier, gamePool, ratePercent, type GameRound, type GameSide, type GameState } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { Amount } from '../../components/product/Figures';
import { useNow } from '../../components/product/useNow';
import { gameState } from '../../api/game';
import { useMarketView, useOnReconnect, useTicker } from '../../market';
import { PATHS, gameVerifyPath } from '../../nav/paths';
import { countdown, usePolling } from './clock';
import { useStake } from './useStake';
import s from './game.module.css';
import { useFixedText, useMoneyText, useQuantityText } from '../../components/Money';

/**
 * The up/down game: the round taking stakes (countdown to its lock, the pools and what each side
 * would pay, the fee rule stated before staking), the live round against the current price, and
 * the last results, each with a link to recompute it on the verify screen.
 */
export default function Game() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const poll = usePolling(gameState, 4000, nextInstant);
  // back from a deploy: the rounds at once, not at the next 4 s poll
  useOnReconnect(() => void poll.refresh());
  const now = useNow(true, 500);
  const st = poll.data;
  const skew = st ? st.now - poll.receivedAt : 0;

  return (
    <PageFrame
      title={t('route.game.game')}
      right={
        <Button
          fill="none"
          size="small"
          aria-label={t('game.chat')}
          onClick={() => navigate(PATHS.chatroom)}
          data-testid="open-chatroom"
        >
          <MessageOutline fontSize={22} />
        </Button>
      }
    >
      {!st ? (
        poll.error ? (
          <ErrorBlock status="default" title={t('game.loadError')} description="" />
        ) : (
          <Skeleton.Paragraph lineCount={8} animated />
        )
      ) : (
        <div className={s.page}>
          {st.open ? <OpenRound r={st.open} st={st} now={now} skew={skew} onDone={poll.refresh} /> : null}
          {st.live ? <LiveRound r={st.live} now={now} skew={skew} /> : null}
          <section className={s.card} aria-labelledby="game-recent">
            <h2 id="game-recent" className={s.h2}>
              {t('game.recent')}
            </h2>
            {st.recent.length === 0 ? <p className={s.muted}>{t('game.noRounds')}</p> : null}
            {st.recent.map((r) => (
              <div key={r.id} className={s.result} data-testid={`game-result-${r.id}`}>
                <div className={s.resultTop}>
                  <span className={s.rid}>#{r.id}</span>
                  <Outcome r={r} />
                  <span className={s.grow}>{r.mine ? <Amount value={r.mine.payout} unit="USDT" /> : null}</span>
                  <Button size="mini" fill="outline" onClick={() => navigate(gameVerifyPath(r.id))}>
                    {t('game.verify')}
                  </Button>
                </div>
                <span className={s.prices}>
                  <Amount value={r.lock_tick?.price} /> → <Amount value={r.close_tick?.price} />
                </span>
              </div>
            ))}
            <Button block fill="none" size="small" onClick={() => navigate(gameVerifyPath())}>
              {t('game.verifyAny')}
            </Button>
          </section>
        </div>
      )}
    </PageFrame>
  );
}

/** The next lock or close on the device's clock: the page reloads the rounds just after it. */
function nextInstant(st: GameState, receivedAt: number): number | null {
  const at = [st.open?.lock_at, st.live?.close_at].filter((x): x is number => x !== undefined);
  return at.length ? Math.min(...at) - (st.now - receivedAt) : null;
}

export function Outcome({ r }: { r: GameRound }) {
  const { t } = useTranslation();
  if (r.outcome === 'up') return <span className={`${s.tag} ${s.up}`}>{t('game.up')}</span>;
  if (r.outcome === 'down') return <span className={`${s.tag} ${s.down}`}>{t('game.down')}</span>;
  return <span className={`${s.tag} ${s.flat}`}>{t('game.refunded')}</span>;
}

function OpenRound({
  r,
  st,
  now,
  skew,
  onDone,
}: {
  r: GameRound;
  st: GameState;
  now: number;
  skew: number;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const qty = useQuantityText();
  const rate = qty(ratePercent(r.fee_rate), 8);
  return (
    <section className={s.card} aria-labelledby="game-open" data-testid="game-open">
      <div className={s.head}>
        <h2 id="game-open" className={s.h2}>
          {t('game.next', { id: r.id })}
        </h2>
        <span className={s.timer} data-testid="game-lock-in">
          {t('game.locksIn', { time: countdown(r.lock_at, now, skew) })}
        </span>
      </div>
      <p className={s.muted}>{t('game.howTo', { symbol: r.symbol })}</p>
      <Pools r={r} />
      {r.mine ? (
        <p className={s.mine} data-testid="game-my-stake">
          {t('game.yourStake', {
            side: r.mine.side === 'up' ? t('game.up') : t('game.down'),
            amount: money(r.mine.amount, 'USDT'),
          })}
        </p>
      ) : (
        <StakeForm r={r} st={st} locked={r.lock_at <= now + skew} onDone={onDone} />
      )}
      <p className={s.rule}>{t('game.feeRule', { rate, decimals: st.decimals })}</p>
    </section>
  );
}

/** each side's pool and what it would pay per unit staked */
function Pools({ r }: { r: GameRound }) {
  const { t } = useTranslation();
  const fixed = useFixedText();
  const mult = (side: GameSide) => {
    const m = gameMultiplier(r.up_total, r.down_total, side, r.fee_rate);
    return m && fixed(m, 2);
  };
  return (
    <div className={s.pools}>
      <div className={`${s.pool} ${s.poolUp}`}>
        <span>{t('game.upPool')}</span>
        <Amount value={r.up_total} unit="USDT" />
        <span className={s.mult}>{mult('up') ? `×${mult('up')}` : '--'}</span>
      </div>
      <div className={`${s.pool} ${s.poolDown}`}>
        <span>{t('game.downPool')}</span>
        <Amount value={r.down_total} unit="USDT" />
        <span className={s.mult}>{mult('down') ? `×${mult('down')}` : '--'}</span>
      </div>
    </div>
  );
}

interface StakeFormProps {
  r: GameRound;
  st: GameState;
  /** the round has locked on the server's clock: no more stakes */
  locked: boolean;
  onDone: () => Promise<void>;
}

function StakeForm({ r, st, locked, onDone }: StakeFormProps) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const { amount, setAmount, busy, stake } = useStake(r, st, onDone);
  return (
    <>
      <Input
        className={s.input}
        inputMode="decimal"
        placeholder={t('game.amountHint', { min: money(st.min_stake, 'USDT'), max: money(st.max_stake, 'USDT') })}
        aria-label={t('game.stake')}
        value={amount}
        onChange={setAmount}
        disabled={locked}
        data-testid="game-amount"
      />
      <div className={s.buttons}>
        <Button
          className={s.upBtn}
          block
          disabled={busy || locked}
          onClick={() => void stake('up')}
          data-testid="game-up"
        >
          {t('game.stakeUp')}
        </Button>
        <Button
          className={s.downBtn}
          block
          disabled={busy || locked}
          onClick={() => void stake('down')}
          data-testid="game-down"
        >
          {t('game.stakeDown')}
        </Button>
      </div>
    </>
  );
}

function LiveRound({ r, now, skew }: { r: GameRound; now: number; skew: number }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  useMarketView({ symbols: [r.symbol] });
  const last = useTicker(r.symbol)?.last;
  return (
    <section className={s.card} aria-labelledby="game-live" data-testid="game-live">
      <div className={s.head}>
        <h2 id="game-live" className={s.h2}>
          {t('game.live', { id: r.id })}
        </h2>
        <span className={s.timer}>{t('game.closesIn', { time: countdown(r.close_at, now, skew) })}</span>
      </div>
      <div className={s.rows}>
        <span>{t('game.lockPrice')}</span>
        <b>{r.lock_tick ? <Amount value={r.lock_tick.price} /> : t('game.noPrice')}</b>
        <span>{t('game.lastPrice')}</span>
        <b>
          <Amount value={last} />
        </b>
        <span>{t('game.pool')}</span>
        <Amount value={gamePool(r.up_total, r.down_total)} unit="USDT" />
      </div>
      {r.mine ? (
        <p className={s.mine}>
          {t('game.yourStake', {
            side: r.mine.side === 'up' ? t('game.up') : t('game.down'),
            amount: money(r.mine.amount, 'USDT'),
          })}
        </p>
      ) : null}
    </section>
  );
}
