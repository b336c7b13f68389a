/**
 * Diagnosis helper: the JavaScript inside a traced task. A trace recorded with the
 * `disabled-by-default-v8.cpu_profiler` category carries V8's samples (`Profile` + `ProfileChunk`
 * events) on the trace's clock, so they can be cut to one long task's span and summed per function:
 * which code (lightweight-charts' redraw, the bridge's message handler, React, GC) made it long.
 */
import type { TraceEvent } from './harness';

interface Frame {
  functionName: string;
  url?: string;
  lineNumber?: number;
}
interface ChunkNode {
  id: number;
  parent?: number;
  callFrame: Frame;
}
interface Chunk {
  cpuProfile?: { nodes?: ChunkNode[]; samples?: number[] };
  timeDeltas?: number[];
}

/** One sample: its time (trace µs) and its stack, leaf first. */
export interface JsSample {
  ts: number;
  stack: string[];
}

const frameName = (f: Frame): string => {
  const file =
    (f.url ?? '')
      .split('/')
      .pop()
      ?.replace(/-[\w-]{8}\.js$/, '.js') ?? '';
  return `${f.functionName || '(anon)'}${file ? ` ${file}:${(f.lineNumber ?? 0) + 1}` : ''}`;
};

/** The samples of the thread `tid` of process `pid` (the profile V8 started on it), time-ordered. */
export function jsSamples(events: TraceEvent[], pid: number, tid: number): JsSample[] {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  const id = (profile as { id?: string } | undefined)?.id;
  if (!profile || !id) return [];
  let t = Number(profile.args?.data?.startTime ?? profile.ts);
  const nodes = new Map<number, ChunkNode>();
  const out: JsSample[] = [];
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid || (e as { id?: string }).id !== id) continue;
    const c = e.args?.data as Chunk | undefined;
    for (const n of c?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const samples = c?.cpuProfile?.samples ?? [];
    const deltas = c?.timeDeltas ?? [];
    samples.forEach((s, i) => {
      t += deltas[i] ?? 0;
      const stack: string[] = [];
      for (let n = nodes.get(s); n; n = n.parent === undefined ? undefined : nodes.get(n.parent))
        if (n.callFrame.functionName !== '(root)') stack.push(frameName(n.callFrame));
      out.push({ ts: t, stack });
    });
  }
  return out.sort((a, b) => a.ts - b.ts);
}

/**
 * The JS of one task: per function, self and inclusive sample time (ms), the largest first,
 * and the most common whole stacks cut to `depth` frames from the leaf.
 */
export function jsInTask(samples: JsSample[], task: TraceEvent, top = 12, depth = 6): string[] {
  const end = task.ts + (task.dur ?? 0);
  const inside = samples.filter((s) => s.ts >= task.ts && s.ts <= end);
  if (inside.length < 2) return ['  (no JS samples)'];
  const dt = (end - task.ts) / 1000 / inside.length;
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  const stacks = new Map<string, number>();
  for (const s of inside) {
    const leaf = s.stack[0] ?? '(idle/native)';
    self.set(leaf, (self.get(leaf) ?? 0) + dt);
    for (const f of new Set(s.stack)) incl.set(f, (incl.get(f) ?? 0) + dt);
    const key = s.stack.slice(0, depth).join(' < ');
    stacks.set(key, (stacks.get(key) ?? 0) + dt);
  }
  const fmt = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `    ${v.toFixed(1).padStart(6)} ${k}`);
  return [
    '  JS self ms:',
    ...fmt(self),
    '  JS inclusive ms:',
    ...fmt(incl),
    '  stacks (leaf first):',
    ...fmt(stacks).slice(0, 6),
  ];
}
