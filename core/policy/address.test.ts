import { describe, expect, it } from 'vitest';
import { addressFitsNetwork } from './address';

// Addresses in the documented formats of each network (shape only; none is anyone's wallet).
const EVM = '0x52908400098527886E0F7030069857D2E4169EE7';
const TRON = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const BECH32 = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

describe('addressFitsNetwork', () => {
  it('accepts each network its own shape', () => {
    expect(addressFitsNetwork('ERC20', EVM)).toBe(true);
    expect(addressFitsNetwork('TRC20', TRON)).toBe(true);
    expect(addressFitsNetwork('BTC', BECH32)).toBe(true);
    expect(addressFitsNetwork('BTC', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toBe(true);
  });
  it('refuses the costly mix-ups: another network, a pasted sentence, a cut-off copy', () => {
    expect(addressFitsNetwork('ERC20', TRON)).toBe(false);
    expect(addressFitsNetwork('TRC20', EVM)).toBe(false);
    expect(addressFitsNetwork('BTC', EVM)).toBe(false);
    expect(addressFitsNetwork('TRC20', TRON.slice(0, -2))).toBe(false);
    expect(addressFitsNetwork('ERC20', `${EVM} `)).toBe(false);
    expect(addressFitsNetwork('TRC20', 'TQ4platformUSDTdepositAddr00000001')).toBe(false); // 0 and l are not base58
  });
  it('falls back to the printable rule on networks it does not list', () => {
    expect(addressFitsNetwork('DOT', '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5')).toBe(true);
    expect(addressFitsNetwork('DOT', 'not an address')).toBe(false);
  });
});
