/**
 * The contract between the market-data worker and the main thread (DESIGN.md §3 "Worker ↔ main thread").
 * Pure types, no lib dependency: compiled both by workers/ (WebWorker lib) and by src/ (DOM lib), so the
 * bridge can type `Comlink.wrap<MarketWorkerApi>` without pulling the worker's globals into the DOM build.
 */
import type {
  BalanceEvent,
  ChatEvent,
  IndicatorParams,
  LeverPosition,
  LoanFigures,
  LoanTerms,
  NumberMarks,
  OtcSocketEvent,
  Period,
  PositionSide,
  SecondsOrder,
  ServiceEvent,
  SpotOrder,
  TradeNotice,
} from '../core';

export type { Period };

/** What the main thread sees of one symbol. Strings are exact decimals; `changePct` comes from core/. */
export interface TickerRow {
  symbol: string;
  last: string;
  open: string;
  high: string;
  low: string;
  volume: string;
  /** percent change against `open`, e.g. "-1.23" */
  changePct: string;
  /**
   * 24 h turnover in the quote currency (volume × last, core's toFiat, 2 decimals; "0" when it
   * cannot be computed): worked out here so a list row does no decimal maths on the main thread.
   */
  turnover: string;
  /** direction of the last change of `last`: 1 up, -1 down, 0 flat */
  dir: 1 | -1 | 0;
  seq: number;
  ts: number;
}

/**
 * One bar as lightweight-charts wants it: `time` in seconds UTC. Numbers, not decimal strings — the
 * chart draws, it does not account.
 */
export interface ChartBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface ChartView {
  symbol: string;
  period: Period;
  /**
   * The indicators the chart draws: each chart snapshot then carries their values for its bars
   * (`ChartDiff.lines`), so the page draws candles and lines from one message instead of asking
   * for the lines after each snapshot (a request and a reply per chart update).
   */
  indicators?: IndicatorSpec;
}

/** What one screen shows. The worker subscribes to the union of all views and sends each only its part. */
export interface WatchView {
  /** symbols of the visible list, 'all', or [] for none */
  symbols: string[] | 'all';
  chart?: ChartView;
  /** open contract positions to price live: P&L and risk rate recomputed when their symbol ticks */
  positions?: PositionInput[];
  /** the lever account the positions belong to; without it the snapshot carries no risk rate */
  leverAccount?: LeverAccountInput;
  /** open loans to watch live: LTV, liquidation price and buffer recomputed when their symbols tick */
  loans?: LoanInput[];
  /** deliver the user's private-room events (fills, closes, liquidations, seconds results) */
  userEvents?: boolean;
  /**
   * This view's snapshot window, ms: at most one snapshot per window. Never shorter than the
   * worker's base window (`WorkerConfig.throttleMs`, 100 ms), which is also the default. A list or
   * a chart asks for a longer one (CONSTANTS.listSnapshotMs / chartSnapshotMs): see there why.
   */
  throttleMs?: number;
  /** an order book to keep: its top rows per side and newest trades ride in `Snapshot.book` */
  book?: BookView;
}

/** Which book a view shows and how much of it crosses to the main thread. */
export interface BookView {
  symbol: string;
  /** price step to group levels by (a decimal string, e.g. "0.01", "10"); absent: one row per level */
  step?: string;
  /** rows per side (1…100) */
  rows: number;
  /** newest trades to carry (0…100, default 20) */
  trades?: number;
  /** the view draws the depth chart: the worker sends `BookSnapshot.depth` (from `rows` levels a side) instead of rows */
  depth?: boolean;
}

/**
 * What the depth chart draws, worked out in the worker: the price range (centred on the mid
 * price, wide enough for the farther side) and each side's step outline, best price first, as
 * interleaved [x, y] pairs normalised to 0…1 (x across the range, y as a share of the larger
 * side's total).
 */
export interface DepthGeometry {
  lo: number;
  hi: number;
  mid: number;
  bids: Float64Array;
  asks: Float64Array;
}

/** One display row of a book side: the group's price, its quantity, and the running total from the best row. */
export interface BookRow {
  price: string;
  qty: string;
  total: string;
}

export interface BookTrade {
  price: string;
  qty: string;
  /** the taker's side */
  side: 'buy' | 'sell';
  /** server time, ms */
  ts: number;
}

/** The top of one book as a view asked for it (decimal strings throughout). */
export interface BookSnapshot {
  symbol: string;
  step: string | null;
  /** best first, at most `rows` each */
  bids: BookRow[];
  asks: BookRow[];
  bestBid: string | null;
  bestAsk: string | null;
  /** last trade: price, and 1 up / -1 down / 0 flat against the previous different price */
  last: { price: string; dir: 1 | -1 | 0 } | null;
  /** newest first */
  trades: BookTrade[];
  /** false while the worker waits for a (new) snapshot: the rows may be behind */
  synced: boolean;
  /** server time (ms) of the newest depth change these rows include, 0 before one */
  ts: number;
  /** a depth view's geometry (bids and asks are then empty); null while a side is empty */
  depth?: DepthGeometry | null;
}

/** Indicators on the price pane (MA, EMA, BOLL) and in the sub-pane (VOL, MACD, KDJ, RSI), at the usual defaults unless the trader set others. */
export type MainIndicator = 'ma' | 'ema' | 'boll' | 'none';
export type SubIndicator = 'vol' | 'macd' | 'kdj' | 'rsi' | 'none';
export interface IndicatorSpec {
  main: MainIndicator;
  sub: SubIndicator;
  /** the trader's parameters (core's PARAM_FIELDS order); absent or invalid = the defaults */
  params?: IndicatorParams;
}
export type IndicatorLineKind = 'line' | 'hist';

/** Indicator values for a run of bars (times in seconds); NaN where a window has not filled yet. */
export interface IndicatorLines {
  time: Float64Array;
  lines: { pane: 'main' | 'sub'; name: string; kind: IndicatorLineKind; values: Float64Array }[];
}

/** One open position as the worker prices it (decimal strings). */
export interface PositionInput {
  id: number;
  symbol: string;
  side: PositionSide;
  lots: string;
  lotSize: string;
  multiple: string;
  openPrice: string;
  /** the price the server last reported, used until the symbol ticks */
  price?: string;
}

export interface LeverAccountInput {
  /** the account's balance including the margin locked in its positions (core/calc/contract.ts `balance`) */
  balance: string;
  /** forced-close line, percent */
  liquidationLine: string;
}

/** Live figures of one position, from core/calc/contract.ts. */
export interface PositionLive {
  id: number;
  symbol: string;
  /** the price used (last tick, else the input's price) */
  price: string;
  pnl: string;
  /** P&L over the position's margin, percent (core positionRoe); '' without a price */
  roe: string;
  /** null when no price above 0 liquidates it, or without a lever account */
  liquidationPrice: string | null;
}

export interface PositionsLive {
  rows: PositionLive[];
  /** account equity (balance + Σ unrealised P&L), null without a lever account */
  equity: string | null;
  /** account risk rate in percent, null without a lever account or margin */
  riskRate: string | null;
  /** the exchanges' margin ratio in percent (100 = liquidation; core marginRatio), null like riskRate */
  marginRatio: string | null;
}

/** One open loan to price live (workers/loans/book.ts): its terms and amounts as the server sent them. */
export interface LoanInput extends LoanTerms {
  id: number;
  principal: string;
  interest: string;
  collateral: string;
  /** ms epoch the server accrued interest to (the rest is prorated live) */
  accrued_to: number;
  /** `<collateral>/USDT` */
  collateralSymbol: string;
  /** `<loan coin>/USDT`, absent when the loan coin is USDT */
  loanSymbol?: string;
  /** the collateral price in the loan coin the page had, used until the symbols tick */
  price?: string;
}

/** Live figures of one loan (core/loans/math.ts loanFigures) at `price`, the collateral in the loan coin. */
export interface LoanLive extends LoanFigures {
  id: number;
  price: string | null;
}

/** One event of the user's private socket room. */
export type UserEvent =
  | { kind: 'order'; order: SpotOrder }
  | { kind: 'position'; position: LeverPosition }
  | { kind: 'seconds'; order: SecondsOrder }
  | { kind: 'balance'; balance: BalanceEvent }
  | { kind: 'notice'; notice: TradeNotice }
  | { kind: 'service'; service: ServiceEvent }
  /** the public chat room (every logged-in socket is in it): a new message, or one an operator removed */
  | { kind: 'chat'; chat: ChatEvent }
  /** a P2P order of the user's changed or got a chat message */
  | { kind: 'otc'; otc: OtcSocketEvent };

export interface StreamStatus {
  /** socket connected and subscribed */
  connected: boolean;
  /** ms epoch of the last message from the server, any channel */
  lastHeardAt: number;
  /**
   * Streams of this view that are not live: ticker symbols, and the chart's channel name
   * (`kline:<symbol>:<period>`) — silent past their cadence, or everything while disconnected.
   */
  stale: string[];
}

interface ChartDiff {
  symbol: string;
  period: Period;
  /** updated bars in time order; a bar may repeat an already-drawn time (then it replaces it) */
  bars: ChartBar[];
  /** the view's indicators (`ChartView.indicators`) from the first of `bars` on, and the spec they were computed for */
  lines?: PushedLines;
}

/** Indicator values pushed with a chart diff: a page drawing another spec (it just changed) ignores them. */
export interface PushedLines extends IndicatorLines {
  spec: IndicatorSpec;
}

/** A coalesced diff: at most one per throttle window per watcher, only for what its view names. */
export interface Snapshot {
  /** changed rows only */
  tickers?: TickerRow[];
  chart?: ChartDiff;
  /** the view's positions, all of them, whenever one of their symbols ticked or the view changed */
  positions?: PositionsLive;
  /** the view's loans, all of them, whenever one of their symbols ticked or the view changed */
  loans?: LoanLive[];
  /** user events since the last snapshot, in arrival order (views with `userEvents` only) */
  events?: UserEvent[];
  /** the view's book, whenever it changed (views with `book` only) */
  book?: BookSnapshot;
  status: StreamStatus;
}

/** Merged history (REST + live) as column arrays, transferred rather than cloned. Times in seconds. */
export interface HistoryPayload {
  symbol: string;
  period: Period;
  time: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

export interface WorkerConfig {
  /** socket.io origin, e.g. location.origin */
  origin: string;
  /** REST base including /api, e.g. `${location.origin}/api` */
  apiBase: string;
  /** snapshot window per watcher, default 100 ms */
  throttleMs?: number;
  /** window of the painted rows, default CONSTANTS.rowPaintMs */
  paintMs?: number;
}

/**
 * Where one figure of a painted row goes, in CSS px relative to the row's canvas, and in what font
 * (a CSS font shorthand read from the cell's computed style, so the canvas matches the stylesheet).
 */
export interface FigureSlot {
  x: number;
  y: number;
  width: number;
  height: number;
  font: string;
}

/**
 * The geometry of a Markets row's live figures, measured on the main thread (the worker has no
 * layout): turnover after its label on the left, the last price right-aligned in its cell, the
 * change pill right-aligned in its cell.
 */
export interface RowLayout {
  /** canvas size, CSS px, and the device pixel ratio its backing store uses */
  width: number;
  height: number;
  dpr: number;
  /** `label` is the translated "Vol" written before the turnover */
  vol: FigureSlot & { label: string };
  last: FigureSlot;
  /** the pill's box: at least `minWidth`, else the text plus `padX` on each side; corner `radius` */
  pill: FigureSlot & { minWidth: number; padX: number; radius: number };
}

/** The colours a painted row uses, resolved from the theme's tokens (styles/tokens.css). */
export interface PaintTheme {
  text: string;
  text2: string;
  up: string;
  down: string;
  flat: string;
  /** text on a price-coloured fill */
  onPrice: string;
  /** the language's digit grouping and decimal mark, as a <Num/> writes them (absent: plain "65000.12") */
  marks?: NumberMarks;
}

/** A row the worker paints: its symbol, the pair's price decimals and the REST figures shown until the stream speaks. */
export interface PaintedRow {
  symbol: string;
  decimals: number;
  rest: { last: string; changePct: string; turnover: string };
  layout: RowLayout;
}

/** Tick→paint of painted rows: server `ts` to the worker frame after the paint that showed it, ms. */
export interface PaintStats {
  /** samples since the last read (at most the newest 10,000) */
  latency: number[];
  /** canvases painted since the last read */
  paints: number;
  /** painted books: the server time of the newest depth diff a paint showed → the frame after it, ms */
  book?: number[];
}

/**
 * One canvas of a painted book (workers/paint/book-painter.ts): a side's rows (price, amount and
 * the cumulative depth bar), the last price between the sides, or the recent trades. Geometry in
 * CSS px, measured on the main thread from the DOM rows the canvas lies under.
 */
export interface BookPart {
  kind: 'bids' | 'asks' | 'last' | 'trades';
  width: number;
  height: number;
  dpr: number;
  /** px per row (sides and trades) */
  rowHeight: number;
  /** CSS font shorthands of the price and the amount (or time) cells */
  priceFont: string;
  qtyFont: string;
  /** rows top-down from the worst price to the best (the asks above the last price) */
  bestLast?: boolean;
  /** amount on the left, price on the right (the bid column of a side-by-side book) */
  qtyFirst?: boolean;
  /** depth bars grow from the left edge */
  barsFromLeft?: boolean;
}

/** A book the worker paints: which rows (the view), the price decimals of the step, and its canvases' parts in order. */
export interface PaintedBook {
  view: BookView;
  /** decimals of a row's price (the step's) and of the last price and trades (the pair's) */
  decimals: number;
  lastDecimals: number;
  parts: BookPart[];
}

export type SnapshotCallback = (s: Snapshot) => void;
