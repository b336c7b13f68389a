import { useEffect, useState } from 'react';
import { Button, ErrorBlock, Result, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MyTraderState } from '../../../core';
import { applyTrader, myTrader } from '../../api/copytrade';
import { PageFrame } from '../../components/PageFrame';
import { toastSuccess } from '../../lib/toast';
import { formatTime } from '../../components/trade/time';
import { TraderHead, TraderStats } from '../../components/copytrade/TraderStats';
import styles from '../../components/copytrade/copytrade.module.css';

const NICK_RE = /^[\p{L}\p{N} _.·-]{2,20}$/u;

/** Become a trader: apply (reviewed in the back office), see the review, then one's own figures. */
export default function BecomeTraderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [s, setS] = useState<MyTraderState | null>(null);
  const [failed, setFailed] = useState(false);
  const [nickname, setNickname] = useState('');
  const [intro, setIntro] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    myTrader().then(
      (x) => {
        setS(x);
        setNickname(x.nickname ?? '');
        setIntro(x.introduction ?? '');
      },
      () => setFailed(true),
    );
  }, []);

  const nickError = NICK_RE.test(nickname.trim()) ? null : t('copy.err.nickname');
  const introError = [...intro.trim()].length > 200 ? t('copy.err.intro') : null;
  const submit = async () => {
    setTouched(true);
    if (nickError || introError) return;
    setPending(true);
    try {
      setS(await applyTrader(nickname.trim(), intro.trim()));
      toastSuccess(t('copy.applied'));
    } catch {
      /* shown by the client; the input stays */
    } finally {
      setPending(false);
    }
  };

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
  else if (s.status === 'approved' && s.card)
    body = (
      <>
        <div className={styles.panel}>
          <TraderHead c={s.card} sub={t('copy.youAreTrader')} />
          <TraderStats c={s.card} big />
          <p className={styles.hint}>
            {t('copy.statsNote', { time: s.card.stats_at ? formatTime(s.card.stats_at) : '--' })}
          </p>
        </div>
        <div className={styles.actions}>
          <Button color="primary" onClick={() => navigate(`/pages/follow/trader?id=${s.card?.trader_user_id ?? 0}`)}>
            {t('copy.viewPublic')}
          </Button>
        </div>
      </>
    );
  else
    body = (
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
          value={nickname}
          maxLength={20}
          onChange={(e) => setNickname(e.target.value)}
          onBlur={() => setTouched(true)}
        />
        {touched && nickError ? <p className={styles.error}>{nickError}</p> : null}
        <label className={styles.label} htmlFor="trader-intro">
          {t('copy.introduction')}
        </label>
        <textarea
          id="trader-intro"
          className={`${styles.textInput} ${styles.textArea}`}
          value={intro}
          maxLength={200}
          onChange={(e) => setIntro(e.target.value)}
        />
        {introError ? <p className={styles.error}>{introError}</p> : null}
        <Button
          color="primary"
          size="large"
          block
          loading={pending}
          disabled={pending}
          onClick={() => void submit()}
          data-testid="apply-submit"
        >
          {t('copy.apply')}
        </Button>
      </div>
    );
  return <PageFrame title={t('copy.becomeTrader')}>{body}</PageFrame>;
}
