import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136+): every function of the file is compiled eagerly, off the main thread while it streams in. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const HINT = `${COMPILE_HINT}\n`;

/**
 * A map's mappings one generated line down. An empty map (a chunk of re-exports maps to no source)
 * stays empty: ";" is a map of no sources with a line, which Lighthouse's source-map reader fails on.
 */
const shifted = (mappings: string) => (mappings ? `;${mappings}` : mappings);

/**
 * Marks the chunks the app's entry loads before its first render — the entry, the boot stages it
 * imports (src/main.tsx) and what they import; index.html preloads exactly these — for eager
 * compilation. Without the hint V8 only pre-parses their functions while the file
 * streams, then compiles each on the main thread at its first call, inside boot's long tasks (React
 * DOM's evaluation was one task of 100–250 ms at 4× CPU). Lazy routes are left to V8's own
 * heuristics (much of them never runs). `alsoChunks`: chunks marked by name besides — the chart
 * library ('chart'), whose first draw otherwise compiles each of its functions on the main thread
 * at its first call, inside the chart's first paint. Written into the finished chunks (the hint must be
 * the file's first line, so after minification), their source maps shifted by that one line.
 * Browsers without the feature read a comment.
 */
export function compileHints(entryName: string | null, alsoChunks: readonly string[] = []): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    // after Vite's own (it puts the preload map in front of the entry's code)
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const eager = new Set<string>();
        // the entry and the stages it imports in turn (src/main.tsx), each with what it imports
        const todo = Object.values(bundle).flatMap((o) =>
          o.type === 'chunk' && o.isEntry && o.name === entryName ? [o.fileName, ...o.dynamicImports] : [],
        );
        while (todo.length) {
          const f = todo.pop()!;
          const c = bundle[f];
          if (eager.has(f) || c?.type !== 'chunk') continue;
          eager.add(f);
          todo.push(...c.imports);
        }
        for (const o of Object.values(bundle))
          if (o.type === 'chunk' && alsoChunks.includes(o.name)) eager.add(o.fileName);
        for (const f of eager) {
          const c = bundle[f];
          if (c?.type !== 'chunk') continue;
          c.code = HINT + c.code;
          if (c.map) c.map.mappings = shifted(c.map.mappings);
          const map = bundle[`${f}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const m = JSON.parse(map.source) as { mappings: string };
            m.mappings = shifted(m.mappings);
            map.source = JSON.stringify(m);
          }
        }
      },
    },
  };
}
