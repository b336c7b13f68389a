import { useEffect, useState } from 'react';
import * as Comlink from 'comlink';
import type { LiabilityProof, LiabilitySnapshotSummary, VerifyResult } from '../../../../core/liabilities';
import { startLiabilitiesWorker, type LiabilitiesWorkerApi, type Located } from '../../../../workers/public';
import { liabilityLeavesUrl, myLiabilityProof } from '../../../api/liabilities';

/**
 * One snapshot's check: the served proof text (null: no leaf of theirs, or it could not be fetched),
 * the proof as the worker decoded it (null also when its bytes are malformed: then `result` says why)
 * and the worker's result.
 */
export interface SnapshotCheck {
  encoded: string | null;
  proof: LiabilityProof | null;
  result: VerifyResult | null;
  /** a failure only the root caught, placed on its step by the published leaf list */
  located?: Located;
}

/** the history checks at most this many snapshots (newest first) */
export const HISTORY_SIZE = 12;

/**
 * Fetches the caller's proof in each snapshot and has the liabilities worker recompute every path
 * (SubtleCrypto off the main thread). The worker lives as long as the page. `checks` is undefined
 * until all are done; a snapshot whose proof failed to load maps to { proof: null, result: null }.
 */
export function useChecks(
  snapshots: readonly LiabilitySnapshotSummary[] | undefined,
): Map<number, SnapshotCheck> | undefined {
  const [checks, setChecks] = useState<Map<number, SnapshotCheck>>();
  useEffect(() => {
    if (!snapshots) return;
    let live = true;
    const worker = startLiabilitiesWorker();
    const api = Comlink.wrap<LiabilitiesWorkerApi>(worker);
    void (async () => {
      const shown = snapshots.slice(0, HISTORY_SIZE);
      const texts = await Promise.all(shown.map((s) => myLiabilityProof(s.id).catch(() => null)));
      const present = texts.filter((p): p is string => typeof p === 'string');
      const checked = present.length ? await api.verifyMany(present) : [];
      if (!live) return;
      const out = new Map<number, SnapshotCheck>();
      let k = 0;
      shown.forEach((s, i) => {
        const encoded = typeof texts[i] === 'string' ? texts[i] : null;
        const c = encoded !== null ? checked[k++] : null;
        out.set(s.id, { encoded, proof: c?.proof ?? null, result: c?.result ?? null });
      });
      for (const [id, c] of out) {
        if (c.proof && c.result?.failedAt?.step === 'root')
          c.located = await api
            .locate(c.proof, new URL(liabilityLeavesUrl(id), location.href).href)
            .catch(() => undefined);
      }
      if (live) setChecks(out);
    })();
    return () => {
      live = false;
      api[Comlink.releaseProxy]();
      worker.terminate();
    };
  }, [snapshots]);
  return checks;
}

/** A hash as the page shows it: its start and end (the full value is in the downloaded proof). */
export const shortHash = (hex: string): string => (hex.length > 16 ? `${hex.slice(0, 8)}…${hex.slice(-6)}` : hex);

/** The proof as a JSON file the user saves: the served text as a JSON string (scripts/verify-liabilities.ts reads it). */
export function downloadJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
