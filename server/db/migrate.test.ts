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
    expect(names.slice(0, 8)).toEqual([
      '001_init',
      '002_market',
      '003_optional',
      '004_trading',
      '005_funds',
      '006_products',
      '007_copytrade',
      '008_price_band',
    ]);
  });

  it('keeps every name a deployed database recorded, wherever its file lives now', async () => {
    // kysely_migration rows name these: a moved file keeps its name, or a deployed database would run it again
    const shipped =
      '001_init 002_market 003_optional 004_trading 005_funds 006_products 007_copytrade 008_price_band 009_voucher_once 010_auth_throttle 011_crash_safety 012_matching 013_tick_replay 014_nft 015_service 016_chatroom 017_game 018_loans 019_outcome_proofs 020_deposit_networks 021_otc 022_nft_review 023_service_guests 025_localised_products 026_engine_lease 027_job_queue 029_otc_office 031_candle_priced 034_nft_media 035_trader_performance 036_lever_entry_walk 040_tick_log_mark 041_ledger_transfer 043_auth_throttle_sources'.split(
        ' ',
      );
    expect(Object.keys(await allMigrations())).toEqual(expect.arrayContaining(shipped));
    const fromAreas = Object.keys(await areaMigrations());
    expect(fromAreas).toEqual(
      expect.arrayContaining(['003_optional', '004_trading', '006_products', '020_deposit_networks']),
    );
    expect(fromAreas).not.toContain('001_init');
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
