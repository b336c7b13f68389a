/**
 * What one process sustains: the simulator at a target tick rate across catalogue + N synthetic
 * symbols, through the aggregator (nine periods), tickers and the socket fan-out to a real
 * socket.io client subscribed to `tickers` and one kline channel.
 *   npx tsx server/testing/market-throughput.ts [tickRate=100000] [extraSymbols=2000] [seconds=10]
 * Prints: ticks/s generated and applied, ticker updates/s received by the client, emits/s,
 * event-loop delay p50/p99 and process CPU. Also a tight-loop figure for the hot path alone.
 */
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { createKlineAggregator, PERIODS, type TickerUpdate } from '../../core';
import { createTestDb } from './db';
import { marketInstruments, SimulatorFeed } from '../market/feed';
import { createMarket } from '../market/index';
import { TickerBook } from '../market/tickers';

const [rate = 100_000, extra = 2000, seconds = 10] = process.argv.slice(2).map(Number);

function hotLoop(): number {
  const instruments = marketInstruments(extra, 1);
  const feed = new SimulatorFeed({ instruments, seed: 1, tickRate: rate });
  const agg = createKlineAggregator({ periods: PERIODS, maxBars: 1500 });
  const book = new TickerBook(agg);
  let n = 0;
  const t0 = performance.now();
  const ts0 = Date.now();
  while (performance.now() - t0 < 3000) {
    const ticks = feed.generate(5000, ts0 + Math.floor(performance.now() - t0));
    for (const t of ticks) {
      agg.apply(t);
      book.update(t);
    }
    n += ticks.length;
  }
  return n / ((performance.now() - t0) / 1000);
}

async function main(): Promise<void> {
  console.log(
    `hot path (generate + aggregate 9 periods + ticker), ${extra} extra symbols: ${Math.round(hotLoop())} ticks/s`,
  );

  const h = await createTestDb();
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'], serveClient: false });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const addr = http.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  const market = await createMarket({
    db: h.db,
    io,
    config: { feed: 'simulator', tickRate: rate, seed: 1, extraSymbols: extra, backfill: false },
  });
  let applied = 0;
  market.onTick((t) => (applied += t.length));

  const client = connect(`http://127.0.0.1:${addr.port}`, { transports: ['websocket'] });
  let received = 0;
  let emits = 0;
  client.on('tickers', (b: TickerUpdate[]) => {
    received += b.length;
    emits++;
  });
  client.on('kline', () => emits++);
  await client.timeout(5000).emitWithAck('subscribe', { channels: ['tickers', 'kline:BTC/USDT:1min'] });

  // warm up 1 s, then measure
  await new Promise((r) => setTimeout(r, 1000));
  applied = received = emits = 0;
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const dt = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  lag.disable();
  console.log(
    JSON.stringify({
      targetTicksPerSec: rate,
      symbols: 35 + extra,
      appliedTicksPerSec: Math.round(applied / dt),
      clientTickerUpdatesPerSec: Math.round(received / dt),
      clientEmitsPerSec: Math.round(emits / dt),
      loopDelayP50ms: +(lag.percentile(50) / 1e6).toFixed(1),
      loopDelayP99ms: +(lag.percentile(99) / 1e6).toFixed(1),
      cpuPercent: Math.round(((cpu.user + cpu.system) / 1e6 / dt) * 100),
    }),
  );
  client.disconnect();
  await market.close();
  io.close();
  await h.close();
}

await main();
