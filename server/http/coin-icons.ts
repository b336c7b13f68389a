/**
 * Coin and network logos at /h5/coins/<SYMBOL>.svg and /h5/coins/net/<network>.svg, from the
 * maintained @web3icons/core package (thousands of tokens, so any coin the back office adds has one
 * when the package does). Served as plain static SVG; a name it does not know answers 404 and the
 * page draws its lettered fallback (src/components/CoinIcon.tsx).
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';

const require = createRequire(import.meta.url);
const SYMBOL = /^[A-Z0-9]{1,15}$/;
const NETWORK = /^[a-z0-9-]{1,40}$/;
/** a day: a logo rarely changes, and a new package version ships with a deploy */
const CACHE = 'public, max-age=86400';

/** The package modules are `var X = '<svg…>'; export { X as default };` — read the string, run nothing. */
function readSvg(spec: string): string | null {
  let file: string;
  try {
    file = require.resolve(spec);
  } catch {
    return null;
  }
  const src = fs.readFileSync(file, 'utf8');
  const m = /=\s*'(<svg[\s\S]*?<\/svg>)(?:\\n)*'/.exec(src);
  return m ? m[1].replace(/\\n/g, '\n').replace(/\\'/g, "'") : null;
}

function coinIconSvg(symbol: string): string | null {
  const s = symbol.toUpperCase();
  return SYMBOL.test(s) ? readSvg(`@web3icons/core/svgs/tokens/background/${s}.svg.js`) : null;
}

function networkIconSvg(network: string): string | null {
  return NETWORK.test(network) ? readSvg(`@web3icons/core/svgs/networks/background/${network}.svg.js`) : null;
}

export function registerCoinIcons(app: FastifyInstance): void {
  // only logos found are kept (bounded by the package); a miss is a cheap failed resolve
  const cache = new Map<string, string>();
  const send = (key: string, load: () => string | null) => {
    const hit = cache.get(key);
    if (hit) return hit;
    const svg = load();
    if (svg) cache.set(key, svg);
    return svg;
  };
  app.get<{ Params: { file: string } }>('/h5/coins/:file', async (req, reply) => {
    const sym = /^(.+)\.svg$/.exec(req.params.file)?.[1] ?? '';
    const svg = send(`t:${sym.toUpperCase()}`, () => coinIconSvg(sym));
    if (!svg) return reply.code(404).header('cache-control', CACHE).type('text/plain').send('no logo');
    return reply
      .header('cache-control', CACHE)
      .header('x-content-type-options', 'nosniff')
      .type('image/svg+xml')
      .send(svg);
  });
  app.get<{ Params: { file: string } }>('/h5/coins/net/:file', async (req, reply) => {
    const net = /^(.+)\.svg$/.exec(req.params.file)?.[1] ?? '';
    const svg = send(`n:${net}`, () => networkIconSvg(net));
    if (!svg) return reply.code(404).header('cache-control', CACHE).type('text/plain').send('no logo');
    return reply
      .header('cache-control', CACHE)
      .header('x-content-type-options', 'nosniff')
      .type('image/svg+xml')
      .send(svg);
  });
}
