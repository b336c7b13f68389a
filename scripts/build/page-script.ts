/**
 * Some of the app's modules as one classic script for a bare test or bench page, which then drives
 * them over the real lightweight-charts: the script sets `window[name]` to the modules' exports and
 * takes the library from the page's global `LightweightCharts` (its standalone build, added first).
 * Used by e2e/chart-trim.spec.ts (the chart controller) and bench/browser/redraw-cpu.ts (the labels).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';

/** The repository root. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** lightweight-charts' standalone build, which sets the page's global `LightweightCharts`: add it first. */
export function chartLibraryScript(): string {
  return fs.readFileSync(
    path.join(ROOT, 'node_modules/lightweight-charts/dist/lightweight-charts.standalone.production.js'),
    'utf8',
  );
}

/** `exports`: each export's name and its module, from the repository root (e.g. 'src/components/kline/options'). */
export async function pageScript(name: string, exports: Record<string, string>, minify = true): Promise<string> {
  const entry = path.join(os.tmpdir(), `page-script-${name}-${process.pid}.ts`);
  const lines = Object.entries(exports).map(
    ([what, from]) => `export { ${what} } from ${JSON.stringify(path.join(ROOT, from))};\n`,
  );
  fs.writeFileSync(entry, lines.join(''));
  // vite's build sets process.env.NODE_ENV to 'production' when it is unset, for the whole process:
  // a Playwright worker then started every later spec's server as production (no dev outbox)
  const nodeEnv = process.env.NODE_ENV;
  try {
    const out = (await build({
      configFile: false,
      logLevel: 'silent',
      root: ROOT,
      // a library build leaves process.env to its host; this one's host is a page
      define: { 'process.env.NODE_ENV': '"production"' },
      build: {
        write: false,
        minify,
        lib: { entry, formats: ['iife'], name, fileName: name },
        rolldownOptions: {
          external: ['lightweight-charts'],
          output: { globals: { 'lightweight-charts': 'LightweightCharts' } },
        },
      },
    })) as Rollup.RollupOutput | Rollup.RollupOutput[];
    const chunk = (Array.isArray(out) ? out[0] : out).output.find((o): o is Rollup.OutputChunk => o.type === 'chunk');
    if (!chunk) throw new Error(`no script of ${Object.keys(exports).join(', ')}`);
    return chunk.code;
  } finally {
    fs.rmSync(entry, { force: true });
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
