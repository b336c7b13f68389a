import { defineConfig } from 'vitest/config';
import base, { PG } from './vitest.config';

/**
 * CI's second run, against the PostgreSQL server (DATABASE_URL, a schema per file): the tests whose
 * outcome depends on how the database is reached — the connection's schema, the job queue's own
 * schema, row locks and conditional debits under concurrency, crash and restart recovery, and the
 * whole ledger. `npm test` already runs every server test on the embedded cluster (the same engine),
 * so running all of them twice doubled CI's database time for little. `npm run test:db:all` runs all.
 */
// not mergeConfig: it would append to the base's include list instead of replacing it
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // one file at a time: here every file shares the one database `test` (a schema each), so what is
    // database-wide — LISTEN/NOTIFY channels, advisory locks, pg_stat_activity — is shared too. With two
    // forks the job queue's test once lost its worker while another file ran (its jobs never ran, its
    // LISTEN connection was gone); the embedded run gives each file a database of its own.
    maxWorkers: 1,
    // one project, every file isolated (the base config's server project shares modules between files)
    projects: undefined,
    isolate: true,
    globalSetup: PG,
    include: [
      'server/db/**/*.test.ts',
      'server/plugins/**/*.test.ts',
      'server/scale/lease.test.ts',
      // the README's failover experiment through `npm run cluster` (six processes; about a minute)
      'scripts/cluster.test.ts',
      'server/verify/**/*.test.ts',
      'server/**/{idempotency,idempotency-crash,idempotency-routes,pg-errors}.test.ts',
      // credential throttle: its counts are rows locked per (kind, subject, source) across api nodes
      'server/areas/accounts/brute-force.test.ts',
      // sessions per user: the cap and the ownership check are conditional updates in SQL
      'server/areas/security/devices.test.ts',
      'server/**/{races,transfer-parallel,escrow-race,concurrency,trade-load,engines,flows,withdraw}.test.ts',
      'server/**/{crash,restart,dual-restart,seconds-restart,seconds-backstop,jobs-restart,deadline-job}.test.ts',
      // NFT: 50 concurrent bids and buys on one row, margins and journals (on both
      // databases); a back-office edit racing margin payments; the purchase's, the boxes' and won auctions' payments' group commits
      'server/areas/nft/{auction,sale,admin-edit,notices,buy-group,box-group,pay-group}.test.ts',
      // proof of liabilities: a snapshot's journal position while transfers run, the immutability triggers
      'server/areas/liabilities/liabilities.test.ts',
      // OTC, loans, NFT and the game raced 50 ways (their races.test.ts, matched above) and killed
      // with every timer pending (a child process, SIGKILL)
      'server/areas/money-timers.crash.test.ts',
      // the coin exchange's group commit killed mid-batch (server/db's own kill test is matched above)
      'server/areas/funds/domain/exchange.crash.test.ts',
      // the seconds options' group commit killed mid-batch (their 50-way races: races.test.ts above)
      'server/areas/trade/domain/seconds.crash.test.ts',
      // contract market entries on the group commit killed mid-batch
      'server/areas/trade/domain/lever-open.crash.test.ts',
      // contract limit entries, fills, forced closes and overnight fees: raced, sent twice into one
      // statement, and killed mid-batch
      'server/areas/trade/domain/lever-batches.test.ts',
      'server/areas/trade/domain/lever-limit.crash.test.ts',
      // spot orders on the group commit: 50-way races, a crossing burst, killed mid-batch, its set-based
      // writes against the loop; the engine's crossing limits and walks on both databases
      'server/areas/trade/domain/{spot-races,spot.crash,limit-cross,spot-step-sets}.test.ts',
      'server/areas/trade/domain/matching/matching.test.ts',
      // the NFT purchase's, blind boxes' and won auctions' payments' group commits killed mid-batch
      'server/areas/nft/buy.crash.test.ts',
      'server/areas/nft/box.crash.test.ts',
      'server/areas/nft/pay.crash.test.ts',
      // P2P: the openings' and the escrow's group commit raced 50 ways and in one statement, and killed mid-batch
      'server/areas/otc/{group-commit,otc.crash}.test.ts',
    ],
  },
});
