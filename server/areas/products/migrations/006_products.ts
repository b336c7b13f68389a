/**
 * Dual invest, lock-up mining (kinds lock | defi | cloud) and IEO. Money NUMERIC(36,18).
 * Exactly-once jobs lean on these constraints: a lock dividend is a row unique per (order, day);
 * every settlement/redemption/allocation is a conditional status change in the same transaction
 * as its ledger entries; dual shares sold can never exceed the total (CHECK).
 */
import { sql, type Kysely } from 'kysely';

// long-function: one statement per table and index, read top to bottom
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: ReturnType<typeof sql>) => q.execute(db);

  await run(sql`
    CREATE TABLE dual_products (
      id                     SERIAL PRIMARY KEY,
      seed_key               TEXT,
      type                   TEXT NOT NULL CHECK (type IN ('call', 'put')),
      currency_id            INTEGER NOT NULL REFERENCES currencies(id),
      quote_id               INTEGER NOT NULL REFERENCES currencies(id),
      per_price              NUMERIC(36,18) NOT NULL CHECK (per_price > 0),
      apr                    NUMERIC(36,18) NOT NULL CHECK (apr >= 0),
      linked_price           NUMERIC(36,18) NOT NULL CHECK (linked_price > 0),
      days                   INTEGER NOT NULL CHECK (days >= 0),
      maturity_at            TIMESTAMPTZ,
      demo_maturity_seconds  INTEGER CHECK (demo_maturity_seconds > 0),
      total_shares           INTEGER NOT NULL CHECK (total_shares > 0),
      sold_shares            INTEGER NOT NULL DEFAULT 0 CHECK (sold_shares >= 0 AND sold_shares <= total_shares),
      min_num                INTEGER NOT NULL DEFAULT 1 CHECK (min_num >= 1),
      max_num                INTEGER,
      status                 INTEGER NOT NULL DEFAULT 1,
      sort                   INTEGER NOT NULL DEFAULT 0,
      created_at             TIMESTAMPTZ NOT NULL DEFAULT now(),
      CHECK (maturity_at IS NOT NULL OR demo_maturity_seconds IS NOT NULL)
    )`);
  await run(sql`CREATE INDEX dual_products_list ON dual_products (currency_id, type, status)`);
  await run(sql`CREATE INDEX dual_products_seed ON dual_products (seed_key, maturity_at)`);

  await run(sql`
    CREATE TABLE dual_orders (
      id                  SERIAL PRIMARY KEY,
      user_id             INTEGER NOT NULL REFERENCES users(id),
      product_id          INTEGER NOT NULL REFERENCES dual_products(id),
      type                TEXT NOT NULL CHECK (type IN ('call', 'put')),
      currency_id         INTEGER NOT NULL REFERENCES currencies(id),
      quote_id            INTEGER NOT NULL REFERENCES currencies(id),
      invest_currency_id  INTEGER NOT NULL REFERENCES currencies(id),
      num                 INTEGER NOT NULL CHECK (num > 0),
      per_price           NUMERIC(36,18) NOT NULL,
      amount              NUMERIC(36,18) NOT NULL CHECK (amount > 0),
      apr                 NUMERIC(36,18) NOT NULL,
      linked_price        NUMERIC(36,18) NOT NULL,
      days                INTEGER NOT NULL,
      status              TEXT NOT NULL DEFAULT 'purchased' CHECK (status IN ('purchased', 'settling', 'success', 'fail')),
      maturity_at         TIMESTAMPTZ NOT NULL,
      settle_price        NUMERIC(36,18),
      settled_at          TIMESTAMPTZ,
      payout_currency_id  INTEGER REFERENCES currencies(id),
      payout_amount       NUMERIC(36,18),
      fail_reason         TEXT,
      created_at          TIMESTAMPTZ NOT NULL DEFAULT now()
    )`);
  await run(sql`CREATE INDEX dual_orders_due ON dual_orders (status, maturity_at)`);
  await run(sql`CREATE INDEX dual_orders_user ON dual_orders (user_id, id DESC)`);

  await run(sql`
    CREATE TABLE lock_configs (
      id              SERIAL PRIMARY KEY,
      seed_key        TEXT UNIQUE,
      kind            TEXT NOT NULL CHECK (kind IN ('lock', 'defi', 'cloud')),
      name            TEXT NOT NULL,
      currency_id     INTEGER NOT NULL REFERENCES currencies(id),
      min_amount      NUMERIC(36,18) NOT NULL CHECK (min_amount > 0),
      max_amount      NUMERIC(36,18),
      daily_rate_min  NUMERIC(36,18) NOT NULL CHECK (daily_rate_min >= 0),
      daily_rate_max  NUMERIC(36,18) NOT NULL CHECK (daily_rate_max >= daily_rate_min),
      lock_days       INTEGER NOT NULL CHECK (lock_days >= 1),
      dividend_time   TEXT NOT NULL CHECK (dividend_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      penalty_ratio   NUMERIC(36,18) NOT NULL CHECK (penalty_ratio >= 0),
      status          INTEGER NOT NULL DEFAULT 1,
      sort            INTEGER NOT NULL DEFAULT 0,
      created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
    )`);

  await run(sql`
    CREATE TABLE lock_orders (
      id              SERIAL PRIMARY KEY,
      user_id         INTEGER NOT NULL REFERENCES users(id),
      config_id       INTEGER NOT NULL REFERENCES lock_configs(id),
      kind            TEXT NOT NULL,
      name            TEXT NOT NULL,
      currency_id     INTEGER NOT NULL REFERENCES currencies(id),
      amount          NUMERIC(36,18) NOT NULL CHECK (amount > 0),
      daily_rate_min  NUMERIC(36,18) NOT NULL,
      daily_rate_max  NUMERIC(36,18) NOT NULL,
      lock_days       INTEGER NOT NULL,
      dividend_time   TEXT NOT NULL,
      penalty_ratio   NUMERIC(36,18) NOT NULL,
      status          TEXT NOT NULL DEFAULT 'in_progress' CHECK (status IN ('in_progress', 'redeemed')),
      lock_at         TIMESTAMPTZ NOT NULL,
      expire_at       TIMESTAMPTZ NOT NULL,
      earned          NUMERIC(36,18) NOT NULL DEFAULT 0,
      dividends_paid  INTEGER NOT NULL DEFAULT 0,
      redeemed_at     TIMESTAMPTZ,
      redeem_type     TEXT CHECK (redeem_type IN ('expired', 'early')),
      penalty         NUMERIC(36,18),
      returned        NUMERIC(36,18),
      created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
    )`);
  await run(sql`CREATE INDEX lock_orders_user ON lock_orders (user_id, id DESC)`);
  await run(sql`CREATE INDEX lock_orders_open ON lock_orders (status, id)`);

  // One row per order and day: the dividend job's exactly-once key.
  await run(sql`
    CREATE TABLE lock_dividends (
      order_id  INTEGER NOT NULL REFERENCES lock_orders(id),
      day       INTEGER NOT NULL CHECK (day >= 1),
      rate      NUMERIC(36,18) NOT NULL,
      amount    NUMERIC(36,18) NOT NULL,
      due_at    TIMESTAMPTZ NOT NULL,
      paid_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY (order_id, day)
    )`);

  await run(sql`
    CREATE TABLE ieo_projects (
      id                 SERIAL PRIMARY KEY,
      seed_key           TEXT UNIQUE,
      name               TEXT NOT NULL,
      symbol             TEXT NOT NULL,
      token_currency_id  INTEGER NOT NULL REFERENCES currencies(id),
      logo               TEXT NOT NULL DEFAULT '',
      issue_price        NUMERIC(36,18) NOT NULL CHECK (issue_price > 0),
      total_issuance     NUMERIC(36,18) NOT NULL CHECK (total_issuance > 0),
      min_amount         NUMERIC(36,18) NOT NULL CHECK (min_amount > 0),
      max_amount         NUMERIC(36,18),
      token_decimals     INTEGER NOT NULL DEFAULT 4 CHECK (token_decimals BETWEEN 0 AND 18),
      lock_days          INTEGER NOT NULL DEFAULT 0 CHECK (lock_days >= 0),
      start_at           TIMESTAMPTZ NOT NULL,
      end_at             TIMESTAMPTZ NOT NULL,
      listing_at         TIMESTAMPTZ NOT NULL,
      white_paper        TEXT NOT NULL DEFAULT '',
      website            TEXT NOT NULL DEFAULT '',
      description        TEXT NOT NULL DEFAULT '',
      finalised_at       TIMESTAMPTZ,
      created_by         INTEGER,
      created_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
      CHECK (end_at > start_at)
    )`);

  await run(sql`
    CREATE TABLE ieo_pay_currencies (
      project_id   INTEGER NOT NULL REFERENCES ieo_projects(id),
      currency_id  INTEGER NOT NULL REFERENCES currencies(id),
      price        NUMERIC(36,18) NOT NULL CHECK (price > 0),
      sort         INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (project_id, currency_id)
    )`);

  await run(sql`
    CREATE TABLE ieo_orders (
      id               SERIAL PRIMARY KEY,
      user_id          INTEGER NOT NULL REFERENCES users(id),
      project_id       INTEGER NOT NULL REFERENCES ieo_projects(id),
      amount           NUMERIC(36,18) NOT NULL CHECK (amount > 0),
      pay_currency_id  INTEGER NOT NULL REFERENCES currencies(id),
      price            NUMERIC(36,18) NOT NULL,
      pay_amount       NUMERIC(36,18) NOT NULL,
      status           TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'passed', 'failed')),
      allotted         NUMERIC(36,18),
      cost             NUMERIC(36,18),
      refund           NUMERIC(36,18),
      finalised_at     TIMESTAMPTZ,
      created_at       TIMESTAMPTZ NOT NULL DEFAULT now()
    )`);
  await run(sql`CREATE INDEX ieo_orders_project ON ieo_orders (project_id, status)`);
  await run(sql`CREATE INDEX ieo_orders_user ON ieo_orders (user_id, id DESC)`);
}
