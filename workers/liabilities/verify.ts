import {
  verifyEncodedProof,
  type Hasher,
  type LiabilityLeafList,
  type LiabilityProof,
  type VerifyResult,
} from '../../core/liabilities';
import { locateInList, type Located } from './locate';
export type { Located } from './locate';

/** SHA-256 by the platform (browsers, workers and Node 20 all have SubtleCrypto): core's Hasher. */
export const subtleSha256: Hasher = async (bytes) => new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));

/** a served proof decoded (null when its bytes are malformed) and the check of it */
interface CheckedProof {
  proof: LiabilityProof | null;
  result: VerifyResult;
}

/** What the liabilities worker offers the page (through Comlink): core's decoder and verifier with SubtleCrypto. */
export interface LiabilitiesWorkerApi {
  /** decodes one served proof (base64url text) and recomputes its path to the root */
  verify(encoded: string): Promise<CheckedProof>;
  /** many proofs (the history), one result each, in order */
  verifyMany(encoded: string[]): Promise<CheckedProof[]>;
  /** after a failure at the root: which step differs from the snapshot's published leaf list (fetched here, at `leavesUrl`) */
  locate(proof: LiabilityProof, leavesUrl: string): Promise<Located>;
}

/** Never throws: malformed bytes fail at 'format', a proof too broken to walk is a failed result (core names the step). */
async function verifyOne(encoded: string): Promise<CheckedProof> {
  try {
    return await verifyEncodedProof(encoded, subtleSha256);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return { proof: null, result: { ok: false, steps: [], failedAt: { step: 'format', reason } } };
  }
}

export const liabilitiesApi: LiabilitiesWorkerApi = {
  verify: verifyOne,
  verifyMany: async (proofs) => {
    const out: CheckedProof[] = [];
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
