/**
 * The crash test's server: `tsx server/main.ts` in its own process group, so kill -9 reaches
 * every process it started (an embedded database too) and nothing else.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProc {
  kill9(): void;
  stop(): Promise<void>;
}

const answers = (base: string) =>
  fetch(`${base}/api/getSiteConfig`).then(
    (r) => r.ok,
    () => false,
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startServer(base: string, env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProc> {
  if (await answers(base)) throw new Error(`${base} is already in use`);
  const child: ChildProcess = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(base))) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      process.kill(-child.pid!, 'SIGKILL');
      throw new Error('server did not start');
    }
    await sleep(300);
  }
  const signal = (s: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, s);
  };
  return {
    kill9: () => signal('SIGKILL'),
    async stop() {
      signal('SIGTERM');
      await exited;
    },
  };
}
