/**
 * Preloaded into a bench server (`node --expose-gc --import tsx --import <this> server/main.ts`,
 * spawnServer's `memoryProbe`, the soak) and nowhere else: the server itself has no such hook, so
 * nothing in production can force a GC or read these figures. On the IPC message 'memory' it runs
 * two full GCs and answers with process.memoryUsage() and V8's code spaces: the server's live JS heap
 * (heapUsed after GC), its ArrayBuffer bytes (the candle rings' slabs are Float64Arrays, outside the
 * JS heap) and its RSS after the same GC. The channel is unref'd: it keeps the server alive no longer
 * than it would be without it.
 */
import v8 from 'node:v8';

/** What the probe answers (bytes). */
export interface ServerMemory {
  rss: number;
  heapUsed: number;
  /** of heapUsed, V8's code spaces (compiled code tiers up and is flushed: not a leak) */
  codeUsed: number;
  external: number;
  arrayBuffers: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

process.on('message', (m: unknown) => {
  if (m !== 'memory' || !process.send) return;
  gc?.();
  gc?.();
  const u = process.memoryUsage();
  const codeUsed = v8
    .getHeapSpaceStatistics()
    .filter((s) => s.space_name.includes('code'))
    .reduce((a, s) => a + s.space_used_size, 0);
  const reply: ServerMemory = {
    rss: u.rss,
    heapUsed: u.heapUsed,
    codeUsed,
    external: u.external,
    arrayBuffers: u.arrayBuffers,
  };
  process.send({ memory: reply });
});
process.channel?.unref();
