/**
 * Security headers on every response of the app, the back office and the API (issue 14 item 10):
 * the pages may not be framed (clickjacking), content types are not sniffed, referrers stay on the
 * origin, and the CSP allows exactly what the built app loads. A tiny onSend hook because no new
 * package can be added here; @fastify/helmet would replace it one for one.
 *
 * The CSP fits the app: its own module scripts only (no eval; the only inline scripts are the app
 * shell's two in index.html, allowed by their hashes on that route alone: server/http/static.ts); the market Web
 * Worker (a module URL, blob: for bundler fallbacks); socket.io over ws:/wss: to the same host;
 * data:/blob: images (seeded banner SVGs, QR codes, canvas snapshots); inline styles, which
 * antd-mobile and antd set as style attributes and <style> tags.
 */
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

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
};

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    // A route that set a stricter header (uploads: default-src 'none') keeps its own.
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!reply.hasHeader(name)) reply.header(name, value);
    return payload;
  });
}
