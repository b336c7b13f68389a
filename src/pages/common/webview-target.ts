/**
 * Where a web-view link opens: 'inside' (framed: our own origin, or https on an allow-listed host
 * — "*.example.com" also allows its subdomains), 'outside' (warned, then a new tab) or 'invalid'
 * (not an http(s) URL: javascript:, data:, …).
 */
export function webViewTarget(
  url: string,
  allow: readonly string[],
  ownOrigin: string,
): 'inside' | 'outside' | 'invalid' {
  let u: URL;
  try {
    u = new URL(url, ownOrigin);
  } catch {
    return 'invalid';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'invalid';
  if (u.origin === ownOrigin) return 'inside';
  if (u.protocol !== 'https:') return 'outside';
  const host = u.hostname.toLowerCase();
  const ok = allow.some((a) => (a.startsWith('*.') ? host === a.slice(2) || host.endsWith(a.slice(1)) : host === a));
  return ok ? 'inside' : 'outside';
}
