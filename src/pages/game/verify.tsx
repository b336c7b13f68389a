import { useState } from 'react';
import { Button, ErrorBlock, Input, Skeleton } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ratePercent, settleGameRound, type GameTick, type GameVerify } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { DetailRows } from '../../components/product/shared';
import { useLoad } from '../../components/load/useLoad';
import { gameVerify } from '../../api/game';
import { clockTime } from './clock';
import { Outcome } from './game';
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
  const mine = settleGameRound({
    lockPrice: v.feed_ticks.lock?.price ?? null,
    closePrice: v.feed_ticks.close?.price ?? null,
    stakes: v.stakes,
    feeRate: r.fee_rate,
    decimals: v.decimals,
  });
  const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? null) === (b ?? null);
  const tickOk = (feed: GameTick | null, rec: GameTick | null) =>
    same(feed?.price, rec?.price) && feed?.seq === rec?.seq;
  const payoutsOk = mine.payouts.every((p, i) => same(p.amount, v.stakes[i].payout));
  const allOk =
    tickOk(v.feed_ticks.lock, r.lock_tick) &&
    tickOk(v.feed_ticks.close, r.close_tick) &&
    mine.outcome === r.outcome &&
    same(mine.fee, r.fee) &&
    same(mine.pool, r.pool) &&
    payoutsOk;
  const tick = (x: GameTick | null) =>
    x ? t('game.tickLine', { price: x.price, seq: x.seq, time: clockTime(x.ts) }) : t('game.noPrice');
  const mark = (ok: boolean) => <span className={ok ? s.ok : s.bad}>{ok ? '✓' : '✗'}</span>;
  return (
    <>
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
                {tick(v.feed_ticks.lock)} {mark(tickOk(v.feed_ticks.lock, r.lock_tick))}
              </span>,
            ],
            [
              t('game.closeTick'),
              <span>
                {tick(v.feed_ticks.close)} {mark(tickOk(v.feed_ticks.close, r.close_tick))}
              </span>,
            ],
            [
              t('game.pool'),
              <span>
                {mine.pool} USDT {mark(same(mine.pool, r.pool))}
              </span>,
            ],
            [t('game.feeRate'), `${ratePercent(r.fee_rate)}%`],
            [
              t('game.fee'),
              <span>
                {mine.fee} USDT {mark(same(mine.fee, r.fee))}
              </span>,
            ],
            [
              t('game.result'),
              <span>
                {mine.outcome === 'refund' ? t('game.refunded') : mine.outcome === 'up' ? t('game.up') : t('game.down')}{' '}
                {mark(mine.outcome === r.outcome)}
              </span>,
            ],
          ]}
        />
        <p className={allOk ? s.ok : s.bad} role="status" data-testid="verify-verdict">
          {allOk ? t('game.allMatch') : t('game.mismatch')}
        </p>
        <p className={s.rule}>{t('game.verifyRule', { decimals: v.decimals })}</p>
      </section>
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
                <td>{x.amount}</td>
                <td>{x.payout ?? '--'}</td>
                <td>
                  {mine.payouts[i].amount} {mark(same(mine.payouts[i].amount, x.payout))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
