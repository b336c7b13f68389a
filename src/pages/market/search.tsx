import { CONSTANTS } from '../../../core';
import { memo, useEffect, useMemo, useRef } from 'react';
import { Button, ErrorBlock, SearchBar, Skeleton, type SearchBarRef } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useMarketView } from '../../market';
import { PageFrame } from '../../components/PageFrame';
import { Num } from '../../components/Num';
import { ChangePill } from '../../components/market/ChangePill';
import { useLiveQuote } from '../../components/market/useLiveQuote';
import { loadPairs, pairs } from '../../market/pairs';
import { session } from '../../stores/session';
import type { Quote } from '../../api/market';
import { StarButton } from './StarButton';
import { loadFavourites } from './favourites';
import { clearRecent, recent } from './recent';
import { hotPairs } from './hot';
import { matchPairs } from './search-match';
import { detailPath } from '../../nav/paths';
import styles from './search.module.css';

/** Rows streamed at most: results beyond this still show their REST snapshot figures. */
const WATCH_MAX = 30;

/** One result: the pair (opens its detail) beside its own star — two buttons, never nested. */
const ResultRow = memo(function ResultRow({
  quote,
  rank,
  onOpen,
}: {
  quote: Quote;
  rank?: number;
  onOpen: (s: string) => void;
}) {
  const live = useLiveQuote(quote);
  return (
    <li className={styles.row} data-symbol={quote.symbol}>
      <button
        type="button"
        className={`${styles.open} ${rank !== undefined ? styles.ranked : ''}`}
        onClick={() => onOpen(quote.symbol)}
      >
        {rank !== undefined && <span className={`${styles.rank} ${rank <= 3 ? styles.top : ''}`}>{rank}</span>}
        <span className={styles.pair}>
          <span className={styles.base}>{quote.base}</span>
          <span className={styles.quote}>/{quote.quote}</span>
        </span>
        <Num
          className={styles.last}
          value={live.last}
          format="price"
          decimals={quote.price_decimals}
          align="right"
          stale={live.stale}
          data-testid="last-price"
        />
        <span className={styles.change}>
          <ChangePill pct={live.changePct} stale={live.stale} />
        </span>
      </button>
      <StarButton pair={quote} />
    </li>
  );
});

export default function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const { list, bySymbol, status } = useSnapshot(pairs);
  const { symbols: recentSymbols } = useSnapshot(recent);
  const { token } = useSnapshot(session);
  const input = useRef<SearchBarRef>(null);

  useEffect(() => {
    void loadPairs();
    input.current?.focus();
  }, []);
  useEffect(() => {
    if (token) void loadFavourites();
  }, [token]);

  const all = list as Quote[];
  const results = useMemo(() => matchPairs(all, q), [all, q]);
  const hot = useMemo(() => hotPairs(all), [all]);
  const recentQuotes = useMemo(
    () => recentSymbols.map((s) => bySymbol[s] as Quote | undefined).filter((x): x is Quote => !!x),
    [recentSymbols, bySymbol],
  );

  const shown = q.trim() ? results : hot;
  const watched = useMemo(() => shown.slice(0, WATCH_MAX).map((x) => x.symbol), [shown]);
  useMarketView({ symbols: watched, throttleMs: CONSTANTS.listSnapshotMs });

  const open = (symbol: string) => navigate(detailPath(symbol));
  const setQ = (v: string) => setParams(v ? { q: v } : {}, { replace: true });

  let body;
  if (status === 'error' && all.length === 0) {
    body = (
      <ErrorBlock status="disconnected" title={t('common.loadFailed')} description="">
        <Button color="primary" onClick={() => void loadPairs(true)}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  } else if (all.length === 0) {
    body = (
      <div className={styles.pad} aria-busy="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  } else if (q.trim()) {
    body =
      results.length === 0 ? (
        <ErrorBlock status="empty" title={t('market.noMatch', { q: q.trim() })} description={t('market.noMatchHint')} />
      ) : (
        <ul className={styles.list} aria-label={t('market.results')} data-testid="search-results">
          {results.map((x) => (
            <ResultRow key={x.symbol} quote={x} onOpen={open} />
          ))}
        </ul>
      );
  } else {
    body = (
      <>
        {recentQuotes.length > 0 && (
          <section className={styles.section} aria-labelledby="recent-title" data-testid="recent">
            <div className={styles.sectionHead}>
              <h2 id="recent-title" className={styles.h2}>
                {t('market.recent')}
              </h2>
              <button type="button" className={styles.clear} onClick={clearRecent}>
                {t('market.clear')}
              </button>
            </div>
            <div className={styles.chips}>
              {recentQuotes.map((x) => (
                <button key={x.symbol} type="button" className={styles.chip} onClick={() => open(x.symbol)}>
                  {x.symbol}
                </button>
              ))}
            </div>
          </section>
        )}
        <section className={styles.section} aria-labelledby="hot-title" data-testid="hot">
          <div className={styles.sectionHead}>
            <h2 id="hot-title" className={styles.h2}>
              {t('market.hot')}
            </h2>
            <span className={styles.note}>{t('market.hotNote')}</span>
          </div>
          <ul className={styles.list} aria-labelledby="hot-title">
            {hot.map((x, i) => (
              <ResultRow key={x.symbol} quote={x} rank={i + 1} onOpen={open} />
            ))}
          </ul>
        </section>
      </>
    );
  }

  return (
    <PageFrame title={t('route.market.search')}>
      <div className={styles.bar}>
        <SearchBar
          ref={input}
          placeholder={t('market.searchPlaceholder')}
          value={q}
          onChange={setQ}
          aria-label={t('market.searchPlaceholder')}
          clearable
        />
      </div>
      {body}
    </PageFrame>
  );
}
