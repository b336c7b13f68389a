/**
 * Bundle budget, run by `npm test` after the build: fails when the JS a route needs
 * before it can paint grows past its budget. Byte sizes of the brotli files the server sends
 * (scripts/build/precompress.ts), not times, so it is stable on any machine.
 *
 * - entry: the script index.html loads and everything it preloads (the shell every route waits for:
 *   with the boot stages src/main.tsx imports, which must all be in index.html — checked here);
 * - each route: its lazy page chunk plus that chunk's static imports not already in the entry,
 *   from Vite's build manifest (dist/h5/.vite/manifest.json).
 *
 *   npx tsx scripts/bundle-budget.ts [--dir=dist/h5]
 */
import fs from 'node:fs';
import path from 'node:path';
import { COMPILE_HINT } from './build/compile-hints';

const KB = 1024;
/** brotli bytes; raise one only with a reason in the commit */
export const BUDGETS = {
  // 156.5 KB: react-dom and react-router (≈ 82 KB), axios (the /api client the design card names:
  // one instance whose interceptors carry spec §7's headers and §8's rules; its xhr adapter cannot
  // be left out though the fetch one is used, ≈ 18.7 KB), i18next (≈ 18 KB), the route preloader.
  // decimal.js, the money math and the worker bridge load with the routes that use them.
  entry: 157 * KB, // never past 170 KB: the first-load goal's budget
  routes: {
    // the routes that calculate or stream load decimal.js (11 KB) and the worker bridge (3.5 KB)
    // themselves, in parallel with the entry (index.html preloads the opened route's chunks)
    'pages/index/index.tsx': 44 * KB, // 41.7 KB: the notice on the native <dialog>, the banners as a scroll-snap carousel (no Swiper or react-spring on Home)
    'pages/market/market.tsx': 43 * KB, // 41.0 KB: a CSS tab row instead of antd's Tabs (no react-spring on Markets)
    'pages/trade/index2.tsx': 87 * KB, // 86.0 KB (85.4 before the painted book and trades list wrote each snapshot into their rows' nodes instead of rendering, useMirrorWrite): the trade screen's Tabs and Popups (react-spring, use-gesture), the book and trades painted by the worker, TP/SL, the positions' figures, every figure in the language's marks
    'pages/common/login.tsx': 46 * KB, // 43.5 KB: the password rule shared with the server; the language sheet loads on first tap
  } as Record<string, number>,
};

interface Chunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

function main(): void {
  const dirArg = process.argv.find((a) => a.startsWith('--dir='));
  const dir = path.resolve(dirArg ? dirArg.slice(6) : 'dist/h5');
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const br = (file: string) => {
    const p = path.join(dir, `${file}.br`);
    return fs.existsSync(p) ? fs.statSync(p).size : fs.statSync(path.join(dir, file)).size;
  };
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    const c = manifest[key];
    if (!c || into.has(c.file)) return into;
    into.add(c.file);
    for (const i of c.imports ?? []) closure(i, into);
    return into;
  };
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const entryFiles = new Set([...html.matchAll(/(?:src|href)="\/h5\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  const sum = (files: Iterable<string>) => [...files].reduce((a, f) => a + br(f), 0);
  // The entry's boot stages (src/main.tsx imports them one after another) must be in index.html
  // with everything they import (scripts/build/route-preload.ts): a stage missing there would be
  // fetched only when the one before it has run, a round trip more before the first render.
  const entry = manifest['index.html'];
  const stages = (entry?.dynamicImports ?? []).filter(
    (k) => /^(boot\/[^/]+|i18n\/index)\.tsx?$/.test(manifest[k]?.src ?? k) || /^_i18n-/.test(k),
  );
  const missing = [...new Set(stages.flatMap((k) => [...closure(k)]))].filter((f) => !entryFiles.has(f));
  if (missing.length) {
    console.error(
      `[bundle-budget] boot-stage chunks not in index.html (each would cost a request after the stage before it): ${missing.join(', ')}`,
    );
    process.exit(1);
  }
  // The entry and its boot stages (what the first render needs) carry V8's compile hint in its first line
  // (scripts/build/compile-hints.ts), so it compiles off the main thread while it streams in.
  const boot = new Set([...closure('index.html'), ...stages.flatMap((k) => [...closure(k)])]);
  const unhinted = [...boot].filter((f) => !fs.readFileSync(path.join(dir, f), 'utf8').startsWith(COMPILE_HINT));
  if (unhinted.length) {
    console.error(
      `[bundle-budget] boot chunks without the compile hint (scripts/build/compile-hints.ts): ${unhinted.join(', ')}`,
    );
    process.exit(1);
  }
  const rows: { name: string; bytes: number; budget: number }[] = [
    { name: 'entry (index.html)', bytes: sum(entryFiles), budget: BUDGETS.entry },
  ];
  for (const [src, budget] of Object.entries(BUDGETS.routes)) {
    if (!manifest[src]) throw new Error(`${src} is not a chunk in the build manifest: update scripts/bundle-budget.ts`);
    const own = [...closure(src)].filter((f) => !entryFiles.has(f));
    rows.push({ name: src, bytes: sum(own), budget });
  }
  let failed = false;
  for (const r of rows) {
    const over = r.bytes > r.budget;
    failed ||= over;
    console.log(
      `${over ? 'OVER' : 'ok  '} ${r.name.padEnd(32)} ${(r.bytes / KB).toFixed(1).padStart(6)} KB br / budget ${(r.budget / KB).toFixed(0)} KB`,
    );
  }
  if (failed) {
    console.error('[bundle-budget] a route grew past its budget (see above)');
    process.exit(1);
  }
}

main();
