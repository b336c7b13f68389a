/**
 * The supervisor's table of nodes: for each node of the layout, the process now running (if any),
 * when it started, how it last ended and how many quick exits in a row it has had. The other
 * supervisor modules read it (which node an engine lease's address belongs to, when it exited).
 */
import type { ClusterNode, NodeSpec } from '../cluster-kit';

interface LastExit {
  at: number;
  pid: number | undefined;
  /** "exit code 1", "signal SIGKILL" */
  how: string;
}

export interface NodeEntry {
  spec: NodeSpec;
  base: string;
  /** the process now running; undefined between an exit and the restart */
  node?: ClusterNode;
  startedAt: number;
  starts: number;
  quickCrashes: number;
  lastExit?: LastExit;
  /** the pending restart, cleared on shutdown */
  restart?: NodeJS.Timeout;
}

export class NodeTable {
  readonly entries: NodeEntry[];

  constructor(specs: NodeSpec[]) {
    this.entries = specs.map((spec) => ({
      spec,
      base: `http://127.0.0.1:${spec.port}`,
      startedAt: 0,
      starts: 0,
      quickCrashes: 0,
    }));
  }

  byName(name: string): NodeEntry | undefined {
    return this.entries.find((e) => e.spec.name === name);
  }

  /** the node an engine lease's address (its ENGINE_URL, http://127.0.0.1:PORT) belongs to */
  byAddress(address: string | null | undefined): NodeEntry | undefined {
    if (!address) return undefined;
    const port = (() => {
      try {
        return Number(new URL(address).port);
      } catch {
        return NaN;
      }
    })();
    return this.entries.find((e) => e.spec.port === port);
  }

  /** the lines of the "cluster up" summary: name, roles, pid, address */
  render(): string[] {
    return this.entries.map((e) => {
      const pid = String(e.node?.child.pid ?? '-').padEnd(7);
      const page = e.spec.roles === 'api' ? '/h5/' : '';
      return `  ${e.spec.name.padEnd(9)} ROLES=${e.spec.roles.padEnd(7)} pid ${pid} ${e.base}${page}`;
    });
  }
}

/** "exit code 1" or "signal SIGKILL", from a process that has exited */
export function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `signal ${signal}` : `exit code ${code ?? '?'}`;
}
