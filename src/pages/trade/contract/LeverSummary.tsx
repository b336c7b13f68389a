import { useTranslation } from 'react-i18next';
import { useLiveFigures } from '../scaffold/useLiveFigures';
import type { LeverFigures } from './leverFigures';
import type { LeverOrder } from './useLeverOrder';
import styles from '../components/trade-form.module.css';

/** How often the margin and fee follow the price (as the spot form's estimates). */
const LIVE_ESTIMATE_MS = 1000;

/** Margin and opening fee at the expected entry; exact figures: this is what will be locked and charged. */
export function LeverSummary({ o, quote }: { o: LeverOrder; quote: string }) {
  const { t } = useTranslation();
  const amt = (v: string | null | undefined) => (v ? `${v} ${quote}` : '--');
  const texts = (f: LeverFigures) => [amt(f.preview?.margin), amt(f.preview?.fee)];
  const shown = texts(o);
  const [margin, fee] = useLiveFigures(o.symbol, LIVE_ESTIMATE_MS, 2, (last) => texts(o.at(last)));
  return (
    <div className={styles.summary}>
      <div>
        <span>{t('trade.lever.margin')}</span>
        <span ref={margin} data-testid="margin-preview">
          {shown[0]}
        </span>
      </div>
      <div>
        <span>{t('trade.lever.openingFee')}</span>
        <span ref={fee} data-testid="fee-preview">
          {shown[1]}
        </span>
      </div>
    </div>
  );
}
