import { useTranslation } from 'react-i18next';
import { Num } from '../../../components/Num';
import type { LeverRisk } from './useLeverRisk';
import styles from '../trade.module.css';

const pct = (v: string | null | undefined) =>
  v ? <Num value={v} suffix="%" tint={false} format="price" decimals={2} /> : '--';

/** The futures account under the pair header: equity, unrealised P&L, margin ratio and risk rate. */
export function LeverAccountBar({ risk }: { risk: LeverRisk }) {
  const { t } = useTranslation();
  return (
    <div className={styles.account} data-testid="lever-account">
      <div>
        <span>{t('trade.lever.equity')}</span>
        <span>
          <Num value={risk.equity} />
        </span>
      </div>
      <div>
        <span>{t('trade.lever.unrealised')}</span>
        <span>
          <Num value={risk.unrealised} signed />
        </span>
      </div>
      <div>
        <span>{t('trade.lever.marginRatio')}</span>
        <span data-testid="margin-ratio">{pct(risk.ratio)}</span>
      </div>
      <div>
        <span>{t('trade.lever.riskRate')}</span>
        <span data-testid="risk-rate">{pct(risk.riskRate)}</span>
      </div>
    </div>
  );
}
