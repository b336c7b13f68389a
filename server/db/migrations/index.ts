/**
 * Versioned migrations of the shared tables, run in name order at start. Add a file NNN_name.ts
 * exporting up(db) and list it here; never edit a migration that has shipped. An area's own
 * tables come with migrations in its folder (server/areas/<area>/migrations/, found by
 * db/migrate.ts) and share this numbering: 007 is copy trading's, 014 the NFT marketplace's.
 */
import type { Migration } from 'kysely';
import * as m001 from './001_init';
import * as m002 from './002_market';
import * as m003 from '../../areas/favourites/migrations/003_optional';
import * as m004 from '../../areas/trading/migrations/004_trading';
import * as m005 from './005_funds';
import * as m006 from '../../areas/products/migrations/006_products';
import * as m008 from '../../areas/trading/migrations/008_price_band';
import * as m009 from '../../areas/funds/migrations/009_voucher_once';
import * as m010 from '../../areas/security/migrations/010_auth_throttle';
import * as m011 from './011_crash_safety';
import * as m012 from '../../areas/trading/migrations/012_matching';
import * as m013 from '../../areas/trading/migrations/013_tick_replay';
import * as m019 from './019_outcome_proofs';
import * as m020 from '../../areas/funds/migrations/020_deposit_networks';
import * as m025 from '../../areas/products/migrations/025_localised_products';
import * as m026 from './026_engine_lease';
import * as m027 from './027_job_queue';
import * as m031 from '../../areas/trading/migrations/031_candle_priced';
import * as m040 from './040_tick_log_mark';
import * as m041 from './041_ledger_transfer';

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
};
