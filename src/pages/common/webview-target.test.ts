import { describe, expect, it } from 'vitest';
import { webViewTarget } from './webview-target';

const me = 'https://app.example.net';
const allow = ['bitcoin.org', '*.binance.com'];

describe('webViewTarget', () => {
  it('frames our own pages and https pages of listed hosts (wildcards cover subdomains)', () => {
    expect(webViewTarget('/h5/#/pages/common/faq', allow, me)).toBe('inside');
    expect(webViewTarget('https://bitcoin.org/bitcoin.pdf', allow, me)).toBe('inside');
    expect(webViewTarget('https://www.binance.com/en', allow, me)).toBe('inside');
    expect(webViewTarget('https://binance.com', allow, me)).toBe('inside');
  });
  it('sends everything else to a new tab, and refuses what is not a web address', () => {
    expect(webViewTarget('https://bitcoin.org.evil.io/', allow, me)).toBe('outside');
    expect(webViewTarget('https://notbinance.com/', allow, me)).toBe('outside');
    expect(webViewTarget('http://bitcoin.org/', allow, me)).toBe('outside');
    expect(webViewTarget('javascript:alert(1)', allow, me)).toBe('invalid');
    expect(webViewTarget('data:text/html,hi', allow, me)).toBe('invalid');
  });
});
