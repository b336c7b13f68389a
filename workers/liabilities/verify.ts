import {
  verifyProof,
  type Hasher,
  type LiabilityLeafList,
  type LiabilityProof,
  type VerifyResult,
} from '../../core/liabilities';
import { locateInList, type Located } from './locate';
export type { Located } from './locate';

/** SHA-256 by the platform (browsers, workers and Node 20 all have SubtleCrypto): core's Hasher. */
export const subtleSha256: Hasher = async (bytes) => new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));

/** What the liabilities worker offers the page (through Comlink): core's verifier with SubtleCrypto. */
export interface LiabilitiesWorkerApi {
  /** recomputes one proof's path to its root */
  verify(proof: LiabilityProof): Promise<VerifyResult>;
  /** many proofs (the history), one result each, in order */
  verifyMany(proofs: LiabilityProof[]): Promise<VerifyResult[]>;
  /** after a failure at the root: which step differs from the snapshot's published leaf list (fetched here, at `leavesUrl`) */
  locate(proof: LiabilityProof, leavesUrl: string): Promise<Located>;
}

/** Never throws: a proof too broken to walk is a failed result (core names the step). */
async function verifyOne(proof: LiabilityProof): Promise<VerifyResult> {
  try {
    return await verifyProof(proof, subtleSha256);
  } catch (e) {
    return { ok: false, steps: [], failedAt: { step: 'leaf', reason: e instanceof Error ? e.message : String(e) } };
  }
}

export const liabilitiesApi: LiabilitiesWorkerApi = {
  verify: verifyOne,
  verifyMany: async (proofs) => {
    const out: VerifyResult[] = [];
    for (const p of proofs) out.push(await verifyOne(p));
    return out;
  },
  locate: async (proof, leavesUrl) => {
    const res = await fetch(leavesUrl, { credentials: 'same-origin' });
    if (!res.ok) return { step: null, reason: 'unreadable' };
    // the file itself, or the app's envelope around it
    const body = (await res.json()) as LiabilityLeafList | { message?: LiabilityLeafList };
    const list = 'leaves' in body ? body : body.message;
    return list ? locateInList(proof, list, subtleSha256) : { step: null, reason: 'unreadable' };
  },
};
