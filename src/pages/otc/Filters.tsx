import { useTranslation } from 'react-i18next';
import type { OtcConfig } from '../../api/otc';
import s from './otc.module.css';

function Chips<T extends string | number>({
  label,
  value,
  options,
  onPick,
  testId,
}: {
  label: string;
  value: T;
  options: { label: string; value: T }[];
  onPick: (v: T) => void;
  testId: string;
}) {
  return (
    <div className={s.chips} role="group" aria-label={label} data-testid={testId}>
      {options.map((o) => (
        <button
          key={String(o.value)}
          type="button"
          className={`${s.chip} ${o.value === value ? s.chipOn : ''}`}
          aria-pressed={o.value === value}
          onClick={() => onPick(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** The coin and the fiat currency a list or a quote is for: two rows of chips that scroll sideways. */
export function Filters({
  cfg,
  coin,
  fiat,
  onCoin,
  onFiat,
}: {
  cfg: OtcConfig;
  coin: number;
  fiat: string;
  onCoin: (id: number) => void;
  onFiat: (code: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={s.filters}>
      <Chips
        label={t('otc.coin')}
        value={coin}
        onPick={onCoin}
        options={cfg.coins.map((c) => ({ label: c.name, value: c.id }))}
        testId="otc-coin"
      />
      <Chips
        label={t('otc.fiat')}
        value={fiat}
        onPick={onFiat}
        options={cfg.fiats.map((f) => ({ label: f.currency_code, value: f.currency_code }))}
        testId="otc-fiat"
      />
    </div>
  );
}
