/**
 * The built-in market simulator: a seeded geometric random walk per symbol.
 *
 * Reproducible: the tick sequence (which symbol, price, qty, seq) depends only on the seed, the tick
 * rate, the instrument list and the resume state — never on timer jitter — because each tick draws
 * from one PRNG and uses a nominal per-symbol time step derived from the tick rate. Only `ts` (server
 * time) and how ticks are cut into batches depend on the clock.
 *
 * Stocks tick around the clock for now; a market-hours rule (pause outside exchange hours) is a
 * later issue.
 */
import type { Tick } from '../../../core';
import { TickListeners } from './listeners';
import { mulberry32, type Rng } from './prng';
import { bookShape, simBook, type BookShape } from './sim-book';
import type { FeedInstrument, FeedResume, MarketFeed, TicksListener, VenueBook } from './types';
import { formatUnits, toUnits } from './units';

export interface SimulatorOptions {
  instruments: readonly FeedInstrument[];
  seed: number;
  /** ticks per second across all symbols */
  tickRate: number;
  /** timer interval; each firing emits the ticks due since the last one as one batch (default 20 ms) */
  batchMs?: number;
  resume?: ReadonlyMap<string, FeedResume>;
  now?: () => number;
  onListenerError?: (err: unknown) => void;
}

const SECONDS_PER_YEAR = 365 * 24 * 3600;
/** chance per tick that the chosen symbol enters a burst (volatile, clustered trading) */
const BURST_P = 1 / 3000;
const BURST_VOL = 4;
/** chance that the next tick stays on a bursting symbol */
const BURST_STICKY = 0.6;
/** median trade notional in USDT and its log-spread */
const MEDIAN_NOTIONAL = 300;
const NOTIONAL_SIGMA = 1.3;

export class SimulatorFeed implements MarketFeed {
  readonly instruments: readonly FeedInstrument[];
  private readonly rng: Rng;
  private readonly listeners: TickListeners;
  private readonly now: () => number;
  private readonly batchMs: number;
  private tickRate: number;
  private readonly index = new Map<string, number>();
  // Struct-of-arrays: this is the hot loop at 100k ticks/s.
  private readonly logPrice: Float64Array;
  private readonly sigma: Float64Array;
  private readonly seqs: Float64Array;
  private readonly units: Float64Array;
  private readonly burstLeft: Int32Array;
  private readonly cumWeight: Float64Array;
  private readonly priceStr: (string | undefined)[];
  /** last taker side per symbol: 1 buy, −1 sell (a trade that moves the price up lifted the ask) */
  private readonly sides: Int8Array;
  private readonly shapes: BookShape[];
  private readonly books: (VenueBook | undefined)[];
  private readonly seed: number;
  private stickySymbol = -1;
  private timer: ReturnType<typeof setInterval> | undefined;
  private lastFire = 0;
  private carry = 0;

  constructor(opts: SimulatorOptions) {
    this.instruments = opts.instruments;
    this.rng = mulberry32(opts.seed);
    this.listeners = new TickListeners(opts.onListenerError);
    this.now = opts.now ?? Date.now;
    this.batchMs = opts.batchMs ?? 20;
    this.tickRate = opts.tickRate;
    const n = opts.instruments.length;
    this.logPrice = new Float64Array(n);
    this.sigma = new Float64Array(n);
    this.seqs = new Float64Array(n);
    this.units = new Float64Array(n);
    this.burstLeft = new Int32Array(n);
    this.cumWeight = new Float64Array(n);
    this.priceStr = new Array<string | undefined>(n);
    this.sides = new Int8Array(n).fill(1);
    this.seed = opts.seed;
    this.shapes = opts.instruments.map((ins) => bookShape(ins, opts.seed));
    this.books = new Array<VenueBook | undefined>(n);
    let total = 0;
    opts.instruments.forEach((ins, i) => {
      this.index.set(ins.symbol, i);
      total += ins.weight;
      this.cumWeight[i] = total;
      const resume = opts.resume?.get(ins.symbol);
      const price = Number(resume?.price ?? ins.price);
      this.logPrice[i] = Math.log(price);
      this.seqs[i] = resume?.seq ?? 0;
      this.units[i] = toUnits(price, ins.price_decimals);
      this.priceStr[i] = resume?.price;
    });
    this.computeSigmas();
  }

  start(): void {
    if (this.timer) return;
    this.lastFire = this.now();
    this.carry = 0;
    this.timer = setInterval(() => this.fire(), this.batchMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  onTicks(listener: TicksListener): () => void {
    return this.listeners.add(listener);
  }

  lastPrice(symbol: string): string | undefined {
    const i = this.index.get(symbol);
    return i === undefined ? undefined : this.priceStr[i];
  }

  lastSeq(symbol: string): number | undefined {
    const i = this.index.get(symbol);
    return i === undefined ? undefined : this.seqs[i];
  }

  /** The venue book after the symbol's last tick, generated on first ask per tick (sim-book.ts). */
  book(symbol: string): VenueBook | undefined {
    const i = this.index.get(symbol);
    if (i === undefined || this.priceStr[i] === undefined) return undefined;
    const cached = this.books[i];
    if (cached && cached.version === this.seqs[i]) return cached;
    const b = simBook(
      this.instruments[i],
      this.shapes[i],
      this.seed,
      this.seqs[i],
      this.units[i],
      this.sides[i] > 0 ? 'buy' : 'sell',
    );
    this.books[i] = b;
    return b;
  }

  /** Changes the rate; the per-tick volatility follows so the annualised volatility is unchanged. */
  setTickRate(tickRate: number): void {
    this.tickRate = tickRate;
    this.computeSigmas();
  }

  /** Generates the next `count` ticks (what the timer does; tests and benches call it directly). */
  generate(count: number, ts = this.now()): Tick[] {
    const out: Tick[] = new Array<Tick>(count);
    const { rng, instruments } = this;
    for (let k = 0; k < count; k++) {
      const i = this.pickSymbol();
      const ins = instruments[i];
      let m = 1;
      if (this.burstLeft[i] > 0) {
        this.burstLeft[i]--;
        m = BURST_VOL;
      } else if (rng.next() < BURST_P) {
        this.burstLeft[i] = 20 + Math.floor(rng.next() * 80);
      }
      this.stickySymbol = this.burstLeft[i] > 0 ? i : -1;
      const s = this.sigma[i] * m;
      // Drift −σ²/2 keeps the expected price flat (a martingale), so long runs do not creep.
      let lp = this.logPrice[i] + s * rng.normal() - 0.5 * s * s;
      let price = Math.exp(lp);
      let u = toUnits(price, ins.price_decimals);
      if (u <= 1) {
        // Floor at one price unit; reset the walk there so it can come back up.
        u = 1;
        price = 1 / 10 ** ins.price_decimals;
        lp = Math.log(price);
      }
      this.logPrice[i] = lp;
      if (u !== this.units[i]) this.sides[i] = u > this.units[i] ? 1 : -1;
      if (u !== this.units[i] || this.priceStr[i] === undefined) {
        this.units[i] = u;
        this.priceStr[i] = formatUnits(u, ins.price_decimals);
      }
      const notional = MEDIAN_NOTIONAL * Math.exp(NOTIONAL_SIGMA * rng.normal()) * (m > 1 ? 3 : 1);
      const qty = formatUnits(toUnits(notional / price, ins.qty_decimals), ins.qty_decimals);
      const seq = ++this.seqs[i];
      out[k] = {
        symbol: ins.symbol,
        price: this.priceStr[i] as string,
        qty,
        seq,
        ts,
        side: this.sides[i] > 0 ? 'buy' : 'sell',
      };
    }
    return out;
  }

  private fire(): void {
    const now = this.now();
    // Emit what is due by wall time (timers drift); cap at one second's worth after a stall so a
    // paused process does not answer with a huge catch-up burst.
    const due = Math.min(this.carry + (this.tickRate * (now - this.lastFire)) / 1000, Math.max(this.tickRate, 1));
    this.lastFire = now;
    const n = Math.floor(due);
    this.carry = due - n;
    if (n > 0) this.listeners.emit(this.generate(n, now));
  }

  private pickSymbol(): number {
    if (this.stickySymbol >= 0 && this.rng.next() < BURST_STICKY) return this.stickySymbol;
    const cw = this.cumWeight;
    const x = this.rng.next() * cw[cw.length - 1];
    let lo = 0;
    let hi = cw.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cw[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  private computeSigmas(): void {
    const total = this.cumWeight[this.cumWeight.length - 1] || 1;
    const rate = Math.max(this.tickRate, 1e-3);
    this.instruments.forEach((ins, i) => {
      // Nominal seconds between this symbol's ticks at the configured rate.
      const dt = 1 / (rate * (ins.weight / total));
      this.sigma[i] = ins.vol * Math.sqrt(dt / SECONDS_PER_YEAR);
    });
  }
}
