import type { ReactNode } from 'react';
import { FileOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { pathOf } from '../../../nav/paths';
import { PageFrame } from '../../../components/PageFrame';
import { OrderBook } from '../../../components/book/OrderBook';
import { ChartPanel } from '../components/ChartPanel';
import { PairHeader } from '../components/PairHeader';
import { KIND_ROUTES, TradeTabs, type TradeKind } from '../components/TradeTabs';
import type { PairState } from '../components/usePair';
import styles from '../trade.module.css';

export interface TradeScreenProps {
  kind: TradeKind;
  title: string;
  pair: PairState;
  /** the header's icon to this kind's order history (a route name) */
  orders?: { label: string; route: string };
  /** between the header and the chart (the futures account) */
  account?: ReactNode;
  form: ReactNode;
  /** the book beside the form, a tapped price going to the form; without it the form takes the width */
  book?: { rows?: number; onPick: (price: string) => void };
  /** the screen's lists and sheets, under the form */
  children?: ReactNode;
}

/** The trade screens' one frame: kind tabs, pair header, chart panel, the form (the book beside it), the lists. */
export function TradeScreen({ kind, title, pair, orders, account, form, book, children }: TradeScreenProps) {
  const navigate = useNavigate();
  const ordersLink = orders ? (
    <button
      type="button"
      className={styles.iconBtn}
      aria-label={orders.label}
      onClick={() => navigate(pathOf(orders.route))}
    >
      <FileOutline aria-hidden />
    </button>
  ) : undefined;
  return (
    <PageFrame title={title} back={false}>
      <TradeTabs active={kind} symbol={pair.symbol} />
      <PairHeader pair={pair} back={KIND_ROUTES[kind]} right={ordersLink} />
      {account}
      <ChartPanel symbol={pair.symbol} precision={pair.priceDecimals} />
      {book ? (
        <div className={styles.split}>
          {form}
          <OrderBook symbol={pair.symbol} priceDecimals={pair.priceDecimals} rows={book.rows} onPick={book.onPick} />
        </div>
      ) : (
        form
      )}
      {children}
    </PageFrame>
  );
}
