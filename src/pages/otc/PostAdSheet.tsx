import { Button, Input, Popup, Selector, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { OTC_PAY_KINDS, OTC_RULES } from '../../../core';
import { DecimalInput } from '../../components/form';
import type { OtcConfig } from '../../api/otc';
import { usePostAd, type AdDraft, type SetAdField } from './usePostAd';
import s from './otc.module.css';

const WINDOWS = [15, 30, 45, 60];

interface FieldsProps {
  draft: AdDraft;
  set: SetAdField;
}

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
  const { draft, set, coinName, pending, submit } = usePostAd(cfg, onPosted);
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      <div className={s.sheet} data-testid="post-ad" role="dialog" aria-label={t('otc.postAd')}>
        <strong>{t('otc.postAd')}</strong>
        <AdMarketFields cfg={cfg} draft={draft} set={set} />
        <AdPriceField draft={draft} set={set} />
        <AdAmountFields draft={draft} set={set} coinName={coinName} />
        <AdTermsFields draft={draft} set={set} />
        <Button block color="primary" loading={pending} onClick={() => void submit()} data-testid="ad-submit">
          {t('otc.post')}
        </Button>
      </div>
    </Popup>
  );
}

function Group({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div role="group" aria-label={label}>
      <div className={s.muted}>{label}</div>
      {children}
    </div>
  );
}

/** side, coin, fiat and how the price is set */
function AdMarketFields({ cfg, draft, set }: FieldsProps & { cfg: OtcConfig }) {
  const { t } = useTranslation();
  return (
    <>
      <Group label={t('otc.side')}>
        <Selector
          columns={2}
          value={[draft.side]}
          onChange={(v) => v[0] && set('side', v[0])}
          options={[
            { label: t('otc.iSell'), value: 'sell' as const },
            { label: t('otc.iBuy'), value: 'buy' as const },
          ]}
        />
      </Group>
      <Group label={t('otc.coin')}>
        <Selector
          columns={4}
          value={[draft.coin]}
          onChange={(v) => v[0] && set('coin', v[0])}
          options={cfg.coins.map((c) => ({ label: c.name, value: c.id }))}
        />
      </Group>
      <Group label={t('otc.fiat')}>
        <Selector
          columns={4}
          value={[draft.fiat]}
          onChange={(v) => v[0] && set('fiat', v[0])}
          options={cfg.fiats.map((f) => ({ label: f.currency_code, value: f.currency_code }))}
        />
      </Group>
      <Group label={t('otc.priceType')}>
        <Selector
          columns={2}
          value={[draft.priceType]}
          onChange={(v) => v[0] && set('priceType', v[0])}
          options={[
            { label: t('otc.fixed'), value: 'fixed' as const },
            { label: t('otc.floatingLabel'), value: 'floating' as const },
          ]}
        />
      </Group>
    </>
  );
}

/** a fixed price, or a margin over the feed */
function AdPriceField({ draft, set }: FieldsProps) {
  const { t } = useTranslation();
  if (draft.priceType === 'fixed')
    return (
      <DecimalInput
        label={t('otc.price')}
        value={draft.price}
        onChange={(v) => set('price', v)}
        decimals={OTC_RULES.fiatDecimals}
        unit={draft.fiat}
        data-testid="ad-price"
      />
    );
  const label = t('otc.margin', { min: OTC_RULES.marginMin, max: OTC_RULES.marginMax });
  return (
    <label className={s.filters}>
      <span className={s.muted}>{label}</span>
      <Input
        value={draft.margin}
        onChange={(v) => set('margin', v)}
        inputMode="decimal"
        aria-label={label}
        data-testid="ad-margin"
      />
    </label>
  );
}

/** the total on offer and the per-order limits */
function AdAmountFields({ draft, set, coinName }: FieldsProps & { coinName: string }) {
  const { t } = useTranslation();
  return (
    <>
      <DecimalInput
        label={t('otc.totalAmount')}
        value={draft.total}
        onChange={(v) => set('total', v)}
        decimals={OTC_RULES.coinDecimals}
        unit={coinName}
        data-testid="ad-total"
      />
      {draft.side === 'sell' ? <span className={s.muted}>{t('otc.heldNote')}</span> : null}
      <DecimalInput
        label={t('otc.minOrder')}
        value={draft.min}
        onChange={(v) => set('min', v)}
        decimals={OTC_RULES.fiatDecimals}
        unit={draft.fiat}
        data-testid="ad-min"
      />
      <DecimalInput
        label={t('otc.maxOrder')}
        value={draft.max}
        onChange={(v) => set('max', v)}
        decimals={OTC_RULES.fiatDecimals}
        unit={draft.fiat}
        data-testid="ad-max"
      />
    </>
  );
}

/** payment kinds, the payment window and the merchant's terms */
function AdTermsFields({ draft, set }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Group label={t('otc.payKinds')}>
        <Selector
          multiple
          columns={2}
          value={draft.kinds}
          onChange={(v) => set('kinds', v)}
          options={OTC_PAY_KINDS.map((k) => ({ label: t(`otc.kind.${k}`), value: k }))}
        />
      </Group>
      <Group label={t('otc.windowLabel')}>
        <Selector
          columns={4}
          value={[draft.win]}
          onChange={(v) => v[0] && set('win', v[0])}
          options={WINDOWS.map((w) => ({ label: t('otc.window', { n: w }), value: w }))}
        />
      </Group>
      <TextArea
        value={draft.terms}
        onChange={(v) => set('terms', v)}
        rows={2}
        maxLength={500}
        placeholder={t('otc.terms')}
        aria-label={t('otc.terms')}
      />
    </>
  );
}
