import { useState } from 'react';
import { Button, Input, Popup, Selector, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { OTC_PAY_KINDS, OTC_RULES, type OtcPayKind } from '../../../core';
import { DecimalInput } from '../../components/form';
import { postAd, type OtcConfig } from '../../api/otc';
import s from './otc.module.css';

const WINDOWS = [15, 30, 45, 60];

/** A merchant's new ad: side, coin, fiat, fixed price or margin over the feed, total, per-order limits, payment kinds, window, terms. */
export function PostAdSheet({
  cfg,
  visible,
  onClose,
  onPosted,
}: {
  cfg: OtcConfig;
  visible: boolean;
  onClose: () => void;
  onPosted: () => void;
}) {
  const { t } = useTranslation();
  const [side, setSide] = useState<'sell' | 'buy'>('sell');
  const [coin, setCoin] = useState(cfg.coins.find((c) => c.name === 'USDT')?.id ?? cfg.coins[0]?.id ?? 0);
  const [fiat, setFiat] = useState(cfg.fiats[0]?.currency_code ?? 'USD');
  const [priceType, setPriceType] = useState<'fixed' | 'floating'>('fixed');
  const [price, setPrice] = useState('');
  const [margin, setMargin] = useState('0');
  const [total, setTotal] = useState('');
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const [kinds, setKinds] = useState<OtcPayKind[]>(['bank']);
  const [win, setWin] = useState(15);
  const [terms, setTerms] = useState('');
  const [pending, setPending] = useState(false);
  const coinName = cfg.coins.find((c) => c.id === coin)?.name ?? '';
  const submit = async () => {
    setPending(true);
    try {
      await postAd({
        side,
        coin_id: coin,
        fiat,
        price_type: priceType,
        ...(priceType === 'fixed' ? { fixed_price: price } : { margin }),
        total,
        min_fiat: min,
        max_fiat: max,
        pay_kinds: kinds.join(','),
        window_min: win,
        terms,
      });
      onPosted();
    } catch {
      /* toasted */
    } finally {
      setPending(false);
    }
  };
  const group = (label: string, node: React.ReactNode) => (
    <div role="group" aria-label={label}>
      <div className={s.muted}>{label}</div>
      {node}
    </div>
  );
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      <div className={s.sheet} data-testid="post-ad" role="dialog" aria-label={t('otc.postAd')}>
        <strong>{t('otc.postAd')}</strong>
        {group(
          t('otc.side'),
          <Selector
            columns={2}
            value={[side]}
            onChange={(v) => v[0] && setSide(v[0])}
            options={[
              { label: t('otc.iSell'), value: 'sell' as const },
              { label: t('otc.iBuy'), value: 'buy' as const },
            ]}
          />,
        )}
        {group(
          t('otc.coin'),
          <Selector
            columns={4}
            value={[coin]}
            onChange={(v) => v[0] && setCoin(v[0])}
            options={cfg.coins.map((c) => ({ label: c.name, value: c.id }))}
          />,
        )}
        {group(
          t('otc.fiat'),
          <Selector
            columns={4}
            value={[fiat]}
            onChange={(v) => v[0] && setFiat(v[0])}
            options={cfg.fiats.map((f) => ({ label: f.currency_code, value: f.currency_code }))}
          />,
        )}
        {group(
          t('otc.priceType'),
          <Selector
            columns={2}
            value={[priceType]}
            onChange={(v) => v[0] && setPriceType(v[0])}
            options={[
              { label: t('otc.fixed'), value: 'fixed' as const },
              { label: t('otc.floatingLabel'), value: 'floating' as const },
            ]}
          />,
        )}
        {priceType === 'fixed' ? (
          <DecimalInput
            label={t('otc.price')}
            value={price}
            onChange={setPrice}
            decimals={OTC_RULES.fiatDecimals}
            unit={fiat}
            data-testid="ad-price"
          />
        ) : (
          <label className={s.filters}>
            <span className={s.muted}>{t('otc.margin', { min: OTC_RULES.marginMin, max: OTC_RULES.marginMax })}</span>
            <Input
              value={margin}
              onChange={setMargin}
              inputMode="decimal"
              aria-label={t('otc.margin', { min: OTC_RULES.marginMin, max: OTC_RULES.marginMax })}
              data-testid="ad-margin"
            />
          </label>
        )}
        <DecimalInput
          label={t('otc.totalAmount')}
          value={total}
          onChange={setTotal}
          decimals={OTC_RULES.coinDecimals}
          unit={coinName}
          data-testid="ad-total"
        />
        {side === 'sell' ? <span className={s.muted}>{t('otc.heldNote')}</span> : null}
        <DecimalInput
          label={t('otc.minOrder')}
          value={min}
          onChange={setMin}
          decimals={OTC_RULES.fiatDecimals}
          unit={fiat}
          data-testid="ad-min"
        />
        <DecimalInput
          label={t('otc.maxOrder')}
          value={max}
          onChange={setMax}
          decimals={OTC_RULES.fiatDecimals}
          unit={fiat}
          data-testid="ad-max"
        />
        {group(
          t('otc.payKinds'),
          <Selector
            multiple
            columns={2}
            value={kinds}
            onChange={(v) => setKinds(v)}
            options={OTC_PAY_KINDS.map((k) => ({ label: t(`otc.kind.${k}`), value: k }))}
          />,
        )}
        {group(
          t('otc.windowLabel'),
          <Selector
            columns={4}
            value={[win]}
            onChange={(v) => v[0] && setWin(v[0])}
            options={WINDOWS.map((w) => ({ label: t('otc.window', { n: w }), value: w }))}
          />,
        )}
        <TextArea
          value={terms}
          onChange={setTerms}
          rows={2}
          maxLength={500}
          placeholder={t('otc.terms')}
          aria-label={t('otc.terms')}
        />
        <Button block color="primary" loading={pending} onClick={() => void submit()} data-testid="ad-submit">
          {t('otc.post')}
        </Button>
      </div>
    </Popup>
  );
}
