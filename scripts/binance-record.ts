/**
 * Records a live Binance session as replay fixtures (server/market/feed/binance/fixtures/README.md):
 * every combined-stream frame for the pairs, one per line, and the REST answers the feed would ask
 * for (each pair's depth snapshot, taken after the first frames as the sync procedure says, and the
 * 1m klines of the recorded window).
 *   npx tsx scripts/binance-record.ts BTC/USDT,ETH/USDT 30 /tmp/session
 * writes /tmp/session.ndjson and /tmp/session-rest.ndjson. BINANCE_WS_URL / BINANCE_REST_URL as
 * for the server.
 */
import fs from 'node:fs';
import WebSocket from 'ws';
import { BINANCE_REST_URL, BINANCE_WS_URL } from '../server/market/feed/binance/options';
import { binanceSymbols } from '../server/market/feed/binance/symbols';

async function main(): Promise<number> {
  const [list, secs, out] = process.argv.slice(2);
  if (!list || !secs || !out) {
    console.error('usage: binance-record <our pairs, comma separated> <seconds> <output path without extension>');
    return 2;
  }
  const map = binanceSymbols(list.split(','));
  const venues = map.symbols().map((s) => map.toVenue(s) as string);
  if (venues.length === 0) throw new Error(`no Binance pair among ${list}`);
  const ws = (process.env.BINANCE_WS_URL || BINANCE_WS_URL).replace(/\/+$/, '');
  const rest = (process.env.BINANCE_REST_URL || BINANCE_REST_URL).replace(/\/+$/, '');
  const streams = venues.flatMap((v) =>
    ['trade', 'depth@100ms', 'kline_1m', 'miniTicker'].map((k) => `${v.toLowerCase()}@${k}`),
  );
  const frames = fs.createWriteStream(`${out}.ndjson`);
  const started = Date.now();
  const sock = new WebSocket(`${ws}/stream?streams=${streams.join('/')}`);
  let count = 0;
  sock.on('message', (data) => {
    frames.write(`${(data as Buffer).toString('utf8')}\n`);
    count++;
  });
  await new Promise<void>((resolve, reject) => {
    sock.once('open', () => resolve());
    sock.once('error', reject);
  });
  await new Promise((r) => setTimeout(r, 1000)); // diffs first, then the snapshot
  const answers: string[] = [];
  const get = async (path: string) => {
    const res = await fetch(`${rest}${path}`);
    if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status}`);
    return res.json();
  };
  for (const v of venues)
    answers.push(
      JSON.stringify({ path: '/api/v3/depth', symbol: v, body: await get(`/api/v3/depth?symbol=${v}&limit=1000`) }),
    );
  await new Promise((r) => setTimeout(r, Number(secs) * 1000));
  sock.terminate();
  const from = Math.floor(started / 60_000) * 60_000 - 60 * 60_000;
  for (const v of venues)
    answers.push(
      JSON.stringify({
        path: '/api/v3/klines',
        symbol: v,
        body: await get(`/api/v3/klines?symbol=${v}&interval=1m&startTime=${from}&limit=1000`),
      }),
    );
  fs.writeFileSync(`${out}-rest.ndjson`, `${answers.join('\n')}\n`);
  await new Promise<void>((r) => frames.end(r));
  console.log(`${count} frames → ${out}.ndjson; ${answers.length} REST answers → ${out}-rest.ndjson`);
  return 0;
}

main().then(
  (c) => process.exit(c),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
