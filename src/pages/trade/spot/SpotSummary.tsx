import { useTranslation } from 'react-i18next';
import { useLiveFigures } from '../scaffold/useLiveFigures';
import { useNumberMarks } from '../../../components/number-marks';
import { withUnit, type SpotFigures } from './figures';
import type { SpotOrder } from './useSpotOrder';
import styles from '../components/trade-form.module.css';

/**
 * How often the estimates follow the price: once a second, the pace of a figure read while typing;
 * written into their nodes (useLiveFigures), as the pair header's price is.
 */
const LIVE_ESTIMATE_MS = 1000;

/** The estimated total (or, by quote, the amount it buys) and the fee, at the live price. */
export function SpotSummary({ o, symbol }: { o: SpotOrder; symbol: string }) {
  const { t } = useTranslation();
  const marks = useNumberMarks();
  const { byQuote, kind } = o.input;
  const { base, quote } = o.names;
  const texts = (f: SpotFigures) => [
    byQuote ? withUnit(f.baseAmount, base, marks) : withUnit(f.preview?.total, quote, marks),
    f.preview
      ? withUnit(f.preview.fee, quote, marks)
      : o.feeRate === '0'
        ? t('trade.zeroFee')
        : byQuote
          ? t('trade.feeIncluded')
          : '--',
  ];
  const shown = texts(o);
  // with no amount the total is a dash and the fee a fixed text at any price
  const [total, fee] = useLiveFigures(
    symbol,
    LIVE_ESTIMATE_MS,
    2,
    (last) => texts(o.at(last ?? o.live)),
    o.input.amount !== '',
  );
  return (
    <div className={styles.summary}>
      <div>
        <span>{byQuote ? t('trade.estAmount') : kind === 'market' ? t('trade.estTotal') : t('trade.total')}</span>
        <span ref={total} data-testid="order-total">
          {shown[0]}
        </span>
      </div>
      <div>
        <span>{t('trade.fee')}</span>
        <span ref={fee}>{shown[1]}</span>
      </div>
    </div>
  );
}
