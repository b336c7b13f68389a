/**
 * The cluster supervisor with fake node processes: a node that exits is reported with its code or
 * signal and started again after the back-off while the others keep running; repeated quick exits
 * wait longer, a node that stayed up comes back after a second; nothing restarts once stop() began.
 * The leadership line names the new leader, its token and how long after the old one's exit it led.
 */
import { EventEmitter } from 'node:events';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClusterNode, NodeSpec } from '../cluster-kit';
import { FIRST_DELAY_MS, MAX_DELAY_MS, nextQuickCrashes, restartDelay, STABLE_MS } from './backoff';
import { leadershipLine, type LeaseSeen } from './leader-watch';
import { NodeTable } from './node-table';
import { Supervisor } from './supervisor';

let nextPid = 100;
interface FakeNode extends ClusterNode {
  die(code: number | null, signal: NodeJS.Signals | null): void;
}

function fakeNode(spec: NodeSpec): FakeNode {
  const child = Object.assign(new EventEmitter(), {
    pid: nextPid++,
    exitCode: null as number | null,
    signalCode: null as NodeJS.Signals | null,
  });
  let done!: () => void;
  const exited = new Promise<void>((r) => (done = r));
  const die = (code: number | null, signal: NodeJS.Signals | null) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    Object.assign(child, { exitCode: code, signalCode: signal });
    done();
  };
  return {
    spec,
    base: `http://127.0.0.1:${spec.port}`,
    child: child as unknown as ClusterNode['child'],
    output: () => '',
    signal: (s) => die(null, s),
    exited,
    die,
    stop: async () => die(0, null),
  };
}

const specs: NodeSpec[] = ['feed', 'engine-1', 'engine-2', 'api-b'].map((name, i) => ({
  name,
  roles: name.split('-')[0],
  port: 9000 + i,
  env: {},
}));

function setup() {
  const spawned: FakeNode[] = [];
  const lines: string[] = [];
  const table = new NodeTable(specs);
  const sup = new Supervisor({
    table,
    spawn: (s) => spawned[spawned.push(fakeNode(s)) - 1],
    ready: async () => undefined,
    say: (l) => void lines.push(l),
  });
  return { spawned, lines, table, sup };
}
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('cluster supervisor', () => {
  it('reports a killed node with its signal, keeps the others, and restarts it after a second', async () => {
    const { spawned, lines, table, sup } = setup();
    await sup.startAll();
    await vi.advanceTimersByTimeAsync(STABLE_MS + 5000);
    const engine = spawned[1];
    engine.die(null, 'SIGKILL');
    await flush();
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^engine-1 \\(pid ${engine.child.pid}\\) exited: signal SIGKILL after 15\\.0 s up; the other nodes keep running; restart in 1\\.0 s$`,
      ),
    );
    expect(
      spawned.filter((n) => n !== engine).every((n) => n.child.exitCode === null && n.child.signalCode === null),
    ).toBe(true);
    await vi.advanceTimersByTimeAsync(FIRST_DELAY_MS);
    expect(spawned).toHaveLength(5);
    expect(table.byName('engine-1')?.node).toBe(spawned[4]);
    expect(
      lines.some((l) =>
        l.startsWith(`engine-1 restarted: pid ${spawned[4].child.pid} (an engine: it joins as a standby`),
      ),
    ).toBe(true);
  });

  it('waits longer after each quick crash and comes back after a second once it stayed up', async () => {
    const { spawned, lines, sup } = setup();
    await sup.startAll();
    const waits: string[] = [];
    for (let i = 0; i < 4; i++) {
      spawned.at(-1)!.die(1, null); // api-b, the newest process, dies at once
      await flush();
      expect(lines.at(-1)).toMatch(/^api-b \(pid \d+\) exited: exit code 1 after 0\.0 s up/);
      waits.push(/restart in ([\d.]+) s/.exec(lines.at(-1)!)![1]);
      await vi.advanceTimersByTimeAsync(Number(waits.at(-1)) * 1000);
    }
    expect(waits).toEqual(['1.0', '2.0', '4.0', '8.0']);
    await vi.advanceTimersByTimeAsync(STABLE_MS);
    spawned.at(-1)!.die(1, null);
    await flush();
    expect(lines.at(-1)).toMatch(/restart in 1\.0 s$/);
  });

  it('restarts nothing once stopping, not even a restart already scheduled', async () => {
    const { spawned, lines, sup } = setup();
    await sup.startAll();
    spawned[2].die(null, 'SIGKILL');
    await flush();
    await sup.stop();
    await vi.advanceTimersByTimeAsync(MAX_DELAY_MS * 2);
    expect(spawned).toHaveLength(4);
    expect(spawned.every((n) => n.child.exitCode !== null || n.child.signalCode !== null)).toBe(true);
    expect(lines.filter((l) => l.includes('restarted:'))).toEqual([]);
    expect(lines.at(-1)).toBe('every node has stopped');
  });

  it('back-off: never under a second nor over half a minute, growing with quick exits, reset by a stable run', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 * STABLE_MS }), { minLength: 1, maxLength: 30 }), (ups) => {
        let quick = 0;
        let prev = 0;
        for (const up of ups) {
          quick = nextQuickCrashes(quick, up);
          const d = restartDelay(quick);
          expect(d).toBeGreaterThanOrEqual(FIRST_DELAY_MS);
          expect(d).toBeLessThanOrEqual(MAX_DELAY_MS);
          if (up >= STABLE_MS) expect(d).toBe(FIRST_DELAY_MS);
          else expect(d).toBeGreaterThanOrEqual(prev);
          prev = d;
        }
      }),
    );
  });
});

describe('leadership line', () => {
  const table = new NodeTable(specs);
  const lease = (token: number, port: number, pid: number, live = true): LeaseSeen => ({
    holder: `host:${pid}:abc123`,
    address: `http://127.0.0.1:${port}`,
    token,
    acquiredAt: new Date('2026-01-01T10:00:02.500Z'),
    expiresAt: Date.parse('2026-01-01T10:00:05.500Z'),
    live,
  });

  it('names the new leader, its token and since when, and how long after the old leader exited', () => {
    table.byName('engine-1')!.lastExit = { at: Date.parse('2026-01-01T10:00:00.000Z'), pid: 41, how: 'signal SIGKILL' };
    expect(leadershipLine(lease(3, 9001, 41), lease(4, 9002, 42), table)).toBe(
      'leader: engine-2 (pid 42, http://127.0.0.1:9002) token 4, leading since 10:00:02.500 — 2.5 s after engine-1 (pid 41) exited (signal SIGKILL)',
    );
    expect(leadershipLine(lease(4, 9002, 42), lease(4, 9002, 42), table)).toBeUndefined();
    expect(leadershipLine(lease(4, 9002, 42), lease(4, 9002, 42, false), table)).toMatch(
      /^no leader: the lease of engine-2 \(pid 42, .*\) token 4 expired at 10:00:05\.500/,
    );
    expect(leadershipLine(undefined, lease(1, 9001, 41), table)).toMatch(
      /^leader: engine-1 \(pid 41, .*\) token 1, leading since 10:00:02\.500$/,
    );
  });
});
