/**
 * Security headers on every response of the app, the back office and the API:
 * the pages may not be framed (clickjacking), content types are not sniffed, referrers stay on the
 * origin, and the CSP allows exactly what the built app loads. A tiny onSend hook because no new
 * package can be added here; @fastify/helmet would replace it one for one.
 *
 * The CSP fits the app: its own module scripts only (no eval; the only inline scripts are the app
 * shell's two in index.html, allowed by their hashes on that route alone: server/http/static.ts); the market Web
 * Worker (a module URL, blob: for bundler fallbacks); socket.io over ws:/wss: to the same host;
 * data:/blob: images (seeded banner SVGs, QR codes, canvas snapshots); inline styles, which
 * antd-mobile and antd set as style attributes and <style> tags.
 *
 * Permissions-Policy turns off the powerful browser features the app never uses (no page asks for
 * the camera: identity and payment pictures are picked with a plain file input, which needs no
 * permission). HSTS is sent only on answers that came over https — directly, or through a proxy
 * that says so (X-Forwarded-Proto with TRUST_PROXY on) — since a browser ignores it over http and a
 * plain-http test deployment must not be pinned to https.
 *
 * socket.io's engine answers its polling requests itself, outside Fastify's hooks: a listener put
 * in front of the raw server's `request` event gives those answers the same headers.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  // the web view (common/webView) frames approved https pages only: the page checks the
  // operators' allow-list and sandboxes the frame; anything else opens in a new tab
  'frame-src https:',
].join('; ');

const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': PERMISSIONS_POLICY,
};

/** One year; no includeSubDomains: the operator's other hosts are not ours to pin. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

const SECURITY_HEADER_LIST = Object.entries(SECURITY_HEADERS);

export function registerSecurityHeaders(app: FastifyInstance): void {
  // a callback hook, not an async one: it awaits nothing, and every answer of the app pays for it
  app.addHook('onSend', (req, reply, payload, done) => {
    // A route that set a stricter header (uploads: default-src 'none') keeps its own.
    for (const [name, value] of SECURITY_HEADER_LIST) if (!reply.hasHeader(name)) reply.header(name, value);
    // req.protocol reads X-Forwarded-Proto only when Fastify trusts the proxy (TRUST_PROXY)
    if (req.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done(null, payload);
  });
}

/** Whether a raw request came over https, by the same rule as Fastify's req.protocol. */
function cameOverHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  if (!trustProxy) return false;
  const proto = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0]?.trim().toLowerCase();
  return first === 'https';
}

/**
 * The same headers on the answers of socket.io's engine (handshake, polling, its errors), which
 * never pass through Fastify. Call after socket.io is attached: the listener goes first and only
 * sets headers, so the engine's own writeHead still decides the rest.
 */
export function hardenRawAnswers(server: Server, pathPrefix: string, trustProxy: boolean): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith(pathPrefix)) return;
    for (const [name, value] of SECURITY_HEADER_LIST) res.setHeader(name, value);
    if (cameOverHttps(req, trustProxy)) res.setHeader('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });
}
