import { useEffect, useState } from 'react';
import { Button, Dialog, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { COPY_LIMITS, COPY_TYPES, roundCopyMultiple, type CopyType, type TraderDetail } from '../../../core';
import { follow, traderDetail } from '../../api/copytrade';
import { DecimalInput } from '../../components/form';
import { PageFrame } from '../../components/PageFrame';
import { toastSuccess } from '../../lib/toast';
import { session } from '../../stores/session';
import { useMoneyText } from '../../components/Money';
import { TraderHead } from '../../components/copytrade/TraderStats';
import styles from '../../components/copytrade/copytrade.module.css';

/** The follow form: fixed multiple or fixed lots, the agreement, a confirmation with what will happen. */
export default function FollowPage() {
  const { t } = useTranslation();
  const money = useMoneyText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const { lang } = useSnapshot(session);
  const [d, setD] = useState<TraderDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [type, setType] = useState<CopyType>(COPY_TYPES.multiple);
  const [number, setNumber] = useState('1');
  const [touched, setTouched] = useState(false);
  const [agree, setAgree] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) {
      setFailed(true);
      return;
    }
    traderDetail(id).then(
      (x) => {
        setD(x);
        if (x.my_follow && x.my_state === 'following') {
          setType(x.my_follow.type);
          setNumber(x.my_follow.number);
        }
      },
      () => setFailed(true),
    );
  }, [id]);

  const multiple = type === COPY_TYPES.multiple;
  const max = Number(multiple ? COPY_LIMITS.maxMultiple : COPY_LIMITS.maxLots);
  const n = Number(number);
  const error =
    number === '' || !(n > 0) || n > max ? t(multiple ? 'copy.err.multiple' : 'copy.err.lots', { max }) : null;
  const rounded = multiple && !error ? roundCopyMultiple(number) : number;
  const example =
    multiple && !error
      ? t('copy.exampleMultiple', { n: rounded, lots: (10 * Number(rounded)).toString() })
      : t('copy.exampleLots', { n: number || '--' });

  const submit = async () => {
    setTouched(true);
    if (error || !d) return;
    if (!agree) {
      Dialog.alert({ content: t('copy.err.agree'), confirmText: t('common.gotIt') });
      return;
    }
    const ok = await Dialog.confirm({
      title: t('copy.confirmTitle'),
      content: (
        <div data-testid="follow-confirm">
          <p>{t('copy.confirmTrader', { name: d.nickname })}</p>
          <p>{multiple ? t('copy.fixedMultipleOf', { n: rounded }) : t('copy.fixedLotsOf', { n: number })}</p>
          <p>{example}</p>
          <p>{t('copy.confirmBalance')}</p>
        </div>
      ),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    setPending(true);
    try {
      await follow(d.trader_user_id, type, rounded);
      toastSuccess(t('copy.followed'));
      navigate('/pages/copytrade/my', { replace: true });
    } catch {
      /* the client showed the message; the form keeps its input */
    } finally {
      setPending(false);
    }
  };

  if (failed)
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
            sub={t('copy.traderSummary', { profit: money(d.total_profit, 'USDT'), accuracy: d.accuracy })}
          />
        </div>
      ) : null}
      <div className={styles.form}>
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
              onClick={() => {
                setType(v);
                setNumber(v === COPY_TYPES.multiple ? '1' : '1');
              }}
            >
              {v === COPY_TYPES.multiple ? t('copy.fixedMultiple') : t('copy.fixedLots')}
            </button>
          ))}
        </div>
        <DecimalInput
          key={type}
          label={multiple ? t('copy.multipleLabel') : t('copy.lotsLabel')}
          value={number}
          onChange={setNumber}
          onBlur={() => setTouched(true)}
          decimals={COPY_LIMITS.numberDecimals}
          unit={multiple ? '×' : t('copy.lotsUnit')}
          error={touched ? error : null}
          data-testid="follow-number"
        />
        <p className={styles.hint}>{multiple ? t('copy.multipleHint') : t('copy.lotsHint')}</p>
        {!error ? (
          <p className={styles.hint} data-testid="follow-example">
            {example}
          </p>
        ) : null}
        <p className={styles.hint}>{t('copy.balanceHint')}</p>
        <label className={styles.agree}>
          <input
            type="checkbox"
            checked={agree}
            onChange={(e) => setAgree(e.target.checked)}
            data-testid="follow-agree"
          />
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
        <Button
          color="primary"
          size="large"
          block
          loading={pending}
          disabled={pending || !d}
          onClick={() => void submit()}
          data-testid="follow-submit"
        >
          {d?.my_state === 'following' ? t('copy.saveFollow') : t('copy.follow')}
        </Button>
      </div>
    </PageFrame>
  );
}
