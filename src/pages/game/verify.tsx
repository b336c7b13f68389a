import { useState } from 'react';
import { Button, ErrorBlock, Input, Skeleton } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { GameTick, GameVerify } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { Amount, useAmountText, useRateText } from '../../components/product/Figures';
import { DetailRows } from '../../components/product/shared';
import { useLoad } from '../../components/load/useLoad';
import { gameVerify } from '../../api/game';
import { clockTime } from './clock';
import { Outcome } from './game';
import { recomputeRound } from './recompute';
import s from './game.module.css';

/**
 * Anyone can recompute a settled round here: the feed's stored lock and close ticks (price, seq,
 * time), the fee rate and every stake come from the server; the result is computed IN THIS PAGE by
 * core's settleGameRound — the function the server settled with — and compared, line by line,
 * with what the server stored and paid.
 */
export default function Verify() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const [typed, setTyped] = useState(id ? String(id) : '');
  const load = useLoad(() => (id ? gameVerify(id) : Promise.resolve(null)), [id]);
  const go = () => {
    const n = Number(typed);
    if (Number.isInteger(n) && n > 0) setParams({ id: String(n) }, { replace: true });
  };

  return (
    <PageFrame title={t('route.game.verify')}>
      <div className={s.page}>
        <section className={s.card}>
          <p className={s.muted}>{t('game.verifyIntro')}</p>
          <div className={s.verifyForm}>
            <Input
              className={s.input}
              inputMode="numeric"
              aria-label={t('game.roundId')}
              placeholder={t('game.roundId')}
              value={typed}
              onChange={setTyped}
              onEnterPress={go}
              data-testid="verify-id"
            />
            <Button color="primary" onClick={go} data-testid="verify-go">
              {t('game.verify')}
            </Button>
          </div>
        </section>
        {id === 0 ? null : load.data ? (
          <Report v={load.data} />
        ) : load.error ? (
          <ErrorBlock status="empty" title={t('game.notFound')} description="" />
        ) : (
          <Skeleton.Paragraph lineCount={6} animated />
        )}
      </div>
    </PageFrame>
  );
}

function Report({ v }: { v: GameVerify }) {
  const { t } = useTranslation();
  const r = v.round;
  if (r.status !== 'settled')
    return (
      <section className={s.card}>
        <p className={s.muted}>{t('game.notSettled', { id: r.id })}</p>
      </section>
    );
  const check = recomputeRound(v);
  return (
    <>
      <Comparison v={v} check={check} />
      <StakesTable v={v} check={check} />
    </>
  );
}

type Check = ReturnType<typeof recomputeRound>;

const Mark = ({ ok }: { ok: boolean }) => <span className={ok ? s.ok : s.bad}>{ok ? '✓' : '✗'}</span>;

/** the round's ticks, pool, fee and result, each beside whether the recomputation agrees, and the verdict */
function Comparison({ v, check: { mine, ok, allOk } }: { v: GameVerify; check: Check }) {
  const { t } = useTranslation();
  const rate = useRateText();
  const amountText = useAmountText();
  const r = v.round;
  const tick = (x: GameTick | null) =>
    x ? t('game.tickLine', { price: amountText(x.price), seq: x.seq, time: clockTime(x.ts) }) : t('game.noPrice');
  return (
    <section className={s.card} data-testid="verify-report">
      <div className={s.head}>
        <h2 className={s.h2}>{t('game.roundTitle', { id: r.id, symbol: r.symbol })}</h2>
        <Outcome r={r} />
      </div>
      <DetailRows
        rows={[
          [
            t('game.lockTick'),
            <span>
              {tick(v.feed_ticks.lock)} <Mark ok={ok.lock} />
            </span>,
          ],
          [
            t('game.closeTick'),
            <span>
              {tick(v.feed_ticks.close)} <Mark ok={ok.close} />
            </span>,
          ],
          [
            t('game.pool'),
            <span>
              <Amount value={mine.pool} unit="USDT" /> <Mark ok={ok.pool} />
            </span>,
          ],
          [t('game.feeRate'), `${rate(r.fee_rate)}%`],
          [
            t('game.fee'),
            <span>
              <Amount value={mine.fee} unit="USDT" /> <Mark ok={ok.fee} />
            </span>,
          ],
          [
            t('game.result'),
            <span>
              {mine.outcome === 'refund' ? t('game.refunded') : mine.outcome === 'up' ? t('game.up') : t('game.down')}{' '}
              <Mark ok={ok.outcome} />
            </span>,
          ],
        ]}
      />
      <p className={allOk ? s.ok : s.bad} role="status" data-testid="verify-verdict">
        {allOk ? t('game.allMatch') : t('game.mismatch')}
      </p>
      <p className={s.rule}>{t('game.verifyRule', { decimals: v.decimals })}</p>
    </section>
  );
}

/** every stake: what the server paid beside what this page recomputed */
function StakesTable({ v, check: { mine, ok } }: { v: GameVerify; check: Check }) {
  const { t } = useTranslation();
  return (
    <section className={s.card}>
      <table className={s.table}>
        <caption className={s.muted}>{t('game.stakesCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('game.stakeId')}</th>
            <th scope="col">{t('game.side')}</th>
            <th scope="col">{t('game.stake')}</th>
            <th scope="col">{t('game.paid')}</th>
            <th scope="col">{t('game.recomputed')}</th>
          </tr>
        </thead>
        <tbody>
          {v.stakes.map((x, i) => (
            <tr key={x.id}>
              <td>{x.id}</td>
              <td>{x.side === 'up' ? t('game.up') : t('game.down')}</td>
              <td>
                <Amount value={x.amount} />
              </td>
              <td>
                <Amount value={x.payout} />
              </td>
              <td>
                <Amount value={mine.payouts[i].amount} /> <Mark ok={ok.payouts[i]} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
