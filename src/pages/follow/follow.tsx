import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { COPY_LIMITS, COPY_TYPES, type CopyType } from '../../../core';
import { DecimalInput } from '../../components/form';
import { PageFrame } from '../../components/PageFrame';
import { session } from '../../stores/session';
import { useFixedText, useMoneyText } from '../../components/Money';
import { TraderHead } from '../../components/copytrade/TraderStats';
import styles from '../../components/copytrade/copytrade.module.css';
import { useFollowForm } from './useFollowForm';

/** The follow form: fixed multiple or fixed lots, the agreement, a confirmation with what will happen. */
export default function FollowPage() {
  const { t } = useTranslation();
  const money = useMoneyText();
  const fixed = useFixedText();
  const f = useFollowForm();
  const { d } = f;

  if (f.failed)
    return (
      <PageFrame title={t('route.follow.follow')}>
        <ErrorBlock status="empty" title={t('copy.traderMissing')} description="" />
      </PageFrame>
    );
  return (
    <PageFrame title={t('route.follow.follow')}>
      {d ? (
        <div className={styles.panel}>
          <TraderHead
            c={d}
            sub={t('copy.traderSummary', { profit: money(d.total_profit, 'USDT'), accuracy: fixed(d.accuracy, 2) })}
          />
        </div>
      ) : null}
      <div className={styles.form}>
        <ModePicker type={f.type} onPick={f.pickType} />
        <DecimalInput
          key={f.type}
          label={f.multiple ? t('copy.multipleLabel') : t('copy.lotsLabel')}
          value={f.number}
          onChange={f.setNumber}
          onBlur={() => f.setTouched(true)}
          decimals={COPY_LIMITS.numberDecimals}
          unit={f.multiple ? '×' : t('copy.lotsUnit')}
          error={f.touched ? f.error : null}
          data-testid="follow-number"
        />
        <p className={styles.hint}>{f.multiple ? t('copy.multipleHint') : t('copy.lotsHint')}</p>
        {!f.error ? (
          <p className={styles.hint} data-testid="follow-example">
            {f.example}
          </p>
        ) : null}
        <p className={styles.hint}>{t('copy.balanceHint')}</p>
        <AgreeCheck agree={f.agree} onAgree={f.setAgree} />
        <Button
          color="primary"
          size="large"
          block
          loading={f.pending}
          disabled={f.pending || !d}
          onClick={() => void f.submit()}
          data-testid="follow-submit"
        >
          {d?.my_state === 'following' ? t('copy.saveFollow') : t('copy.follow')}
        </Button>
      </div>
    </PageFrame>
  );
}

/** fixed multiple or fixed lots */
function ModePicker({ type, onPick }: { type: CopyType; onPick: (v: CopyType) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <span className={styles.label} id="copy-type">
        {t('copy.mode')}
      </span>
      <div className={styles.segment} role="radiogroup" aria-labelledby="copy-type">
        {[COPY_TYPES.multiple, COPY_TYPES.lots].map((v) => (
          <button
            key={v}
            type="button"
            role="radio"
            aria-checked={type === v}
            className={`${styles.segBtn} ${type === v ? styles.segOn : ''}`}
            onClick={() => onPick(v)}
          >
            {v === COPY_TYPES.multiple ? t('copy.fixedMultiple') : t('copy.fixedLots')}
          </button>
        ))}
      </div>
    </>
  );
}

/** the agreement's checkbox, with the agreement in the reader's language */
function AgreeCheck({ agree, onAgree }: { agree: boolean; onAgree: (on: boolean) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { lang } = useSnapshot(session);
  return (
    <label className={styles.agree}>
      <input type="checkbox" checked={agree} onChange={(e) => onAgree(e.target.checked)} data-testid="follow-agree" />
      <span>
        {t('copy.agreePrefix')}{' '}
        <button
          type="button"
          className={styles.link}
          onClick={() =>
            navigate(lang === 'zh' || lang === 'hk' ? '/pages/follow/agreement_zh' : '/pages/follow/agreement_en')
          }
        >
          {t('copy.agreementName')}
        </button>
      </span>
    </label>
  );
}
