/**
 * The market's SQL: candles and market_state. Everything here is batched — the live path never
 * touches the database per tick (a write per tick would swamp any database).
 */
import { sql, type Kysely } from 'kysely';
import type { Candle, Period } from '../../../core';
import type { FeedResume } from '../feed/types';
import type { MarketTables } from '../../db/market-tables';

export interface CandleRow extends Candle {
  symbol: string;
  period: Period;
}

export interface StateRow {
  symbol: string;
  last_seq: number;
  last_price: string;
  last_ts: number;
}

export interface TickRow {
  symbol: string;
  seq: number;
  price: string;
  ts: number;
}

/** The one feed source of a cluster (tick_log_mark's key: a second source would add its own). */
const TICK_LOG_SOURCE = 'feed';

/** Rows per INSERT: 8 columns × 1000 stays far below PostgreSQL's 65535 bind-parameter limit. */
const CHUNK = 1000;
/** Candle rows per upsert: eight array parameters whatever the count, so the batch can be large. */
const CANDLE_CHUNK = 20_000;

const toCandle = (r: {
  time: number | string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}): Candle => ({
  time: Number(r.time),
  open: r.open,
  high: r.high,
  low: r.low,
  close: r.close,
  volume: r.volume,
});

export class MarketRepo {
  constructor(private readonly db: Kysely<MarketTables>) {}

  /**
   * Where each symbol's feed resumes: the newest of market_state (written every second) and the
   * newest durable tick (written more often, and by the transactions a tick decided), so a seq
   * that is on record is never produced again with another price.
   */
  async loadState(): Promise<Map<string, FeedResume>> {
    const rows = await this.db.selectFrom('market_state').selectAll().execute();
    const out = new Map(
      rows.map((r) => [r.symbol, { seq: Number(r.last_seq), price: r.last_price, ts: Number(r.last_ts) }]),
    );
    const ticks =
      await sql<TickRow>`SELECT DISTINCT ON (symbol) symbol, seq, price, ts FROM market_ticks ORDER BY symbol, seq DESC`.execute(
        this.db,
      );
    for (const t of ticks.rows) {
      const seq = Number(t.seq);
      if (seq > (out.get(t.symbol)?.seq ?? -1)) out.set(t.symbol, { seq, price: t.price, ts: Number(t.ts) });
    }
    return out;
  }

  /**
   * Idempotent per (symbol, seq): a tick already on record (e.g. by the order it decided) stays.
   * With `through` (cluster feed process) the log's mark moves to it in the same transaction:
   * whoever reads the mark finds every tick up to it on record.
   */
  async insertTicks(rows: readonly TickRow[], through?: number): Promise<void> {
    const write = async (db: Kysely<MarketTables>) => {
      for (let i = 0; i < rows.length; i += CHUNK) {
        await db
          .insertInto('market_ticks')
          .values(rows.slice(i, i + CHUNK).map((r) => ({ ...r })))
          .onConflict((oc) => oc.columns(['symbol', 'seq']).doNothing())
          .execute();
      }
      if (through === undefined) return;
      await sql`
        INSERT INTO tick_log_mark (source, through_ts) VALUES (${TICK_LOG_SOURCE}, ${through}::bigint)
        ON CONFLICT (source) DO UPDATE SET through_ts = GREATEST(tick_log_mark.through_ts, EXCLUDED.through_ts)`.execute(
        db,
      );
    };
    if (through === undefined) await write(this.db);
    else await this.db.transaction().execute(write);
  }

  /** How far the feed process's tick log is complete (ms; 0: no mark yet). */
  async tickLogThrough(): Promise<number> {
    const r = await this.db
      .selectFrom('tick_log_mark')
      .select('through_ts')
      .where('source', '=', TICK_LOG_SOURCE)
      .executeTakeFirst();
    return r ? Number(r.through_ts) : 0;
  }

  async symbolsWithCandles(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('candles').select('symbol').distinct().execute();
    return new Set(rows.map((r) => r.symbol));
  }

  /** The newest `perSeries` bars of every (symbol, period), oldest first, in one query. */
  async loadRecent(perSeries: number): Promise<CandleRow[]> {
    const result = await sql<CandleRow & { time: number | string }>`
      SELECT symbol, period, time, open, high, low, close, volume FROM (
        SELECT c.*, row_number() OVER (PARTITION BY symbol, period ORDER BY time DESC) AS rn FROM candles c
      ) t WHERE rn <= ${perSeries} ORDER BY symbol, period, time`.execute(this.db);
    return result.rows.map((r) => ({ ...toCandle(r), symbol: r.symbol, period: r.period }));
  }

  /** Newest `limit` bars within [fromMs, toMs], returned oldest first. */
  async range(symbol: string, period: Period, fromMs: number, toMs: number, limit: number): Promise<Candle[]> {
    const rows = await this.db
      .selectFrom('candles')
      .select(['time', 'open', 'high', 'low', 'close', 'volume'])
      .where('symbol', '=', symbol)
      .where('period', '=', period)
      .where('time', '>=', fromMs)
      .where('time', '<=', toMs)
      .orderBy('time', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map(toCandle);
  }

  /**
   * One statement per CANDLE_CHUNK rows, its columns bound as eight arrays (unnest): a first
   * start's backfill (~88,000 rows) no longer builds and parses statements of 8,000 parameters,
   * several times faster on a loaded 2-core machine.
   */
  async upsertCandles(rows: readonly CandleRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CANDLE_CHUNK) {
      const part = rows.slice(i, i + CANDLE_CHUNK);
      const col = <K extends keyof CandleRow>(k: K) => part.map((r) => r[k]);
      await this.db
        .insertInto('candles')
        .columns(['symbol', 'period', 'time', 'open', 'high', 'low', 'close', 'volume'])
        .expression(
          sql`SELECT * FROM unnest(${col('symbol')}::text[], ${col('period')}::text[], ${col('time')}::bigint[], ${col('open')}::numeric[], ${col('high')}::numeric[], ${col('low')}::numeric[], ${col('close')}::numeric[], ${col('volume')}::numeric[])`,
        )
        .onConflict((oc) =>
          oc.columns(['symbol', 'period', 'time']).doUpdateSet((eb) => ({
            open: eb.ref('excluded.open'),
            high: eb.ref('excluded.high'),
            low: eb.ref('excluded.low'),
            close: eb.ref('excluded.close'),
            volume: eb.ref('excluded.volume'),
          })),
        )
        .execute();
    }
  }

  async upsertState(rows: readonly StateRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await this.db
        .insertInto('market_state')
        .values(rows.slice(i, i + CHUNK).map((r) => ({ ...r })))
        .onConflict((oc) =>
          oc.column('symbol').doUpdateSet((eb) => ({
            last_seq: eb.ref('excluded.last_seq'),
            last_price: eb.ref('excluded.last_price'),
            last_ts: eb.ref('excluded.last_ts'),
          })),
        )
        .execute();
    }
  }
}
