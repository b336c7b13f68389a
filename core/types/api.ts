/** The HTTP envelope of DESIGN.md §3. Every /api answer is HTTP 200 with one of these. */
export interface OkEnvelope<T> {
  type: 'ok';
  code: 1;
  message: T;
}
export interface ErrorEnvelope {
  type: 'error' | '999' | '998';
  code: 0;
  message: string;
}

/** Interface languages (spec §1). `kor` is accepted as an alias of `ko`. */
export const LANGS = ['zh', 'en', 'hk', 'th', 'jp', 'ko', 'fra', 'spa'] as const;
export type Lang = (typeof LANGS)[number];

export function normalizeLang(v: unknown): Lang {
  if (v === 'kor') return 'ko';
  return typeof v === 'string' && (LANGS as readonly string[]).includes(v) ? (v as Lang) : 'en';
}

/** Request headers the client sends on every call (spec §7). */
export const HEADERS = {
  lang: 'lang',
  authorization: 'authorization',
  visitorId: 'x-visitor-id',
  userIp: 'x-user-ip',
  idempotencyKey: 'idempotency-key',
} as const;

/** Account types (spec §3). */
export const ACCOUNT_TYPES = { legal: 1, change: 2, lever: 3, micro: 4 } as const;

/** Spec §9 constants. */
export const CONSTANTS = {
  appVersion: '0.8.0',
  versionCode: 80,
  pageSize: 10,
  secondsPageSize: 5,
  codeLength: 6,
  toastMs: 1500,
  redirectDelayMs: 1200,
  loadingDelayMs: 800,
  lazyDelayMs: 200,
  lazyTimeoutMs: 60_000,
  requestTimeoutMs: 60_000,
  throttleMs: 500,
  /** the worker's base snapshot window: a view that names no window of its own gets at most 10 a second */
  snapshotThrottleMs: 100,
  /**
   * Lists of pairs (Markets, search, the pair picker, Home's hot pairs) keep the base window: a
   * pair that ticks a few times a second waits up to one window before it is shown, so a longer
   * one shows older prices (at 300 ms, tick→paint p95 went from ~130 to ~270 ms in bench/).
   */
  listSnapshotMs: 100,
  /**
   * A list whose rows the market worker paints (Markets) still gets snapshots, for sorting on a
   * tap and the rows' screen-reader text; nobody sees them, so once a second is enough, and each
   * one costs the main thread a message, store writes and a layout of the hidden text.
   */
  listTextMs: 1000,
  /**
   * Rows the market worker paints (Markets) are painted at most once per this window, on a clock
   * of their own: a paint costs the main thread nothing (the compositor shows the canvas), so it
   * need not wait for the base window. A tick waits half a server batch plus half this window on
   * average before a row shows it (at the base 100 ms, tick→paint p95 was ~140–150 ms in bench/).
   */
  rowPaintMs: 50,
  /**
   * The K-line chart is sent at most one snapshot per 1 s slot, the pace at which exchanges'
   * kline streams update a candle: a 1-minute candle moves by sub-pixel steps between ticks, while
   * every redraw repaints the chart's canvases — the chart was the main thread's largest cost once
   * the list rows moved to the worker (at 4× throttle and 50,000 ticks/s: ~2.5 % of the main thread
   * at 1 s, 5–7 % at 300 ms; bench/README.md). The last price beside the chart follows the list's
   * 100 ms window. Slots are shared with the other views' flushes.
   */
  chartSnapshotMs: 1000,
  h5Version: 1,
} as const;
