/**
 * The environment is read in one place: server/config.ts, typed and validated, with its defaults;
 * every other part of the server gets its settings from the config. And every variable config.ts
 * reads is in the operator's table, docs/configuration.md. Reads files only (no server started).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const SERVER = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(SERVER, '..');

/**
 * Not the server process: the test harness, and the launcher that starts cluster nodes as child
 * processes (npm run cluster, the multi-process test), and the fixtures the crash tests start as child
 * processes (testing/*-child.ts). Tests themselves (*.test.ts) are left out too.
 */
const TOOLING = [/^testing\//, /^scale\/cluster-kit\.ts$/];

function serverSources(dir = SERVER, rel = ''): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...serverSources(path.join(dir, e.name), r));
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !TOOLING.some((t) => t.test(r))) out.push(r);
  }
  return out;
}

/**
 * A read of the environment: `process.env.X`, `process.env['X']`, or the whole object taken into a
 * name (`= process.env`, a destructuring). Handing it on whole to a child process
 * (`{ ...process.env, … }`) reads nothing, so it is allowed.
 */
const READ = /process\.env\s*(?:\.|\[|\?\.)|(?:=|\()\s*process\.env\b(?!\s*[.[?])/g;

describe('environment variables', () => {
  it('are read only in server/config.ts', () => {
    const files = serverSources();
    expect(files).toContain('config.ts');
    const offenders = files
      .filter((f) => f !== 'config.ts')
      .flatMap((f) => {
        const text = fs.readFileSync(path.join(SERVER, f), 'utf8');
        return text
          .split('\n')
          .flatMap((line, i) => (line.match(READ) ? [`server/${f}:${i + 1}: ${line.trim()}`] : []));
      });
    expect(
      offenders,
      'read the variable in server/config.ts (typed, with its default) and pass the setting down',
    ).toEqual([]);
  });

  it('the rule catches the ways a read is written', () => {
    for (const line of [
      'const n = Number(process.env.GAME_ROUND_SECONDS);',
      "process.env['X']",
      'process.env?.X',
      'f(env = process.env)',
      'const { A } = process.env;',
      'demo(process.env)',
    ]) {
      expect(line.match(READ), line).not.toBeNull();
    }
    for (const line of ['spawn(cmd, { env: { ...process.env, LC_ALL: "C" } })', '// see server/config.ts'])
      expect(line.match(READ), line).toBeNull();
  });

  it('every variable config.ts reads is documented in docs/configuration.md', () => {
    const source = fs.readFileSync(path.join(SERVER, 'config.ts'), 'utf8');
    const read = [...new Set([...source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]))].sort();
    expect(read).toEqual(
      expect.arrayContaining([
        'PORT',
        'GAME_ROUND_SECONDS',
        'MARKET_SYMBOLS_EXTRA',
        'MARKET_BENCH_BACKFILL',
        'DEMO_USER',
      ]),
    );
    const doc = fs.readFileSync(path.join(ROOT, 'docs/configuration.md'), 'utf8');
    const rows = new Set([...doc.matchAll(/^\|\s*`?([A-Z][A-Z0-9_]*)`?\s*\|/gm)].map((m) => m[1]));
    expect(
      read.filter((v) => !rows.has(v)),
      'add a row to the table in docs/configuration.md',
    ).toEqual([]);
  });
});

describe('the settings moved into the config', () => {
  it('GAME_ROUND_SECONDS: three minutes unless set, 5 to 3600', () => {
    expect(loadConfig({}).gameRoundSeconds).toBe(180);
    expect(loadConfig({ GAME_ROUND_SECONDS: '12' }).gameRoundSeconds).toBe(12);
    for (const bad of ['4', '3601', 'soon', '1.5'])
      expect(() => loadConfig({ GAME_ROUND_SECONDS: bad }), bad).toThrow(/GAME_ROUND_SECONDS/);
  });

  it('MARKET_SYMBOLS_EXTRA and MARKET_BENCH_BACKFILL: nothing unless set, refused when malformed', () => {
    expect(loadConfig({})).toMatchObject({ extraSymbols: 0, benchBackfill: null });
    expect(loadConfig({ MARKET_SYMBOLS_EXTRA: '500', MARKET_BENCH_BACKFILL: 'BTC/USDT:6000' })).toMatchObject({
      extraSymbols: 500,
      benchBackfill: { symbol: 'BTC/USDT', minuteBars: 6000 },
    });
    expect(() => loadConfig({ MARKET_SYMBOLS_EXTRA: '-1' })).toThrow(/MARKET_SYMBOLS_EXTRA/);
    for (const bad of ['BTC/USDT', 'BTC/USDT:lots', 'BTC/USDT:0'])
      expect(() => loadConfig({ MARKET_BENCH_BACKFILL: bad }), bad).toThrow(/MARKET_BENCH_BACKFILL/);
  });

  it('DEMO_USER: on for a local start, off under tests and in production unless set', () => {
    expect(loadConfig({}).demoUser).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).demoUser).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).demoUser).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', DEMO_USER: 'on' }).demoUser).toBe(true);
    expect(loadConfig({ DEMO_USER: 'off' }).demoUser).toBe(false);
  });
});
