/**
 * Proof of liabilities: the wire types shared by the server, the page and the standalone verifier.
 * Amounts are non-negative integers in the coin's smallest unit, as decimal-integer strings.
 */

/** bytes over a plain ArrayBuffer: what crypto.subtle.digest accepts as it is */
export type Bytes = Uint8Array<ArrayBuffer>;
/** SHA-256. Server: node:crypto; browser and worker: crypto.subtle.digest('SHA-256', bytes). */
export type Hasher = (bytes: Bytes) => Promise<Uint8Array>;
/** the same, synchronous (the server's fast path for big trees) */
export type SyncHasher = (bytes: Bytes) => Uint8Array;

export interface LiabilityCoin {
  symbol: string;
  /** digits after the point: displayed value = units / 10^decimals */
  decimals: number;
}

export interface LiabilitySnapshotSummary {
  id: number;
  /** hex */
  rootHash: string;
  coins: LiabilityCoin[];
  /** root sums per coin, integer units, in coins' order */
  totals: string[];
  /** ISO 8601 */
  takenAt: string;
  /** last journal id included */
  journalId: string;
  leafCount: number;
}

/** one step up the path: the SIBLING's hash and sums; side says where the sibling sits */
export interface LiabilityPathStep {
  side: 'L' | 'R';
  hash: string;
  sums: string[];
}

interface LiabilityProofLeaf {
  index: number;
  userId: string;
  /** 32 bytes, hex; secret, given only to its user */
  salt: string;
  /** units, in the snapshot's coin order */
  balances: string[];
  hash: string;
}

export interface LiabilityProof {
  snapshot: LiabilitySnapshotSummary;
  leaf: LiabilityProofLeaf;
  path: LiabilityPathStep[];
}

/** one row of the anonymised leaf list */
interface LiabilityLeafRow {
  hash: string;
  balances: string[];
}

export interface LiabilityLeafList {
  snapshot: LiabilitySnapshotSummary;
  leaves: LiabilityLeafRow[];
}

export interface VerifyStep {
  /** the tree level of the node this step computed (leaves are level 0) */
  level: number;
  hash: string;
  sums: string[];
  ok: boolean;
}

export interface VerifyResult {
  ok: boolean;
  steps: VerifyStep[];
  /** 'format': the served bytes are not a well-formed proof (nothing was hashed) */
  failedAt?: { step: number | 'leaf' | 'root' | 'format'; reason: string };
}
