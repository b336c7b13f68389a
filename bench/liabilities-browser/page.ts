/**
 * The bench page of bench/liabilities-browser.ts: the same verifier the app's page uses, timed in
 * the page's main thread (where CPU throttling applies) and through the liabilities worker
 * (Comlink round trip, as the app calls it; Chromium does not throttle workers).
 */
import * as Comlink from 'comlink';
import { verifyEncodedProof } from '../../core/liabilities';
import { subtleSha256, type LiabilitiesWorkerApi } from '../../workers/liabilities/verify';

declare global {
  interface Window {
    benchVerify(
      /** the proof as served: base64url text of core's binary layout (decoding is timed too) */
      proof: string,
      runs: number,
      where: 'main' | 'worker',
    ): Promise<{ ms: number[]; ok: boolean; steps: number }>;
  }
}

let api: Comlink.Remote<LiabilitiesWorkerApi> | undefined;

window.benchVerify = async (proof, runs, where) => {
  if (where === 'worker')
    api ??= Comlink.wrap<LiabilitiesWorkerApi>(new Worker(new URL('./worker.js', location.href), { type: 'module' }));
  const once = async () =>
    (where === 'main' ? await verifyEncodedProof(proof, subtleSha256) : await api!.verify(proof)).result;
  const first = await once();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = await once();
    ms.push(performance.now() - t0);
    if (!r.ok) throw new Error(`run ${i} failed: ${JSON.stringify(r.failedAt)}`);
  }
  return { ms, ok: first.ok, steps: first.steps.length };
};
