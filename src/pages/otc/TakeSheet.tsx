import { useState } from 'react';
import { Button, Popup, Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { OTC_RULES, orderAmounts, parseOtcAmount, type OtcAd } from '../../../core';
import { DecimalInput } from '../../components/form';
import { openOrder } from '../../api/otc';
import s from './otc.module.css';
import { Money, useMoneyText, useQuantityText } from '../../components/Money';

/** Taking an ad: the amount in fiat or in coin, the other one computed by core's formula, then the order. */
export function TakeSheet({
  ad,
  onClose,
  onOpened,
}: {
  ad: OtcAd | null;
  onClose: () => void;
  onOpened: (orderId: number) => void;
}) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const qty = useQuantityText();
  const [unit, setUnit] = useState<'fiat' | 'coin'>('fiat');
  const [amount, setAmount] = useState('');
  const [pending, setPending] = useState(false);
  const decimals = unit === 'fiat' ? OTC_RULES.fiatDecimals : OTC_RULES.coinDecimals;
  const valid = ad?.price ? parseOtcAmount(amount, decimals) : null;
  const preview = ad?.price && valid ? orderAmounts(ad.price, unit, valid) : null;
  const userBuys = ad?.side === 'sell';
  const submit = async () => {
    if (!ad || !valid) return;
    setPending(true);
    try {
      const o = await openOrder(ad.id, valid, unit);
      setAmount('');
      onOpened(o.id);
    } catch {
      /* the client toasted the server's words */
    } finally {
      setPending(false);
    }
  };
  return (
    <Popup visible={!!ad} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      {ad ? (
        <div
          className={s.sheet}
          data-testid="take-sheet"
          role="dialog"
          aria-label={t(userBuys ? 'otc.buyCoin' : 'otc.sellCoin', { coin: ad.coin })}
        >
          <div className={s.head}>
            <strong>{t(userBuys ? 'otc.buyCoin' : 'otc.sellCoin', { coin: ad.coin })}</strong>
            <span className={s.price}>
              <Money value={ad.price} asset={ad.fiat} unit />
            </span>
          </div>
          <div className={s.muted}>
            {ad.merchant} ·{' '}
            {t('otc.limits', { min: money(ad.min_fiat, ad.fiat), max: money(ad.max_fiat, ad.fiat), fiat: ad.fiat })}
          </div>
          <div role="group" aria-label={t('otc.unit')}>
            <Selector
              columns={2}
              value={[unit]}
              onChange={(v) => {
                if (v[0]) {
                  setUnit(v[0]);
                  setAmount('');
                }
              }}
              options={[
                { label: t('otc.byFiat', { fiat: ad.fiat }), value: 'fiat' as const },
                { label: t('otc.byCoin', { coin: ad.coin }), value: 'coin' as const },
              ]}
            />
          </div>
          <DecimalInput
            label={t('otc.amount')}
            value={amount}
            onChange={setAmount}
            decimals={decimals}
            unit={unit === 'fiat' ? ad.fiat : ad.coin}
            data-testid="take-amount"
          />
          <div className={s.row} data-testid="take-preview">
            <span>
              {userBuys ? t('otc.youPay') : t('otc.youGet')}:{' '}
              {preview ? `${money(preview.fiat, ad.fiat)} ${ad.fiat}` : '—'}
            </span>
            <span>
              {userBuys ? t('otc.youGet') : t('otc.youSend')}:{' '}
              {preview ? `${qty(preview.coin, OTC_RULES.coinDecimals)} ${ad.coin}` : '—'}
            </span>
          </div>
          <div className={s.muted}>{t('otc.takeNote', { n: ad.window_min })}</div>
          {ad.terms ? (
            <div className={s.muted}>
              {t('otc.terms')}: {ad.terms}
            </div>
          ) : null}
          <Button
            block
            color="primary"
            loading={pending}
            disabled={!preview}
            onClick={() => void submit()}
            data-testid="take-submit"
          >
            {t(userBuys ? 'otc.buyCoin' : 'otc.sellCoin', { coin: ad.coin })}
          </Button>
        </div>
      ) : null}
    </Popup>
  );
}
