/**
 * A Vite plugin: the page a visitor opens loads in parallel with the shell.
 *
 * Without it the opened route's chunk is asked for only once the entry has arrived and run — one
 * more round trip plus its download after the shell, so Home's prices (from the quotes snapshot in
 * the HTML) painted late. index.html gets a tiny async script, read by the parser before the entry:
 * from the location's hash it adds `modulepreload` links for that route's chunks (and `preload`
 * links for its styles), so they download beside the entry. Vite's own preload helper later finds
 * the links and does not ask again.
 *
 * An external script, not an inline one: the CSP allows no inline script (server/http/security-headers.ts).
 * Only the routes a visitor lands on are listed, to keep the script small; others load as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { LANGS } from '../../core/types/api';
import { firstLang } from '../../core/policy/first-lang';

/** route names (src/app/routes.ts) a first visit lands on; signed-in-only ones are left out */
const LANDING_ROUTES = [
  'index/index',
  'market/market',
  'transaction/index',
  'financial/index',
  'common/login',
  'common/register',
  'transaction/contract',
  'transaction/index2',
  'market/detail',
];
const HOME = '/pages/index/index';

/** route name → page source path ("pages/index/index"), read from the route table */
function routePages(routesSource: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of routesSource.matchAll(/name: '([^']+)'[^}\n]*import\('\.\.\/(pages\/[^']+)'\)/g)) out.set(m[1], m[2]);
  return out;
}

/**
 * The script's text: a file table and, per hash path, the indexes of the files to preload; then the
 * chunk of the language the visit starts in (`firstLang`'s own text, so the app and the script pick
 * the same one), which the entry waits for before its first render.
 */
export function preloadScript(
  base: string,
  files: string[],
  routes: Record<string, number[]>,
  langFiles: Record<string, string> = {},
  assets = 'assets/',
): string {
  return (
    // under a service worker (a later visit) there is no round trip to hide, and a link to a module
    // already at hand compiled it inside the insertion: 200–500 ms in one task before the first
    // paint at 2× CPU (bench/browser/load-probe.ts --warm=1)
    `(function(){if(navigator.serviceWorker&&navigator.serviceWorker.controller)return;var f=${JSON.stringify(files)},r=${JSON.stringify(routes)},g=${JSON.stringify(langFiles)};` +
    `function add(n){var e=document.createElement('link'),h=${JSON.stringify(base)}+n;if(/\\.css$/.test(h)){e.rel='preload';e.as='style'}else e.rel='modulepreload';e.crossOrigin='';e.href=h;document.head.appendChild(e)}` +
    `var p=location.hash.slice(1).split('?')[0];if(!p||p==='/')p=${JSON.stringify(HOME)};var l=r[p]||[];for(var i=0;i<l.length;i++)add(f[l[i]]);` +
    `var s;try{s=JSON.parse(localStorage.getItem('session')||'{}').lang}catch(x){}` +
    `var k=g[(${compact(firstLang.toString())})(s,navigator.language||'',${JSON.stringify(LANGS)})];if(k)add(${JSON.stringify(assets)}+k)})();\n`
  );
}

/** A function's text on one line: its strings hold no runs of spaces, so collapsing whitespace keeps it as it was. */
const compact = (code: string) => code.replace(/\s+/g, ' ');

type Meta = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/**
 * index.html with the boot stages' chunks as `modulepreload` links after the entry's own, and their
 * styles as stylesheets before the entry's first one — dependencies first, in the order the stages
 * run, so the cascade is the one a static import gave (the kit's styles, then the app's). Vite's
 * preload helper finds both when main.tsx imports a stage and asks for nothing again.
 */
function withStages(html: string, base: string, files: string[], cssOf: (file: string) => string[]): string {
  if (files.length === 0) return html;
  const js = files.map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`);
  const css: string[] = [];
  for (const f of files)
    for (const c of cssOf(f)) if (!css.includes(c) && !html.includes(`href="${base}${c}"`)) css.push(c);
  let out = html;
  if (css.length) {
    const firstCss = out.indexOf('<link rel="stylesheet"');
    const at = firstCss >= 0 ? firstCss : out.indexOf('</head>');
    out = `${out.slice(0, at)}${css.map((c) => `<link rel="stylesheet" crossorigin href="${base}${c}">`).join('\n    ')}\n    ${out.slice(at)}`;
  }
  const end = out.indexOf('</head>');
  return `${out.slice(0, end)}  ${js.join('\n    ')}\n  ${out.slice(end)}`;
}

/** The bundle's chunks by file: what a chunk pulls in statically, and the styles it imports. */
class ChunkGraph {
  readonly chunks: Meta[];
  private readonly byFile: Map<string, Meta>;

  constructor(bundle: OutputBundle) {
    this.chunks = Object.values(bundle).filter((o): o is Meta => o.type === 'chunk');
    this.byFile = new Map(this.chunks.map((c) => [c.fileName, c]));
  }

  get(file: string): Meta | undefined {
    return this.byFile.get(file);
  }

  /** the chunk and everything it imports statically, by file name */
  closure(c: Meta, into = new Set<string>()): Set<string> {
    if (into.has(c.fileName)) return into;
    into.add(c.fileName);
    for (const i of c.imports) {
      const d = this.byFile.get(i);
      if (d) this.closure(d, into);
    }
    return into;
  }

  cssOf(file: string): string[] {
    return [...(this.byFile.get(file)?.viteMetadata?.importedCss ?? [])];
  }
}

/**
 * The entry's boot stages (src/boot/, src/i18n: imported one after another by src/main.tsx so
 * their evaluation is split over tasks), with the chunks they import outside the shell.
 * Walked in the order the entry imports them, each chunk after its imports (the styles' cascade).
 */
function bootStageFiles(graph: ChunkGraph, entry: Meta, shell: ReadonlySet<string>): string[] {
  const stages = entry.dynamicImports
    .map((d) => graph.get(d))
    .filter(
      (c): c is Meta =>
        !!c?.facadeModuleId && /[\\/]src[\\/](boot[\\/][^\\/]+|i18n[\\/]index)\.tsx?$/.test(c.facadeModuleId),
    )
    .sort(
      (x, y) =>
        entry.code.indexOf(x.fileName.split('/').pop() ?? '') - entry.code.indexOf(y.fileName.split('/').pop() ?? ''),
    );
  const stageFiles: string[] = [];
  const seen = new Set<string>();
  const postOrder = (c: Meta) => {
    if (shell.has(c.fileName) || seen.has(c.fileName)) return;
    seen.add(c.fileName);
    for (const i of c.imports) {
      const d = graph.get(i);
      if (d) postOrder(d);
    }
    stageFiles.push(c.fileName);
  };
  for (const c of stages) postOrder(c);
  return stageFiles;
}

/** The script's file table and, per landing route, the indexes of its chunks and styles outside the shell. */
function landingRoutes(
  graph: ChunkGraph,
  shell: ReadonlySet<string>,
  routesSource: string,
): { files: string[]; routes: Record<string, number[]> } {
  const shellCss = new Set([...shell].flatMap((f) => graph.cssOf(f)));
  const files: string[] = [];
  const index = (f: string) => (files.includes(f) ? files.indexOf(f) : files.push(f) - 1);
  const routes: Record<string, number[]> = {};
  const pages = routePages(routesSource);
  for (const name of LANDING_ROUTES) {
    const page = pages.get(name);
    const chunk =
      page &&
      graph.chunks.find(
        (c) =>
          c.facadeModuleId &&
          /\.tsx?$/.test(c.facadeModuleId) &&
          c.facadeModuleId.replace(/\.tsx?$/, '').endsWith(`/src/${page}`),
      );
    if (!chunk) throw new Error(`route-preload: no chunk for route ${name} (src/app/routes.ts changed?)`);
    const own = [...graph.closure(chunk)].filter((f) => !shell.has(f));
    const css = own.flatMap((f) => graph.cssOf(f)).filter((f) => !shellCss.has(f));
    routes[`/pages/${name}`] = [...new Set([...own, ...css])].map(index);
  }
  return { files, routes };
}

/** one chunk per language (scripts/build/chunks.ts names them lang-<lang>), by its name under assets/ */
function languageFiles(chunks: readonly Meta[]): Record<string, string> {
  const langFiles: Record<string, string> = {};
  for (const c of chunks) {
    const m = /^lang-([a-z]+)$/.exec(c.name);
    // the folder is written once in the script (every byte of it is on the first load)
    if (m && c.fileName.startsWith('assets/')) langFiles[m[1]] = c.fileName.slice('assets/'.length);
  }
  return langFiles;
}

/** index.html with the preload script before the entry's module script, and the boot stages linked. */
function withPreloads(text: string, base: string, src: string, stageFiles: string[], graph: ChunkGraph): string {
  const at = text.indexOf('<script type="module"');
  if (at < 0) throw new Error('route-preload: no module script in index.html');
  const out = `${text.slice(0, at)}<script async src="${src}"></script>\n    ${text.slice(at)}`;
  return withStages(out, base, stageFiles, (f) => graph.cssOf(f));
}

export function routePreload(routesFile: string): Plugin {
  let base = '/';
  let root = '';
  return {
    name: 'h5-route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(c) {
      base = c.base;
      root = c.root;
    },
    generateBundle(_options, bundle: OutputBundle) {
      const html = bundle['index.html'];
      const graph = new ChunkGraph(bundle);
      const entry = graph.chunks.find((c) => c.isEntry && c.facadeModuleId === path.join(root, 'index.html'));
      if (!html || html.type !== 'asset' || !entry) return;
      const shell = graph.closure(entry);
      // The boot stages are part of the shell: their chunks are modulepreloaded and their styles
      // linked by index.html itself, as if the entry imported them statically.
      const stageFiles = bootStageFiles(graph, entry, shell);
      for (const f of stageFiles) shell.add(f);
      const { files, routes } = landingRoutes(graph, shell, fs.readFileSync(routesFile, 'utf8'));
      const ref = this.emitFile({
        type: 'asset',
        name: 'route-preload.js',
        source: preloadScript(base, files, routes, languageFiles(graph.chunks)),
      });
      html.source = withPreloads(String(html.source), base, `${base}${this.getFileName(ref)}`, stageFiles, graph);
    },
  };
}
