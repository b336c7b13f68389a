import { Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../../components/form';
import { SideButtons } from '../scaffold/SideButtons';
import type { SecondsOrderState } from './useSecondsOrder';
import fs from '../components/trade-form.module.css';
import ss from '../components/seconds.module.css';

/** profit_ratio arrives in percent (WIRE.md) */
export const pct = (percent: string) => `${percent}%`;

/** Duration with its profit ratio, the stake's currency and amount, then up or down. */
export function SecondsForm({ o }: { o: SecondsOrderState }) {
  const { t } = useTranslation();
  const { form, setup } = o;
  const { configs, payable, cfg, unit } = setup;
  return (
    <form className={fs.form} aria-label={t('trade.seconds.form')} onSubmit={(e) => e.preventDefault()} noValidate>
      <div className={fs.fieldLabel} id="dur-label">
        {t('trade.seconds.duration')}
      </div>
      <div className={ss.configs} role="radiogroup" aria-labelledby="dur-label">
        {configs.map((c) => (
          <button
            key={c.id}
            type="button"
            role="radio"
            aria-checked={c.id === setup.configId}
            className={`${ss.config} ${c.id === setup.configId ? ss.configOn : ''}`}
            data-testid={`seconds-${c.seconds}`}
            onClick={() => setup.setConfigId(c.id)}
          >
            <span className={ss.configSec}>{c.seconds}s</span>
            <span className={ss.configPct}>{t('trade.seconds.profitRatio', { pct: pct(c.profit_ratio) })}</span>
          </button>
        ))}
      </div>
      {payable.length > 1 ? (
        <>
          <div className={fs.fieldLabel}>{t('trade.seconds.stakeCurrency')}</div>
          <Selector
            className={ss.selector}
            columns={4}
            value={setup.currencyId ? [setup.currencyId] : []}
            onChange={(v) => v[0] && setup.setCurrencyId(v[0])}
            options={payable.map((p) => ({ label: p.name, value: p.id }))}
          />
        </>
      ) : null}
      <AmountField
        label={t('trade.seconds.stake')}
        value={o.stake}
        onChange={o.setStake}
        decimals={setup.stakeDecimals}
        unit={unit}
        maxAmount={form.token ? setup.maxStake : undefined}
        available={form.token ? setup.available : undefined}
        availableUnit={unit}
        error={o.stakeError}
        onBlur={() => o.stake && form.setTouched(true)}
        data-testid="stake-input"
      />
      {cfg ? (
        <div className={ss.range}>{t('trade.seconds.range', { min: cfg.min_amount, max: cfg.max_amount })}</div>
      ) : null}
      <SideButtons
        loggedIn={!!form.token}
        disabled={form.pending || (!!form.token && !cfg)}
        buy={{ label: t('trade.seconds.buyUp'), testId: 'seconds-up', onClick: () => o.start('up') }}
        sell={{ label: t('trade.seconds.buyDown'), testId: 'seconds-down', onClick: () => o.start('down') }}
      />
    </form>
  );
}
