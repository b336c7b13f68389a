/**
 * The crash and deploy tests' server: `node --import tsx server/main.ts` leading its own process
 * group, so kill -9 reaches every process it started (an embedded database too) and nothing else,
 * while a deploy's SIGTERM goes to the server process alone, as a container stop sends it.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProc {
  kill9(): void;
  /** SIGTERM (a deploy's stop); resolves with the server's exit code once it has exited */
  terminate(): Promise<number | null>;
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
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(base))) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      process.kill(-child.pid!, 'SIGKILL');
      throw new Error('server did not start');
    }
    await sleep(300);
  }
  const running = () => child.exitCode === null && child.signalCode === null;
  const signal = (s: NodeJS.Signals) => {
    if (running()) process.kill(-child.pid!, s);
  };
  return {
    kill9: () => signal('SIGKILL'),
    async terminate() {
      if (running()) child.kill('SIGTERM');
      return await exited;
    },
    async stop() {
      signal('SIGTERM');
      await exited;
    },
  };
}
