/**
 * Versioned migrations of the shared tables, run in name order at start. Add a file NNN_name.ts
 * exporting up(db) and list it here; never edit a migration that has shipped. An area's own
 * tables come with migrations in its folder (server/areas/<area>/migrations/, found by
 * db/migrate.ts) and share this numbering: 007 is copy trading's, 014 the NFT marketplace's.
 */
import type { Migration } from 'kysely';
import * as m001 from './001_init';
import * as m002 from './002_market';
import * as m003 from './003_optional';
import * as m004 from './004_trading';
import * as m005 from './005_funds';
import * as m006 from './006_products';
import * as m008 from './008_price_band';
import * as m009 from './009_voucher_once';
import * as m010 from './010_auth_throttle';
import * as m011 from './011_crash_safety';
import * as m012 from './012_matching';
import * as m013 from './013_tick_replay';
import * as m019 from './019_outcome_proofs';
import * as m020 from './020_deposit_networks';
import * as m025 from './025_localised_products';
import * as m026 from './026_engine_lease';
import * as m027 from './027_job_queue';
import * as m031 from './031_candle_priced';
import * as m040 from './040_tick_log_mark';
import * as m041 from './041_ledger_transfer';
import * as m043 from './043_auth_throttle_sources';

export const migrations: Record<string, Migration> = {
  '001_init': m001,
  '002_market': m002,
  '003_optional': m003,
  '004_trading': m004,
  '005_funds': m005,
  '006_products': m006,
  '008_price_band': m008,
  '009_voucher_once': m009,
  '010_auth_throttle': m010,
  '011_crash_safety': m011,
  '012_matching': m012,
  '013_tick_replay': m013,
  '019_outcome_proofs': m019,
  '020_deposit_networks': m020,
  '025_localised_products': m025,
  '026_engine_lease': m026,
  '027_job_queue': m027,
  '031_candle_priced': m031,
  '040_tick_log_mark': m040,
  '041_ledger_transfer': m041,
  '043_auth_throttle_sources': m043,
};
