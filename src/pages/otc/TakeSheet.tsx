import { Button, Popup, Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { OTC_RULES, type OtcAd } from '../../../core';
import { DecimalInput } from '../../components/form';
import { useTakeOrder } from './useTakeOrder';
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
  const take = useTakeOrder(ad, onOpened);
  const userBuys = ad?.side === 'sell';
  return (
    <Popup visible={!!ad} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      {ad ? (
        <div
          className={s.sheet}
          data-testid="take-sheet"
          role="dialog"
          aria-label={t(userBuys ? 'otc.buyCoin' : 'otc.sellCoin', { coin: ad.coin })}
        >
          <TakeHead ad={ad} userBuys={userBuys} />
          <div role="group" aria-label={t('otc.unit')}>
            <Selector
              columns={2}
              value={[take.unit]}
              onChange={(v) => take.pickUnit(v[0])}
              options={[
                { label: t('otc.byFiat', { fiat: ad.fiat }), value: 'fiat' as const },
                { label: t('otc.byCoin', { coin: ad.coin }), value: 'coin' as const },
              ]}
            />
          </div>
          <DecimalInput
            label={t('otc.amount')}
            value={take.amount}
            onChange={take.setAmount}
            decimals={take.decimals}
            unit={take.unit === 'fiat' ? ad.fiat : ad.coin}
            data-testid="take-amount"
          />
          <TakePreview ad={ad} userBuys={userBuys} preview={take.preview} />
          <div className={s.muted}>{t('otc.takeNote', { n: ad.window_min })}</div>
          {ad.terms ? (
            <div className={s.muted}>
              {t('otc.terms')}: {ad.terms}
            </div>
          ) : null}
          <Button
            block
            color="primary"
            loading={take.pending}
            disabled={!take.preview}
            onClick={() => void take.submit()}
            data-testid="take-submit"
          >
            {t(userBuys ? 'otc.buyCoin' : 'otc.sellCoin', { coin: ad.coin })}
          </Button>
        </div>
      ) : null}
    </Popup>
  );
}

/** the ad's price, merchant and per-order limits */
function TakeHead({ ad, userBuys }: { ad: OtcAd; userBuys: boolean }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  return (
    <>
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
    </>
  );
}

interface TakePreviewProps {
  ad: OtcAd;
  userBuys: boolean;
  preview: { fiat: string; coin: string } | null;
}

/** both sides of the order the amount would open */
function TakePreview({ ad, userBuys, preview }: TakePreviewProps) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const qty = useQuantityText();
  return (
    <div className={s.row} data-testid="take-preview">
      <span>
        {userBuys ? t('otc.youPay') : t('otc.youGet')}: {preview ? `${money(preview.fiat, ad.fiat)} ${ad.fiat}` : '—'}
      </span>
      <span>
        {userBuys ? t('otc.youGet') : t('otc.youSend')}:{' '}
        {preview ? `${qty(preview.coin, OTC_RULES.coinDecimals)} ${ad.coin}` : '—'}
      </span>
    </div>
  );
}
