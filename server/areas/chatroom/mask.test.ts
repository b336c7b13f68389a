import { describe, expect, it } from 'vitest';
import { maskLinksAndAddresses } from './domain/mask';

describe('chat masking for unverified senders', () => {
  it('hides links and wallet addresses, keeps ordinary words and numbers', () => {
    const cases: [string, string][] = [
      ['go to https://evil.example/claim now', 'go to *** now'],
      ['join t.me/freecoins', 'join ***'],
      ['www.scam.io', '***'],
      ['visit pump . com today', 'visit *** today'],
      ['send 0x52908400098527886E0F7030069857D2E4169EE7 please', 'send *** please'],
      ['btc bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'btc ***'],
      ['old 1BoatSLRHtKNngkdXEeobR76b53LETtpyT', 'old ***'],
      ['trx TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', 'trx ***'],
      ['sol 7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', 'sol ***'],
    ];
    for (const [input, want] of cases) expect(maskLinksAndAddresses(input)).toEqual({ text: want, masked: true });
    expect(maskLinksAndAddresses('BTC to 100k? I think 98,500.5 by Friday. e.g. up 3.5%')).toEqual({
      text: 'BTC to 100k? I think 98,500.5 by Friday. e.g. up 3.5%',
      masked: false,
    });
  });
});
