import { Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { OtcConfig } from '../../api/otc';
import s from './otc.module.css';

/** The coin and the fiat currency a list or a quote is for. */
export function Filters({ cfg, coin, fiat, onCoin, onFiat }: { cfg: OtcConfig; coin: number; fiat: string; onCoin: (id: number) => void; onFiat: (code: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className={s.filters}>
      <div role="group" aria-label={t('otc.coin')} data-testid="otc-coin">
        <Selector columns={4} value={[coin]} onChange={(v) => v[0] && onCoin(v[0])} options={cfg.coins.map((c) => ({ label: c.name, value: c.id }))} />
      </div>
      <div role="group" aria-label={t('otc.fiat')} data-testid="otc-fiat">
        <Selector columns={4} value={[fiat]} onChange={(v) => v[0] && onFiat(v[0])} options={cfg.fiats.map((f) => ({ label: f.currency_code, value: f.currency_code }))} />
      </div>
    </div>
  );
}
