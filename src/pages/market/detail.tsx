import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { proxy, useSnapshot } from 'valtio';
import { Ohlc } from './ohlc';
import type { ChartBar } from '../../market/types';
import { PageFrame } from '../../components/PageFrame';
import { KLineChart, CHART_PERIODS, pairChartHeight, type ChartPeriod } from '../../components/kline/KLineChart';
import { IndicatorPicker, useIndicatorSpec } from '../../components/kline/IndicatorPicker';
import { useFullscreen } from './fullscreen';
import { loadPairs, pairs } from '../../market/pairs';
import { session } from '../../stores/session';
import { PATHS, tradePath } from '../../nav/paths';
import type { Quote } from '../../api/market';
import { StarButton } from './StarButton';
import { MarketTabs } from './MarketTabs';
import { loadFavourites } from './favourites';
import { rememberView } from './recent';
import { Summary } from './summary';
import styles from './detail.module.css';

// Home and Markets build the spare chart through this page's import, at idle (src/pages/market/spareAhead.ts).
export { prepareSpareChartAhead } from '../../components/kline/spare';

const PERIOD_KEY = 'market.period';

function savedPeriod(): ChartPeriod {
  try {
    const p = localStorage.getItem(PERIOD_KEY);
    return CHART_PERIODS.some((x) => x.value === p) ? (p as ChartPeriod) : '15min';
  } catch {
    return '15min';
  }
}

/**
 * The trading pair view (route market/detail?symbol=BTC/USDT, our addition to spec §2): last price,
 * today's change, 24 h high/low/volume, the selected candle's open/high/low/close, the K-line with
 * its periods and the time-share line, the book / depth / trades tabs, a favourite star, and Buy/Sell
 * into the Trade tab.
 */
export default function DetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const symbol = (params.get('symbol') ?? '').toUpperCase();
  const periodParam = params.get('period');
  const period: ChartPeriod = CHART_PERIODS.some((x) => x.value === periodParam)
    ? (periodParam as ChartPeriod)
    : savedPeriod();
  const { bySymbol, status } = useSnapshot(pairs);
  const { token } = useSnapshot(session);
  const quote = bySymbol[symbol] as Quote | undefined;

  useEffect(() => {
    void loadPairs();
  }, []);
  useEffect(() => {
    if (token) void loadFavourites();
  }, [token]);
  useEffect(() => {
    if (quote) rememberView(quote.symbol);
  }, [quote]);

  const setPeriod = (p: ChartPeriod) => {
    try {
      localStorage.setItem(PERIOD_KEY, p);
    } catch {
      /* private mode: the URL still carries it */
    }
    setParams({ symbol, period: p }, { replace: true });
  };

  if (!quote) {
    const unknown = status === 'ready' || status === 'error';
    return (
      <PageFrame title={symbol || t('route.market.detail')}>
        {unknown ? (
          <ErrorBlock status="empty" title={t('market.pairNotFound')} description="">
            <Button color="primary" onClick={() => navigate(PATHS.market, { replace: true })}>
              {t('market.toMarkets')}
            </Button>
          </ErrorBlock>
        ) : (
          <div className={styles.pad} aria-busy="true">
            <Skeleton.Paragraph lineCount={6} animated />
          </div>
        )}
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title={
        <span className={styles.title}>
          {quote.base}
          <span className={styles.titleQuote}>/{quote.quote}</span>
        </span>
      }
      right={<StarButton pair={quote} />}
      bodyClassName={styles.body}
    >
      <Summary quote={quote} />
      <ChartBlock key={quote.symbol} quote={quote} period={period} onPeriod={setPeriod} />
      <MarketTabs symbol={quote.symbol} priceDecimals={quote.price_decimals} />
      <div className={styles.actions}>
        <Button className={`${styles.trade} ${styles.buy}`} onClick={() => navigate(tradePath(quote.symbol, 'buy'))}>
          {t('market.buy')}
        </Button>
        <Button className={`${styles.trade} ${styles.sell}`} onClick={() => navigate(tradePath(quote.symbol, 'sell'))}>
          {t('market.sell')}
        </Button>
      </div>
    </PageFrame>
  );
}

/** Period switcher, the OHLC readout of the selected candle and the chart. */
function ChartBlock({
  quote,
  period,
  onPeriod,
}: {
  quote: Quote;
  period: ChartPeriod;
  onPeriod: (p: ChartPeriod) => void;
}) {
  const { t } = useTranslation();
  // The readout lives in its own tiny store so a new bar re-renders the readout, not the chart.
  const [readout] = useState(() => proxy<{ bar: ChartBar | null }>({ bar: null }));
  const onBar = useCallback(
    (bar: ChartBar | null) => {
      readout.bar = bar;
    },
    [readout],
  );
  useEffect(() => {
    readout.bar = null;
  }, [period, readout]);
  const periods = useMemo(() => CHART_PERIODS, []);
  const [height] = useState(pairChartHeight);
  const [spec, setSpec] = useIndicatorSpec();
  const full = useFullscreen();
  return (
    <section
      className={`${styles.chartBlock} ${full.on ? styles.full : ''}`}
      aria-label={t('market.chart')}
      data-fullscreen={full.on}
    >
      <div className={styles.periods} role="group" aria-label={t('market.period')}>
        {periods.map((p) => (
          <button
            key={p.value}
            type="button"
            className={`${styles.period} ${p.value === period ? styles.periodOn : ''}`}
            aria-pressed={p.value === period}
            data-testid={`period-${p.value}`}
            onClick={() => onPeriod(p.value)}
          >
            {t(p.label)}
          </button>
        ))}
        <button
          type="button"
          className={styles.period}
          data-testid="chart-fullscreen"
          aria-pressed={full.on}
          onClick={full.toggle}
        >
          {full.on ? t('kline.exitFullscreen') : t('kline.fullscreen')}
        </button>
      </div>
      <Ohlc store={readout} decimals={quote.price_decimals} />
      <KLineChart
        symbol={quote.symbol}
        period={period}
        height={full.on ? full.height : height}
        precision={quote.price_decimals}
        onBar={onBar}
        indicators={spec}
      />
      <IndicatorPicker spec={spec} onChange={setSpec} />
    </section>
  );
}
