import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from '../../scripts/build/compile-hints';

type Chunk = {
  type: 'chunk';
  fileName: string;
  name: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  code: string;
  map: { mappings: string } | null;
};
type Asset = { type: 'asset'; fileName: string; source: string };
const chunk = (fileName: string, o: Partial<Chunk> = {}): Chunk => ({
  type: 'chunk',
  fileName,
  name: fileName.split('.')[0],
  isEntry: false,
  imports: [],
  dynamicImports: [],
  code: `code of ${fileName}`,
  map: { mappings: 'AAAA' },
  ...o,
});

describe('compile hints on the boot chunks (scripts/build/compile-hints.ts)', () => {
  it('mark the entry, its boot stages and what they import — not lazy routes — and shift their maps by the added line', () => {
    const bundle: Record<string, Chunk | Asset> = {
      'main.js': chunk('main.js', {
        isEntry: true,
        imports: ['helper.js'],
        dynamicImports: ['libraries.js', 'app.js'],
      }),
      'helper.js': chunk('helper.js'),
      // a chunk of re-exports: its map maps nothing
      'libraries.js': chunk('libraries.js', { imports: ['vendor-react.js'], map: { mappings: '' } }),
      'vendor-react.js': chunk('vendor-react.js'),
      'app.js': chunk('app.js', { imports: ['vendor-react.js'], dynamicImports: ['route.js'] }),
      'route.js': chunk('route.js', { imports: ['chart.js'] }),
      'chart.js': chunk('chart.js'),
      'admin.js': chunk('admin.js', { isEntry: true, name: 'admin' }),
      'vendor-react.js.map': {
        type: 'asset',
        fileName: 'vendor-react.js.map',
        source: JSON.stringify({ version: 3, mappings: 'AAAA' }),
      },
      'route.js.map': {
        type: 'asset',
        fileName: 'route.js.map',
        source: JSON.stringify({ version: 3, mappings: 'AAAA' }),
      },
      'libraries.js.map': {
        type: 'asset',
        fileName: 'libraries.js.map',
        source: JSON.stringify({ version: 3, sources: [], mappings: '' }),
      },
    };
    const hook = compileHints('main').generateBundle as { handler: (o: unknown, b: typeof bundle) => void };
    hook.handler({}, bundle);
    const hinted = Object.values(bundle)
      .flatMap((o) => (o.type === 'chunk' && o.code.startsWith(`${COMPILE_HINT}\n`) ? [o.fileName] : []))
      .sort();
    expect(hinted).toEqual(['app.js', 'helper.js', 'libraries.js', 'main.js', 'vendor-react.js']);
    // hinted once, even when two stages import the same chunk
    expect((bundle['vendor-react.js'] as Chunk).code).toBe(`${COMPILE_HINT}\ncode of vendor-react.js`);
    expect((bundle['vendor-react.js'] as Chunk).map?.mappings).toBe(';AAAA');
    expect(JSON.parse((bundle['vendor-react.js.map'] as Asset).source).mappings).toBe(';AAAA');
    expect(JSON.parse((bundle['route.js.map'] as Asset).source).mappings).toBe('AAAA');
    // an empty map stays empty (";" — a line of a map with no sources — breaks Lighthouse's reader)
    expect((bundle['libraries.js'] as Chunk).map?.mappings).toBe('');
    expect(JSON.parse((bundle['libraries.js.map'] as Asset).source).mappings).toBe('');
  });

  it('mark a chunk named besides (the chart library), not the lazy route that imports it', () => {
    const bundle: Record<string, Chunk | Asset> = {
      'main.js': chunk('main.js', { isEntry: true, dynamicImports: ['app.js'] }),
      'app.js': chunk('app.js', { dynamicImports: ['route.js'] }),
      'route.js': chunk('route.js', { imports: ['chart-x1.js'] }),
      'chart-x1.js': chunk('chart-x1.js', { name: 'chart' }),
    };
    const hook = compileHints('main', ['chart']).generateBundle as { handler: (o: unknown, b: typeof bundle) => void };
    hook.handler({}, bundle);
    expect((bundle['chart-x1.js'] as Chunk).code).toBe(`${COMPILE_HINT}\ncode of chart-x1.js`);
    expect((bundle['route.js'] as Chunk).code).toBe('code of route.js');
  });
});
