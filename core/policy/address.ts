/**
 * The shape of a receiving address on each network, as exchanges check it before a deposit address
 * is published or a withdrawal address saved: the right prefix, alphabet and length. It catches the
 * costly mistake (a TRC20 address on ERC20, a pasted sentence), not a mistyped checksum; the
 * network's own node is the judge of that. Networks not listed take the generic printable rule.
 */
const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const EVM = /^0x[0-9a-fA-F]{40}$/;

const SHAPES: Record<string, RegExp> = {
  ERC20: EVM,
  BEP20: EVM,
  ARB: EVM,
  OP: EVM,
  ETC: EVM,
  AVAX: EVM,
  TRC20: new RegExp(`^T${BASE58}{33}$`),
  BTC: new RegExp(`^(bc1[02-9ac-hj-np-z]{11,71}|[13]${BASE58}{25,34})$`),
  LTC: new RegExp(`^(ltc1[02-9ac-hj-np-z]{11,71}|[LM3]${BASE58}{26,33})$`),
  DOGE: new RegExp(`^[DA9]${BASE58}{25,34}$`),
  BCH: new RegExp(`^((bitcoincash:)?[qp][02-9ac-hj-np-z]{41}|[13]${BASE58}{25,34})$`),
  SOL: new RegExp(`^${BASE58}{32,44}$`),
  XRP: /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/,
  XLM: /^G[A-Z2-7]{55}$/,
  TON: /^([EU]Q[A-Za-z0-9_-]{46}|-?\d:[0-9a-fA-F]{64})$/,
  APT: /^0x[0-9a-fA-F]{1,64}$/,
  SUI: /^0x[0-9a-fA-F]{64}$/,
};

/** Printable, no spaces: hex, base58, bech32 and memo-less addresses of every other network. */
const GENERIC_ADDRESS = /^[A-Za-z0-9:_.-]{10,128}$/;

/**
 * The network a withdrawal address goes on: the one the user chose, which must be the coin's and fit
 * the address; or, when none was chosen (clients that send no network), the first of the coin's
 * networks whose shape the address has. undefined = the address fits none of them.
 */
export function networkOfAddress(networks: readonly string[], address: string, chosen?: string): string | undefined {
  if (chosen) return networks.includes(chosen) && addressFitsNetwork(chosen, address) ? chosen : undefined;
  return networks.find((n) => addressFitsNetwork(n, address));
}

/** True when `address` has the shape of a receiving address on `network`. */
export function addressFitsNetwork(network: string, address: string): boolean {
  return (SHAPES[network.toUpperCase()] ?? GENERIC_ADDRESS).test(address);
}
