/**
 * The byte encoding of the liabilities tree (docs/liabilities.md spells it out byte by byte):
 *   commitment = SHA256( utf8("h5-pol/commit/v1\n") || salt(32) || utf8(userId) )
 *   leaf       = SHA256( 0x00 || commitment(32) || uint128(balance_0) || … )
 *   node       = SHA256( 0x01 || left.hash(32) || right.hash(32) || uint128(left.sum_i + right.sum_i) || … )
 * Every amount is 16 bytes unsigned big-endian; negative or ≥ 2^128 is refused.
 */
import type { Bytes } from './types';

const COMMIT_PREFIX = 'h5-pol/commit/v1\n';
const LEAF_TAG = 0x00;
export const NODE_TAG = 0x01;
export const HASH_BYTES = 32;
export const AMOUNT_BYTES = 16;
export const SALT_BYTES = 32;
export const UINT128_LIMIT = 1n << 128n;
const MASK64 = (1n << 64n) - 1n;

export class AmountRangeError extends RangeError {}

export function utf8Bytes(s: string): Bytes {
  const out: number[] = [];
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function toHex(bytes: Uint8Array, offset = 0, length = bytes.length - offset): string {
  let s = '';
  for (let i = offset; i < offset + length; i++) s += HEX[bytes[i]];
  return s;
}

/** lower- or upper-case hex of exactly `byteLength` bytes when given; throws otherwise */
export function fromHex(hex: string, byteLength?: number): Bytes {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new RangeError('not hex');
  if (byteLength !== undefined && hex.length !== byteLength * 2)
    throw new RangeError(`expected ${byteLength} bytes of hex`);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export function checkAmount(v: bigint): void {
  if (v < 0n) throw new AmountRangeError(`negative amount ${v}`);
  if (v >= UINT128_LIMIT) throw new AmountRangeError(`amount ${v} does not fit 128 bits`);
}

/** writes v as 16 bytes big-endian at dst[off]; refuses negative and ≥ 2^128 */
export function writeUint128(dst: Uint8Array, off: number, v: bigint): void {
  checkAmount(v);
  const view = new DataView(dst.buffer, dst.byteOffset + off, AMOUNT_BYTES);
  view.setBigUint64(0, v >> 64n);
  view.setBigUint64(8, v & MASK64);
}

function readUint128(src: Uint8Array, off: number): bigint {
  const view = new DataView(src.buffer, src.byteOffset + off, AMOUNT_BYTES);
  return (view.getBigUint64(0) << 64n) | view.getBigUint64(8);
}

/**
 * dst[dOff..+16] = a[aOff..+16] + b[bOff..+16], byte arithmetic with no allocation (the tree adds
 * millions of sums). Returns false when the sum reaches 2^128 (dst is then garbage).
 */
export function addUint128(
  dst: Uint8Array,
  dOff: number,
  a: Uint8Array,
  aOff: number,
  b: Uint8Array,
  bOff: number,
): boolean {
  let carry = 0;
  for (let i = AMOUNT_BYTES - 1; i >= 0; i--) {
    const s = a[aOff + i] + b[bOff + i] + carry;
    dst[dOff + i] = s & 0xff;
    carry = s >> 8;
  }
  return carry === 0;
}

let prefixBytes: Bytes | undefined;

export function commitmentInput(salt: Uint8Array, userId: string): Bytes {
  if (salt.length !== SALT_BYTES) throw new RangeError(`salt must be ${SALT_BYTES} bytes`);
  const prefix = (prefixBytes ??= utf8Bytes(COMMIT_PREFIX));
  const id = utf8Bytes(userId);
  const out = new Uint8Array(prefix.length + SALT_BYTES + id.length);
  out.set(prefix, 0);
  out.set(salt, prefix.length);
  out.set(id, prefix.length + SALT_BYTES);
  return out;
}

export function leafInput(commitment: Uint8Array, balances: readonly bigint[]): Bytes {
  if (commitment.length !== HASH_BYTES) throw new RangeError(`commitment must be ${HASH_BYTES} bytes`);
  const out = new Uint8Array(1 + HASH_BYTES + AMOUNT_BYTES * balances.length);
  out[0] = LEAF_TAG;
  out.set(commitment, 1);
  balances.forEach((b, i) => writeUint128(out, 1 + HASH_BYTES + AMOUNT_BYTES * i, b));
  return out;
}

/** bytes of a node's hash input for `coinCount` coins */
export function nodeInputLength(coinCount: number): number {
  return 1 + 2 * HASH_BYTES + AMOUNT_BYTES * coinCount;
}

/** encoded sums (k × 16 bytes) → decimal strings */
export function sumsToStrings(sums: Uint8Array, off: number, coinCount: number): string[] {
  return Array.from({ length: coinCount }, (_, i) => readUint128(sums, off + AMOUNT_BYTES * i).toString());
}
