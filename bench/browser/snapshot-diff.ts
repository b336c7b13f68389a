/**
 * Diagnosis, not a bench: what a thread's heap grew by between two or more heap snapshots of the
 * same isolate (the soak's `--soak-snapshots=DIR`, the app tab at 10 minutes, the middle and the
 * end; or leak-probe.ts's `--save`). For each snapshot, its self sizes split three ways:
 *
 *  - V8 code: the nodes of type `code` (bytecode, machine code, SharedFunctionInfos, feedback
 *    metadata) — what tiers up and is flushed as functions run, not the app's data;
 *  - V8 metadata: hidden objects and shapes (`(hidden)`, `(object shape)`: maps, descriptor and
 *    transition arrays, dependent-code lists, feedback vectors, weak lists);
 *  - Blink's C++ objects (`native`: layout, style, DOM internals; outside the V8 heap that
 *    Runtime.getHeapUsage, the soak's figure, counts);
 *  - the app's data: everything else (objects, closures, arrays, strings, DOM wrappers).
 *
 * Then, per step, the change of each part and the kinds that moved most (bytes, count), and the
 * objects born since the first snapshot and still alive at the last, by kind: a leak is app data
 * that grows; V8 code and metadata moving is the JIT.
 *
 *   npx tsx bench/browser/snapshot-diff.ts A.heapsnapshot B.heapsnapshot [C.heapsnapshot…] [--top=15]
 */
import fs from 'node:fs';
import path from 'node:path';
import { arg } from './harness';
import {
  byKind,
  heapParts,
  HEAP_PARTS,
  idSet,
  parseSnapshot,
  partOf,
  type HeapGraph,
  type HeapPart,
  type KindStat,
} from './heap-snapshot';

const top = Number(arg('top', '15'));
const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));

interface Summary {
  file: string;
  parts: Record<HeapPart, number>;
  kinds: Map<string, KindStat>;
  ids: Set<number>;
  graph: HeapGraph;
}

function summarise(file: string): Summary {
  const graph = parseSnapshot(fs.readFileSync(file, 'utf8'));
  return { file, parts: heapParts(graph), kinds: byKind(graph), ids: idSet(graph), graph };
}

const kb = (b: number) => (b / 1024).toFixed(1);
const signed = (b: number) => `${b >= 0 ? '+' : ''}${kb(b)}`;

function printKinds(a: Summary, b: Summary): void {
  const keys = new Set([...a.kinds.keys(), ...b.kinds.keys()]);
  const rows = [...keys].map((k) => {
    const x = a.kinds.get(k) ?? { count: 0, bytes: 0 };
    const y = b.kinds.get(k) ?? { count: 0, bytes: 0 };
    return { k, dBytes: y.bytes - x.bytes, dCount: y.count - x.count, bytes: y.bytes, count: y.count };
  });
  rows.sort((x, y) => Math.abs(y.dBytes) - Math.abs(x.dBytes));
  console.log(`  kinds that moved most (KB, count; then the level at the later snapshot):`);
  for (const r of rows.slice(0, top))
    console.log(
      `    ${signed(r.dBytes).padStart(9)} KB ${`${r.dCount >= 0 ? '+' : ''}${r.dCount}`.padStart(7)}  ${r.k}  (${kb(r.bytes)} KB, ${r.count})`,
    );
}

/** objects of the last snapshot born after the first one, by kind, most bytes first */
function printBorn(first: Summary, last: Summary): void {
  const g = last.graph;
  const born = byKind(g, (i) => !first.ids.has(g.id[i]) && partOf(g, i) === 'app');
  const rows = [...born].sort((x, y) => y[1].bytes - x[1].bytes);
  const total = rows.reduce((a, [, s]) => a + s.bytes, 0);
  console.log(
    `\napp data born after ${path.basename(first.file)} and alive at ${path.basename(last.file)}: ${kb(total)} KB`,
  );
  for (const [k, s] of rows.slice(0, top))
    console.log(`  ${kb(s.bytes).padStart(9)} KB ${String(s.count).padStart(7)}  ${k}`);
}

function main(): void {
  if (files.length < 2) throw new Error('two or more .heapsnapshot files, oldest first');
  const all = files.map(summarise);
  for (const s of all) {
    const total = HEAP_PARTS.reduce((a, p) => a + s.parts[p], 0);
    console.log(
      `${path.basename(s.file)}: ${kb(total)} KB — V8 code ${kb(s.parts.code)}, V8 metadata ${kb(s.parts.metadata)}, Blink C++ ${kb(s.parts.native)}, app data ${kb(s.parts.app)}`,
    );
  }
  for (let k = 1; k < all.length; k++) {
    const [a, b] = [all[k - 1], all[k]];
    console.log(
      `\n${path.basename(a.file)} → ${path.basename(b.file)}: ${HEAP_PARTS.map((p) => `${p} ${signed(b.parts[p] - a.parts[p])} KB`).join(', ')}`,
    );
    printKinds(a, b);
  }
  printBorn(all[0], all[all.length - 1]);
}

main();
