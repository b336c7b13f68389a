/**
 * A Vite plugin that writes `file.br` and `file.gz` beside every text asset of the build, for
 * @fastify/static's `preCompressed` (server/http/static.ts): the server sends the smallest one the
 * browser accepts without compressing on each request. Runs last (after the service worker is
 * generated) and uses Node's zlib, so there is no extra dependency.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** below this a compressed copy saves less than the response headers cost */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else yield p;
  }
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'h5-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const f of files(outDir)) {
          if (!TEXT.test(f)) continue;
          const buf = fs.readFileSync(f);
          if (buf.length < MIN_BYTES) continue;
          fs.writeFileSync(
            `${f}.br`,
            zlib.brotliCompressSync(buf, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
              },
            }),
          );
          fs.writeFileSync(`${f}.gz`, zlib.gzipSync(buf, { level: 9 }));
        }
      },
    },
  };
}
