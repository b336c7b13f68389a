import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerCoinIcons } from './coin-icons';

describe('coin logos under /h5/coins/', () => {
  const app = Fastify();
  registerCoinIcons(app);

  it('serves a known coin (any case) and a network as SVG images a page can cache', async () => {
    for (const url of ['/h5/coins/BTC.svg', '/h5/coins/usdt.svg', '/h5/coins/net/tron.svg']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
      expect(res.body.startsWith('<svg')).toBe(true);
      expect(res.body.trimEnd().endsWith('</svg>')).toBe(true);
      expect(res.body).not.toContain('\\n');
    }
  });

  it('answers 404 for a coin it has no logo for, and never reads outside the package', async () => {
    for (const url of [
      '/h5/coins/NOSUCHCOIN9.svg',
      '/h5/coins/..%2F..%2Fpackage.json.svg',
      '/h5/coins/BTC.png',
      '/h5/coins/net/..%2Fx.svg',
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});
