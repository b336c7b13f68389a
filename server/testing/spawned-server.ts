/**
 * The real server as its own process (`npx tsx server/main.ts`, its own process group) on a given
 * DATA_DIR, for the crash test and the database bench. Also the demo trader's login and a transfer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface SpawnedServer {
  base: string;
  child: ChildProcess;
  /** stdout + stderr so far */
  output(): string;
  /** pid of the Node process running main.ts (from DATA_DIR/server.pid), not of the npx wrapper */
  appPid(): number;
  exited: Promise<number | null>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const answers = (base: string) =>
  fetch(`${base}/api/getSiteConfig`).then(
    (r) => r.ok,
    () => false,
  );

/**
 * `direct`: node itself leads the process group (`node --import tsx`), with no npx/tsx wrapper in
 * between, so `exited` is the server's own exit code even when the whole group is signalled.
 */
export async function spawnServer(o: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
  timeoutMs?: number;
  direct?: boolean;
}): Promise<SpawnedServer> {
  const base = `http://127.0.0.1:${o.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: o.dataDir,
    PORT: String(o.port),
    HOST: '127.0.0.1',
    MARKET_FEED: 'scripted',
    MARKET_BACKFILL: 'off',
    LOG_LEVEL: 'warn',
    ...o.env,
  };
  delete env.DATABASE_URL;
  delete env.NODE_ENV; // vitest sets test, which hides the demo trader
  const [cmd, args] = o.direct
    ? [process.execPath, ['--import', 'tsx', 'server/main.ts']]
    : ['npx', ['tsx', 'server/main.ts']];
  const child = spawn(cmd, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const deadline = Date.now() + (o.timeoutMs ?? 180_000);
  while (!(await answers(base))) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${out}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${out}`);
    await sleep(200);
  }
  return {
    base,
    child,
    exited,
    output: () => out,
    appPid: () => Number(fs.readFileSync(path.join(o.dataDir, 'server.pid'), 'utf8')),
  };
}

async function postForm(
  base: string,
  url: string,
  fields: Record<string, string | number>,
  token?: string,
): Promise<{ type: string; message: unknown }> {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}) },
    body: new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString(),
  });
  return (await res.json()) as { type: string; message: unknown };
}

export async function loginDemo(base: string): Promise<string> {
  const r = await postForm(base, '/api/user/login', {
    user_string: 'demo.trader@example.com',
    password: 'demo-trader-2024',
  });
  if (r.type !== 'ok' || typeof r.message !== 'string') throw new Error(`demo login: ${JSON.stringify(r)}`);
  return r.message;
}

/** USDT from the spot account to the contract account; resolves to the transfer id once acknowledged. */
export async function transferUsdt(base: string, token: string, amount: string): Promise<number> {
  const r = await postForm(
    base,
    '/api/wallet/change',
    { currency_id: 4, number: amount, from_field: 'change', to_field: 'lever' },
    token,
  );
  const id = (r.message as { id?: unknown } | null)?.id;
  if (r.type !== 'ok' || typeof id !== 'number') throw new Error(`transfer: ${JSON.stringify(r)}`);
  return id;
}
