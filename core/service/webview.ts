/**
 * The web view's allow-list (a site setting, `webview_allow`: host names separated by commas or
 * spaces; "*.example.com" also allows its subdomains). A link to a listed https host opens inside
 * the app frame; any other opens in a new tab after a warning. Same-origin links are always in.
 */
export const DEFAULT_WEBVIEW_ALLOW = 'bitcoin.org, ethereum.org, *.binance.com, coinmarketcap.com, www.coingecko.com';

export function parseAllowList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((h) => h.trim().toLowerCase())
    .filter((h) => /^(\*\.)?[a-z0-9.-]+$/.test(h));
}
