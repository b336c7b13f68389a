/**
 * A V8 heap snapshot (`.heapsnapshot` JSON, as CDP's HeapProfiler.takeHeapSnapshot streams it)
 * read into flat arrays, and the questions the leak probe asks of two or three of them: counts and
 * self sizes by kind, the objects that are new since an earlier snapshot (node ids are stable
 * within one isolate), how full each Map/Set is, and the path that keeps an object alive.
 */

interface RawSnapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export interface HeapGraph {
  n: number;
  type: string[];
  name: (i: number) => string;
  id: Uint32Array;
  self: Float64Array;
  /** edges of node i: firstEdge[i] … firstEdge[i + 1] - 1 */
  firstEdge: Uint32Array;
  edgeType: string[];
  edgeName: (e: number) => string;
  edgeTo: Uint32Array;
  /** whether an edge holds its target (not weak, not a snapshot shortcut) */
  strong: (e: number) => boolean;
}

export function parseSnapshot(json: string): HeapGraph {
  const raw = JSON.parse(json) as RawSnapshot;
  const m = raw.snapshot.meta;
  const nf = m.node_fields.length;
  const ef = m.edge_fields.length;
  const [fType, fName, fId, fSelf, fEdges] = ['type', 'name', 'id', 'self_size', 'edge_count'].map((f) =>
    m.node_fields.indexOf(f),
  );
  const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => m.edge_fields.indexOf(f));
  const nodeTypes = m.node_types[0];
  const edgeTypes = m.edge_types[0];
  const n = raw.nodes.length / nf;
  const type = new Array<string>(n);
  const nameIdx = new Uint32Array(n);
  const id = new Uint32Array(n);
  const self = new Float64Array(n);
  const firstEdge = new Uint32Array(n + 1);
  for (let i = 0, e = 0; i < n; i++) {
    const o = i * nf;
    type[i] = nodeTypes[raw.nodes[o + fType]];
    nameIdx[i] = raw.nodes[o + fName];
    id[i] = raw.nodes[o + fId];
    self[i] = raw.nodes[o + fSelf];
    firstEdge[i] = e;
    e += raw.nodes[o + fEdges];
    firstEdge[i + 1] = e;
  }
  const ne = raw.edges.length / ef;
  const edgeType = new Array<string>(ne);
  const edgeNameRaw = new Uint32Array(ne);
  const edgeTo = new Uint32Array(ne);
  for (let e = 0; e < ne; e++) {
    edgeType[e] = edgeTypes[raw.edges[e * ef + eType]];
    edgeNameRaw[e] = raw.edges[e * ef + eName];
    edgeTo[e] = raw.edges[e * ef + eTo] / nf;
  }
  const numbered = (t: string) => t === 'element' || t === 'hidden';
  return {
    n,
    type,
    name: (i) => raw.strings[nameIdx[i]],
    id,
    self,
    firstEdge,
    edgeType,
    edgeName: (e) => (numbered(edgeType[e]) ? `[${edgeNameRaw[e]}]` : raw.strings[edgeNameRaw[e]]),
    edgeTo,
    strong: (e) => edgeType[e] !== 'weak' && edgeType[e] !== 'shortcut',
  };
}

/** What a node is, for grouping: a constructor or function name, else its kind (strings, code, arrays…). */
export function kindOf(g: HeapGraph, i: number): string {
  const t = g.type[i];
  const name = g.name(i);
  if (t === 'object' || t === 'native') return name.slice(0, 60);
  if (t === 'closure') return `${name || '(anonymous)'}()`;
  if (t === 'hidden' || t === 'array' || t === 'object shape') return `(${t}) ${name.slice(0, 40)}`;
  return `(${t})`;
}

export interface KindStat {
  count: number;
  bytes: number;
}

/** Count and self size per kind, of every node or of the nodes `keep` accepts. */
export function byKind(g: HeapGraph, keep: (i: number) => boolean = () => true): Map<string, KindStat> {
  const out = new Map<string, KindStat>();
  for (let i = 0; i < g.n; i++) {
    if (!keep(i)) continue;
    const k = kindOf(g, i);
    const s = out.get(k);
    if (s) {
      s.count++;
      s.bytes += g.self[i];
    } else out.set(k, { count: 1, bytes: g.self[i] });
  }
  return out;
}

export function idSet(g: HeapGraph): Set<number> {
  const s = new Set<number>();
  for (let i = 0; i < g.n; i++) s.add(g.id[i]);
  return s;
}

/** Distance from the root (node 0) over strong edges, -1 for what only weak edges reach. */
export function distances(g: HeapGraph): Int32Array {
  const d = new Int32Array(g.n).fill(-1);
  d[0] = 0;
  let frontier = [0];
  while (frontier.length) {
    const next: number[] = [];
    for (const i of frontier)
      for (let e = g.firstEdge[i]; e < g.firstEdge[i + 1]; e++) {
        const t = g.edgeTo[e];
        if (d[t] < 0 && g.strong(e)) {
          d[t] = d[i] + 1;
          next.push(t);
        }
      }
    frontier = next;
  }
  return d;
}

/** For each node, the edges that point at it (reverse CSR). */
export function retainers(g: HeapGraph): { first: Uint32Array; edge: Uint32Array; from: Uint32Array } {
  const ne = g.edgeTo.length;
  const first = new Uint32Array(g.n + 1);
  for (let e = 0; e < ne; e++) first[g.edgeTo[e] + 1]++;
  for (let i = 0; i < g.n; i++) first[i + 1] += first[i];
  const fill = first.slice(0, g.n);
  const edge = new Uint32Array(ne);
  const from = new Uint32Array(ne);
  for (let i = 0; i < g.n; i++)
    for (let e = g.firstEdge[i]; e < g.firstEdge[i + 1]; e++) {
      const k = fill[g.edgeTo[e]]++;
      edge[k] = e;
      from[k] = i;
    }
  return { first, edge, from };
}

/** The shortest strong path from a GC root to `node`, root last: "edge ← holder" per step. */
export function retainerPath(
  g: HeapGraph,
  node: number,
  dist: Int32Array,
  rev: ReturnType<typeof retainers>,
  maxSteps = 14,
): string[] {
  const out: string[] = [];
  let at = node;
  for (let step = 0; step < maxSteps && dist[at] > 0; step++) {
    let pick = -1;
    let via = -1;
    for (let k = rev.first[at]; k < rev.first[at + 1]; k++) {
      const from = rev.from[k];
      if (g.strong(rev.edge[k]) && dist[from] === dist[at] - 1) {
        pick = from;
        via = rev.edge[k];
        break;
      }
    }
    if (pick < 0) break;
    out.push(`.${g.edgeName(via)} ← ${kindOf(g, pick)}${g.type[pick] === 'closure' ? '' : ` @${g.id[pick]}`}`);
    at = pick;
  }
  return out;
}

/**
 * Every Map and Set with how many references its table holds (keys and values that are heap
 * objects; small integers are not), keyed by the object's id: a relative size, for growth.
 */
export function collectionSizes(g: HeapGraph): Map<number, { kind: string; refs: number; node: number }> {
  const out = new Map<number, { kind: string; refs: number; node: number }>();
  for (let i = 0; i < g.n; i++) {
    if (g.type[i] !== 'object') continue;
    const kind = g.name(i);
    if (kind !== 'Map' && kind !== 'Set' && kind !== 'WeakMap' && kind !== 'WeakSet') continue;
    let refs = 0;
    for (let e = g.firstEdge[i]; e < g.firstEdge[i + 1]; e++) {
      if (g.edgeName(e) !== 'table') continue;
      const t = g.edgeTo[e];
      refs += g.firstEdge[t + 1] - g.firstEdge[t];
    }
    out.set(g.id[i], { kind, refs, node: i });
  }
  return out;
}

/**
 * A snapshot's self sizes in four parts: V8 code (nodes of type `code`: bytecode, machine code,
 * SharedFunctionInfos, feedback metadata — what the JIT tiers up and flushes), V8 metadata (hidden
 * objects and shapes), Blink's C++ objects (`native`, outside the V8 heap) and the app's data.
 */
export type HeapPart = 'code' | 'metadata' | 'native' | 'app';
export const HEAP_PARTS: readonly HeapPart[] = ['code', 'metadata', 'native', 'app'];

export function partOf(g: HeapGraph, i: number): HeapPart {
  const t = g.type[i];
  if (t === 'code') return 'code';
  if (t === 'hidden' || t === 'object shape') return 'metadata';
  if (t === 'native') return 'native';
  return 'app';
}

/** bytes per part of the whole snapshot */
export function heapParts(g: HeapGraph): Record<HeapPart, number> {
  const parts: Record<HeapPart, number> = { code: 0, metadata: 0, native: 0, app: 0 };
  for (let i = 0; i < g.n; i++) parts[partOf(g, i)] += g.self[i];
  return parts;
}
