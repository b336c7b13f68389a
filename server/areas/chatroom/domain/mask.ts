/**
 * Hides links and wallet addresses in a message from an unverified sender (identity level 0):
 * spam and scam waves in money chat rooms are links and "send to this address". The masked text
 * is what is stored and delivered, so no client can show the original. Each hidden part becomes
 * HIDDEN; the message row says it was masked, so the page can explain why.
 */
const HIDDEN = '***';

const PATTERNS: readonly RegExp[] = [
  /\b(?:https?:\/\/|www\.)\S+/gi,
  // a bare domain with a common top-level domain (t.me/…, example.com/path)
  /\b[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9-]{1,63})*\s?\.\s?(?:com|net|org|io|xyz|app|me|co|cc|top|vip|info|biz|link|club|site|online|ru|cn|tk|gg|ly|to|finance|exchange|pro|shop|live)\b(?:\/\S*)?/gi,
  /\b0x[a-fA-F0-9]{40}\b/g, // EVM
  /\bbc1[a-z0-9]{20,90}\b/gi, // bitcoin bech32
  /\bT[1-9A-HJ-NP-Za-km-z]{33}\b/g, // tron
  /\b[13][a-km-zA-HJ-NP-Z1-9]{25,34}\b/g, // bitcoin base58
  /\b[1-9A-HJ-NP-Za-km-z]{32,44}\b/g, // solana and other base58 addresses
];

export function maskLinksAndAddresses(text: string): { text: string; masked: boolean } {
  let out = text;
  for (const re of PATTERNS) out = out.replace(re, HIDDEN);
  return { text: out, masked: out !== text };
}
