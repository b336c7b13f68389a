/**
 * `npm run cluster`'s process manager. It starts the layout (the first node alone — the feed
 * migrates and seeds — then the rest together) and from then on watches every node: one that exits
 * is reported with its exit code or signal, the others keep running, and it is started again after
 * a back-off (backoff.ts). stop() ends every node with SIGTERM and restarts nothing from then on.
 */
import { spawnNode, waitReady, type ClusterNode, type NodeSpec } from '../cluster-kit';
import { nextQuickCrashes, restartDelay } from './backoff';
import { describeExit, type NodeEntry, type NodeTable } from './node-table';
import { say as sayLine, type Say } from './say';

export interface SupervisorOptions {
  table: NodeTable;
  /** starts one node's process (tests pass a fake) */
  spawn?: (spec: NodeSpec) => ClusterNode;
  /** resolves once the node answers; rejects if it exits first or never answers */
  ready?: (node: ClusterNode) => Promise<void>;
  say?: Say;
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export class Supervisor {
  private stopping = false;
  private stopped?: Promise<void>;
  private readonly spawn: (spec: NodeSpec) => ClusterNode;
  private readonly ready: (node: ClusterNode) => Promise<void>;
  private readonly say: Say;

  constructor(private readonly o: SupervisorOptions) {
    this.spawn = o.spawn ?? spawnNode;
    this.ready = o.ready ?? ((n) => waitReady(n));
    this.say = o.say ?? sayLine;
  }

  get table(): NodeTable {
    return this.o.table;
  }

  /** every node up and answering; throws (and the caller stops the rest) if one fails to come up */
  async startAll(): Promise<void> {
    const [first, ...rest] = this.o.table.entries;
    await this.ready(this.launch(first));
    await Promise.all(rest.map((e) => this.ready(this.launch(e))));
  }

  private launch(entry: NodeEntry): ClusterNode {
    const node = this.spawn(entry.spec);
    entry.node = node;
    entry.startedAt = Date.now();
    entry.starts += 1;
    void node.exited.then(() => this.exited(entry, node));
    if (entry.starts === 1)
      this.say(`${entry.spec.name} started: pid ${node.child.pid}, ROLES=${entry.spec.roles}, ${entry.base}`);
    else {
      const role = entry.spec.roles === 'engine' ? ' (an engine: it joins as a standby while another leads)' : '';
      this.say(`${entry.spec.name} restarted: pid ${node.child.pid}${role}`);
      this.ready(node).then(
        () => this.say(`${entry.spec.name} answers again at ${entry.base} (pid ${node.child.pid})`),
        () => undefined, // it exited again: exited() reports it
      );
    }
    return node;
  }

  private exited(entry: NodeEntry, node: ClusterNode): void {
    const at = Date.now();
    const up = at - entry.startedAt;
    const how = describeExit(node.child.exitCode, node.child.signalCode);
    entry.lastExit = { at, pid: node.child.pid, how };
    if (entry.node === node) entry.node = undefined;
    const who = `${entry.spec.name} (pid ${node.child.pid})`;
    if (this.stopping) {
      this.say(`${who} stopped: ${how}`);
      return;
    }
    entry.quickCrashes = nextQuickCrashes(entry.quickCrashes, up);
    const delay = restartDelay(entry.quickCrashes);
    const quick = entry.quickCrashes > 1 ? `, ${entry.quickCrashes} quick exits in a row` : '';
    this.say(
      `${who} exited: ${how} after ${secs(up)} up${quick}; the other nodes keep running; restart in ${secs(delay)}`,
    );
    entry.restart = setTimeout(() => {
      entry.restart = undefined;
      if (!this.stopping) this.launch(entry);
    }, delay);
  }

  /** SIGTERM to every node, no restart from now on; resolves when all have exited */
  stop(): Promise<void> {
    if (this.stopped) return this.stopped;
    this.stopping = true;
    for (const e of this.o.table.entries) clearTimeout(e.restart);
    const running = this.o.table.entries.flatMap((e) => (e.node ? [e.node] : []));
    this.say(`stopping ${running.length} nodes (SIGTERM; no restarts from now on)`);
    this.stopped = Promise.all(running.map((n) => n.stop())).then(() => this.say('every node has stopped'));
    return this.stopped;
  }

  /** a second Ctrl-C: SIGKILL every node now */
  kill(): void {
    this.stopping = true;
    for (const e of this.o.table.entries) e.node?.signal('SIGKILL');
  }
}
