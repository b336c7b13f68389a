/**
 * Preloaded into a bench server (`node --expose-gc --import tsx --import <this> server/main.ts`,
 * spawnServer's `memoryProbe`, the soak) and nowhere else: the server itself has no such hook, so
 * nothing in production can force a GC or read these figures. On the IPC message 'memory' it runs
 * two full GCs and answers with process.memoryUsage() and V8's code spaces: the server's live JS heap
 * (heapUsed after GC), its ArrayBuffer bytes (the candle rings' slabs are Float64Arrays, outside the
 * JS heap) and its RSS after the same GC. The channel is unref'd: it keeps the server alive no longer
 * than it would be without it.
 *
 * It reads after a pause: V8 hands the pages a GC frees back to the system from a concurrent task,
 * so RSS read at once after the GCs still holds them. A server at 10,000 ticks/s, read both ways
 * every 15 s for 6 minutes (2026-11-30): RSS less ArrayBuffers read at once was 1–107 MB above the
 * reading 1.5 s later (about 20 MB in most samples); after the pause, once warm (minutes 2–6), the
 * samples stayed within 304–310 MB.
 */
import v8 from 'node:v8';

/** What the probe answers (bytes). */
export interface ServerMemory {
  rss: number;
  heapUsed: number;
  /** the V8 heap's committed pages (heapUsed plus what it keeps for the next allocations) */
  heapTotal: number;
  /** of heapUsed, V8's code spaces (compiled code tiers up and is flushed: not a leak) */
  codeUsed: number;
  external: number;
  arrayBuffers: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

/** how long the freed pages take to leave RSS (see above) */
const SETTLE_MS = 1500;

function reading(): ServerMemory {
  gc?.();
  gc?.();
  const u = process.memoryUsage();
  const codeUsed = v8
    .getHeapSpaceStatistics()
    .filter((s) => s.space_name.includes('code'))
    .reduce((a, s) => a + s.space_used_size, 0);
  return {
    rss: u.rss,
    heapUsed: u.heapUsed,
    heapTotal: u.heapTotal,
    codeUsed,
    external: u.external,
    arrayBuffers: u.arrayBuffers,
  };
}

process.on('message', (m: unknown) => {
  if (m !== 'memory' || !process.send) return;
  gc?.();
  gc?.();
  setTimeout(() => process.send?.({ memory: reading() }), SETTLE_MS).unref();
});
process.channel?.unref();
