/**
 * Versioned migrations of the shared tables, run in name order at start. Add a file NNN_name.ts
 * exporting up(db) and list it here; never edit a migration that has shipped. An area's own
 * tables come with migrations in its folder (server/areas/<area>/migrations/, found by
 * db/migrate.ts) and share this numbering: 004 is trading's, 007 copy trading's, 014 the NFT
 * marketplace's. Here stay the migrations of the tables every area shares (users, ledger,
 * journal, outbox, job queue, server/auth's credential throttle…), of the market feed and the
 * engine lease (not areas), and those that changed several areas' tables in one step (005_funds,
 * 011_crash_safety, 019_outcome_proofs).
 */
import type { Migration } from 'kysely';
import * as m001 from './001_init';
import * as m002 from './002_market';
import * as m005 from './005_funds';
import * as m010 from './010_auth_throttle';
import * as m011 from './011_crash_safety';
import * as m019 from './019_outcome_proofs';
import * as m026 from './026_engine_lease';
import * as m027 from './027_job_queue';
import * as m040 from './040_tick_log_mark';
import * as m041 from './041_ledger_transfer';
import * as m043 from './043_auth_throttle_sources';
import * as m044 from './044_ledger_transfer_keys';
import * as m045 from './045_ledger_exchange';
import * as m049 from './049_ledger_batch_lean';
import * as m067 from './067_journal_account_key';
import * as m073 from './073_fund_transfer_account_key';
import * as m076 from './076_ledger_batch_api_rows';

export const migrations: Record<string, Migration> = {
  '001_init': m001,
  '002_market': m002,
  '005_funds': m005,
  '010_auth_throttle': m010,
  '011_crash_safety': m011,
  '019_outcome_proofs': m019,
  '026_engine_lease': m026,
  '027_job_queue': m027,
  '040_tick_log_mark': m040,
  '041_ledger_transfer': m041,
  '043_auth_throttle_sources': m043,
  '044_ledger_transfer_keys': m044,
  '045_ledger_exchange': m045,
  '049_ledger_batch_lean': m049,
  '067_journal_account_key': m067,
  '073_fund_transfer_account_key': m073,
  '076_ledger_batch_api_rows': m076,
};
