import { Button, ErrorBlock, Result, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MyTraderState } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { formatTime } from '../../components/trade/time';
import { TraderHead, TraderStats } from '../../components/copytrade/TraderStats';
import styles from '../../components/copytrade/copytrade.module.css';
import { useBecomeTrader, type TraderApplication } from './useBecomeTrader';

/** Become a trader: apply (reviewed in the back office), see the review, then one's own figures. */
export default function BecomeTraderPage() {
  const { t } = useTranslation();
  const { s, failed, form } = useBecomeTrader();
  let body;
  if (failed) body = <ErrorBlock status="disconnected" title={t('copy.loadFailed')} description="" />;
  else if (!s)
    body = (
      <div className={styles.panel} aria-busy="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  else if (s.status === 'pending')
    body = (
      <Result
        status="waiting"
        title={t('copy.reviewPending')}
        description={t('copy.reviewPendingHint', { time: s.applied_at ? formatTime(s.applied_at) : '' })}
      />
    );
  else if (s.status === 'approved' && s.card) body = <MyTraderCard card={s.card} />;
  else body = <ApplyForm s={s} form={form} />;
  return <PageFrame title={t('copy.becomeTrader')}>{body}</PageFrame>;
}

/** approved: one's own figures, and the public page */
function MyTraderCard({ card }: { card: NonNullable<MyTraderState['card']> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <div className={styles.panel}>
        <TraderHead c={card} sub={t('copy.youAreTrader')} />
        <TraderStats c={card} big />
        <p className={styles.hint}>{t('copy.statsNote', { time: card.stats_at ? formatTime(card.stats_at) : '--' })}</p>
      </div>
      <div className={styles.actions}>
        <Button color="primary" onClick={() => navigate(`/pages/follow/trader?id=${card.trader_user_id}`)}>
          {t('copy.viewPublic')}
        </Button>
      </div>
    </>
  );
}

/** not applied yet, or rejected (with the reason): nickname and introduction */
function ApplyForm({ s, form: f }: { s: MyTraderState; form: TraderApplication }) {
  const { t } = useTranslation();
  return (
    <div className={styles.form}>
      {s.status === 'rejected' ? (
        <p className={styles.error} data-testid="apply-rejected">
          {t('copy.rejected', { reason: s.reason ?? '' })}
        </p>
      ) : null}
      <p className={styles.hint}>{t('copy.applyHint')}</p>
      <label className={styles.label} htmlFor="trader-nick">
        {t('copy.nickname')}
      </label>
      <input
        id="trader-nick"
        className={styles.textInput}
        value={f.nickname}
        maxLength={20}
        onChange={(e) => f.setNickname(e.target.value)}
        onBlur={() => f.setTouched(true)}
      />
      {f.touched && f.nickError ? <p className={styles.error}>{f.nickError}</p> : null}
      <label className={styles.label} htmlFor="trader-intro">
        {t('copy.introduction')}
      </label>
      <textarea
        id="trader-intro"
        className={`${styles.textInput} ${styles.textArea}`}
        value={f.intro}
        maxLength={200}
        onChange={(e) => f.setIntro(e.target.value)}
      />
      {f.introError ? <p className={styles.error}>{f.introError}</p> : null}
      <Button
        color="primary"
        size="large"
        block
        loading={f.pending}
        disabled={f.pending}
        onClick={() => void f.submit()}
        data-testid="apply-submit"
      >
        {t('copy.apply')}
      </Button>
    </div>
  );
}
