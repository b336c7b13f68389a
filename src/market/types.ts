/**
 * What the main thread sees of the market. The row and bar shapes are defined once, by the worker's
 * contract (workers/api-types.ts), and re-exported here for the pages.
 */
import type { TickerRow } from '../../workers/public';

export type {
  BookPart,
  BookRow,
  BookSnapshot,
  BookTrade,
  BookView,
  PaintedBook,
  ChartBar,
  DepthGeometry,
  HistoryPayload,
  IndicatorLines,
  IndicatorSpec,
  PushedLines,
  MainIndicator,
  SubIndicator,
  LeverAccountInput,
  LoanInput,
  LoanLive,
  Period,
  PositionInput,
  PositionLive,
  PositionsLive,
  Snapshot,
  TickerRow,
  UserEvent,
  WatchView,
} from '../../workers/public';

export interface MarketState {
  tickers: Record<string, TickerRow>;
  /** socket connected and subscribed */
  connected: boolean;
  /** ms epoch of the last message from the server, any channel */
  lastHeardAt: number;
  /** streams (symbols, and `kline:<symbol>:<period>` for charts) silent past their cadence */
  stale: Record<string, true>;
}

/** What the screen shows; the worker sends snapshots only for this. */
export interface MarketView {
  /** symbols of the visible list, or 'all' */
  symbols: string[] | 'all';
  /** snapshot window, ms (default: the worker's base window); lists pass CONSTANTS.listSnapshotMs */
  throttleMs?: number;
}
