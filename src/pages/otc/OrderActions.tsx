import { useState } from 'react';
import { Button, Dialog, Input, Rate, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { OTC_RULES, type OtcOrder } from '../../../core';
import { ImageField } from '../../components/form/ImageField';
import { uploadImage } from '../../api/profile';
import { appealOrder, cancelOrder, markPaid, rateOrder, releaseOrder } from '../../api/otc';
import { useAction } from '../../components/action/useAction';
import s from './otc.module.css';
import { useMoneyText, useQuantityText } from '../../components/Money';

/** What the reader can do now: pay with proof or cancel (buyer, unpaid), release (seller), appeal (paid), rate (taker). */
export function OrderActions({ o, onChanged }: { o: OtcOrder; onChanged: () => void }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const qty = useQuantityText();
  const [proof, setProof] = useState<string>();
  const { pending, run } = useAction(onChanged);
  const release = async (unpaid: boolean) => {
    let pw = '';
    const ok = await Dialog.confirm({
      // the dialog's accessible name (axe aria-dialog-name): its title
      'aria-label': t('otc.releaseTitle'),
      title: t('otc.releaseTitle'),
      content: (
        <div className={s.quote}>
          <span>
            {t(unpaid ? 'otc.releaseUnpaid' : 'otc.releaseNote', {
              fiat: `${money(o.fiat_amount, o.fiat)} ${o.fiat}`,
              coin: `${qty(o.coin_amount, OTC_RULES.coinDecimals)} ${o.coin}`,
            })}
          </span>
          <Input
            type="password"
            placeholder={t('otc.payPassword')}
            aria-label={t('otc.payPassword')}
            onChange={(v) => (pw = v)}
            data-testid="release-password"
          />
        </div>
      ),
      confirmText: t('otc.release'),
      cancelText: t('common.cancel'),
    });
    if (ok) await run(() => releaseOrder(o.id, pw, unpaid), t('otc.released'));
  };
  const appeal = async () => {
    let reason = '';
    const ok = await Dialog.confirm({
      'aria-label': t('otc.appeal'),
      title: t('otc.appeal'),
      content: (
        <TextArea
          rows={3}
          maxLength={500}
          placeholder={t('otc.appealReason')}
          aria-label={t('otc.appealReason')}
          onChange={(v) => (reason = v)}
          data-testid="appeal-reason"
        />
      ),
      confirmText: t('otc.appeal'),
      cancelText: t('common.cancel'),
    });
    if (ok) await run(() => appealOrder(o.id, reason), t('otc.appealed'));
  };
  const buyer = o.role === 'buyer';
  return (
    <section className={s.card} data-testid="otc-actions">
      {buyer && o.status === 'unpaid' ? (
        <>
          <span>{t('otc.payHint', { fiat: `${money(o.fiat_amount, o.fiat)} ${o.fiat}` })}</span>
          <ImageField upload={uploadImage} label={t('otc.proof')} testId="otc-proof" onChange={setProof} />
          <Button
            block
            color="primary"
            loading={pending}
            disabled={!proof}
            onClick={() => void run(() => markPaid(o.id, proof!), t('otc.markedPaid'))}
            data-testid="otc-paid"
          >
            {t('otc.markPaid')}
          </Button>
          <Button
            block
            fill="outline"
            disabled={pending}
            onClick={() => void run(() => cancelOrder(o.id), t('otc.cancelled'))}
            data-testid="otc-cancel"
          >
            {t('otc.cancelOrder')}
          </Button>
        </>
      ) : null}
      {!buyer && o.status === 'unpaid' ? (
        <>
          <span>{t('otc.waitPayment')}</span>
          <Button
            block
            fill="outline"
            disabled={pending}
            onClick={() => void release(true)}
            data-testid="otc-release-early"
          >
            {t('otc.releaseEarly')}
          </Button>
        </>
      ) : null}
      {!buyer && o.status === 'paid' ? (
        <Button block color="primary" loading={pending} onClick={() => void release(false)} data-testid="otc-release">
          {t('otc.confirmRelease')}
        </Button>
      ) : null}
      {buyer && o.status === 'paid' ? <span>{t('otc.waitRelease')}</span> : null}
      {o.status === 'paid' ? (
        <Button
          block
          fill="outline"
          color="danger"
          disabled={pending}
          onClick={() => void appeal()}
          data-testid="otc-appeal"
        >
          {t('otc.appeal')}
        </Button>
      ) : null}
      {o.status === 'appeal' ? <span data-testid="otc-under-appeal">{t('otc.underAppeal')}</span> : null}
      {o.resolution ? <span>{t('otc.resolution', { reason: o.resolution })}</span> : null}
      {o.can_rate ? (
        <div className={s.row}>
          <span>{t('otc.rate')}</span>
          <Rate
            allowClear={false}
            onChange={(v) => void run(() => rateOrder(o.id, v), t('otc.rated'))}
            aria-label={t('otc.rate')}
          />
        </div>
      ) : null}
      {o.rating ? <span>★ {o.rating}</span> : null}
      {['released', 'cancelled', 'refunded'].includes(o.status) && !o.can_rate && !o.rating ? (
        <span className={s.muted}>{t('otc.finished')}</span>
      ) : null}
    </section>
  );
}
