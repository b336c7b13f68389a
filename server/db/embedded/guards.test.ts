/** A data directory that cannot be used fails at once with a message that says why. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openCluster } from './cluster';
import { lockDataDir } from './app-lock';
import { writeRecord } from './record';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-guard-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('embedded cluster guards', () => {
  it('refuses a cluster made by another PostgreSQL major version', async () => {
    const d = tmp();
    fs.mkdirSync(path.join(d, 'pg'));
    fs.writeFileSync(path.join(d, 'pg', 'PG_VERSION'), '17\n');
    writeRecord(d, { port: 1, password: 'x' });
    await expect(openCluster({ dataDir: d })).rejects.toThrow(/made by PostgreSQL 17, this build embeds PostgreSQL 18/);
  });

  it('refuses a DATA_DIR whose server is alive, and takes over one whose server was killed', () => {
    const d = tmp();
    fs.writeFileSync(path.join(d, 'server.pid'), `${process.ppid}\n`); // a live Node process
    expect(() => lockDataDir(d)).toThrow(/in use by another server \(pid \d+\)/);
    fs.writeFileSync(path.join(d, 'server.pid'), '4194000\n'); // no such process
    const release = lockDataDir(d);
    expect(fs.readFileSync(path.join(d, 'server.pid'), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(d, 'server.pid'))).toBe(false);
  });
});
