/** base64url without padding (RFC 4648 §5), strict: the text form of a binary proof. No Buffer, no atob (core is pure). */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

export function toBase64url(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) s += ALPHABET[(n >> (18 - 6 * c)) & 63];
  }
  return s;
}

/**
 * The bytes of unpadded base64url text; throws RangeError on any other character, on a length
 * no encoding gives (4n+1), or on non-zero unused bits (so each byte string has one text).
 */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  if (text.length % 4 === 1) throw new RangeError('base64url text of impossible length');
  const out = new Uint8Array(Math.floor((text.length * 6) / 8));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const v = code < 128 ? VALUE[code] : -1;
    if (v < 0) throw new RangeError(`not base64url at character ${i}`);
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  if (bits > 0 && (acc & ((1 << bits) - 1)) !== 0) throw new RangeError('base64url text has stray trailing bits');
  return out;
}
