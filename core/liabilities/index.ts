// Proof of liabilities: the Merkle-sum tree, its byte encoding, proofs and their verification.
export * from './types';
export * from './units';
export {
  AMOUNT_BYTES,
  HASH_BYTES,
  UINT128_LIMIT,
  commitmentInput,
  fromHex,
  leafInput,
  toHex,
  writeUint128,
} from './encoding';
export * from './tree';
export * from './verify';
export * from './leaf';
export * from './proof-bytes';
export { fromBase64url, toBase64url } from './base64url';
