import { memo } from 'react';
import { Button, ErrorBlock, SearchBar, Skeleton } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { Num } from '../../components/Num';
import { ChangePill } from '../../components/market/ChangePill';
import { useLiveQuote } from '../../components/market/useLiveQuote';
import { loadPairs } from '../../market/pairs';
import type { Quote } from '../../api/market';
import { StarButton } from './StarButton';
import { clearRecent } from './recent';
import { detailPath } from '../../nav/paths';
import { useSearchPage } from './useSearchPage';
import styles from './search.module.css';

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
  const { q, setQ, input, all, status, results, hot, recentQuotes } = useSearchPage();
  const open = (symbol: string) => navigate(detailPath(symbol));

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
        {recentQuotes.length > 0 && <RecentSection quotes={recentQuotes} onOpen={open} />}
        <HotSection quotes={hot} onOpen={open} />
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

interface SectionProps {
  quotes: Quote[];
  onOpen: (symbol: string) => void;
}

/** the pairs opened lately, as chips, with a way to forget them */
function RecentSection({ quotes, onOpen }: SectionProps) {
  const { t } = useTranslation();
  return (
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
        {quotes.map((x) => (
          <button key={x.symbol} type="button" className={styles.chip} onClick={() => onOpen(x.symbol)}>
            {x.symbol}
          </button>
        ))}
      </div>
    </section>
  );
}

/** the hot pairs, ranked */
function HotSection({ quotes, onOpen }: SectionProps) {
  const { t } = useTranslation();
  return (
    <section className={styles.section} aria-labelledby="hot-title" data-testid="hot">
      <div className={styles.sectionHead}>
        <h2 id="hot-title" className={styles.h2}>
          {t('market.hot')}
        </h2>
        <span className={styles.note}>{t('market.hotNote')}</span>
      </div>
      <ul className={styles.list} aria-labelledby="hot-title">
        {quotes.map((x, i) => (
          <ResultRow key={x.symbol} quote={x} rank={i + 1} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}
