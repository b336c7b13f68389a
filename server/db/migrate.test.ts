import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allMigrations, areaMigrations } from './migrate';

/** An area's migrations live in its folder and still run in the one numbered sequence. */
describe('migrations from area folders', () => {
  it('finds copy trading’s migration in server/areas/copytrade/migrations, in sequence with the shared ones', async () => {
    const names = Object.keys(await allMigrations()).sort();
    expect(names).toContain('007_copytrade');
    expect(names.slice(0, 8)).toEqual(['001_init', '002_market', '003_optional', '004_trading', '005_funds', '006_products', '007_copytrade', '008_price_band']);
  });

  it('reads a new area folder by itself, ignores other files, and refuses one name in two areas', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'areas-'));
    const up = 'export async function up() {}\n';
    for (const area of ['alpha', 'beta']) fs.mkdirSync(path.join(dir, area, 'migrations'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'alpha', 'migrations', '014_alpha.ts'), up);
    fs.writeFileSync(path.join(dir, 'alpha', 'migrations', 'README.md'), 'not a migration');
    fs.writeFileSync(path.join(dir, 'beta', 'migrations', '015_beta.ts'), up);
    expect(Object.keys(await areaMigrations(dir)).sort()).toEqual(['014_alpha', '015_beta']);
    fs.writeFileSync(path.join(dir, 'beta', 'migrations', '014_alpha.ts'), up);
    await expect(areaMigrations(dir)).rejects.toThrow(/014_alpha is in two areas/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
