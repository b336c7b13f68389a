import { sql, type Kysely } from 'kysely';

/**
 * Seconds options on the ledger's group commit (db/group-commit.ts, trade domain/seconds-commit.ts):
 * many orders' whole writes in ONE statement, one commit for all, as the coin transfer's
 * ledger_transfer_batch (migrations 041, 044, 045). Both first take every user's balance lock
 * (advisory class 14) in ascending id order — the canonical order, so a batch cannot deadlock with
 * another batch or any inTransaction — then run each element all-or-nothing.
 *
 * - seconds_submit_batch: per element, the idempotency key claimed (`kc`: a key that exists already
 *   makes the element a `dup` and nothing is done), the conditional freeze of the stake on the micro
 *   account (type 4; `available >= stake`, else the element is refused: no row back and NOTHING
 *   written), the order's row, its buy tick on record (market_ticks, when it has a seq), the
 *   freeze's journal row, the backstop job (task `jt`, key `jk` || the order's id, at `ra`; the
 *   batch's jobs are added together at its end by enqueue_jobs: graphile-worker's add_jobs, one
 *   call and one notification instead of one each, which was half the statement's time) and the
 *   key's row inserted committed with the order's ref and the answer
 *   (`ans`, built by the caller, its id filled in here). A key without `kc` (a reservation made
 *   before) is marked committed with the ref and the answer instead.
 * - seconds_settle_batch: per element, the order settled exactly once (`pending` → `settled`, its
 *   stake, user and coin checked against the row: no row back when it was not pending), its end tick
 *   on record, the stake leaving the frozen balance and the payout credited, each journaled. The
 *   result, payout and profit are the caller's (core secondsPayout, passed as decimal strings): the
 *   formula is written once. A stake not frozen is an error: the statement is aborted and the
 *   caller's writer runs its elements one by one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createEnqueueJobs(db);
  await createSubmit(db);
  await createSettle(db);
}

async function createSubmit(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION seconds_submit_batch(p jsonb)
    RETURNS TABLE (n int, order_id int, acc int, avail numeric, froz numeric, dup boolean)
    LANGUAGE plpgsql AS $$
    DECLARE
      uid int;
      e jsonb;
      claim boolean;
      v_user int; v_cur int; v_amt numeric; v_ref jsonb; v_ans jsonb;
      v_jobs jsonb := '[]';
    BEGIN
      FOR uid IN SELECT DISTINCT (el.j->>'u')::int FROM jsonb_array_elements(p) AS el(j) ORDER BY 1 LOOP
        PERFORM pg_advisory_xact_lock(14, uid);
      END LOOP;
      FOR i IN 0 .. jsonb_array_length(p) - 1 LOOP
        e := p -> i;
        v_user := (e->>'u')::int; v_cur := (e->>'c')::int; v_amt := (e->>'a')::numeric;
        claim := e->>'kc' IS NOT NULL AND e->>'k' IS NOT NULL;
        IF claim THEN
          PERFORM 1 FROM idempotency_keys k WHERE k.user_id = v_user AND k.key = e->>'k';
          IF FOUND THEN
            n := i; dup := true; order_id := NULL; acc := NULL; avail := NULL; froz := NULL;
            RETURN NEXT;
            CONTINUE;
          END IF;
        END IF;
        IF v_amt IS NULL OR v_amt <= 0 THEN
          RAISE EXCEPTION 'seconds_submit_batch: the stake must be positive' USING ERRCODE = '22023';
        END IF;
        UPDATE accounts a SET available = a.available - v_amt, frozen = a.frozen + v_amt, updated_at = now()
          WHERE a.user_id = v_user AND a.currency_id = v_cur AND a.type = 4 AND a.available >= v_amt
          RETURNING a.id, a.available, a.frozen INTO acc, avail, froz;
        IF NOT FOUND THEN
          CONTINUE; -- refused: nothing was written
        END IF;
        INSERT INTO seconds_orders AS o (user_id, symbol, currency_id, type, seconds, number, profit_ratio, status,
            buy_price, buy_seq, buy_ts, expires_at, created_at)
          VALUES (v_user, e->>'s', v_cur, e->>'ty', (e->>'sec')::int, v_amt, (e->>'pr')::numeric, 'pending',
            (e->>'bp')::numeric, (e->>'bq')::bigint, (e->>'bt')::bigint, (e->>'x')::bigint, (e->>'ca')::timestamptz)
          RETURNING o.id INTO order_id;
        IF (e->>'bq')::bigint > 0 THEN
          INSERT INTO market_ticks (symbol, seq, price, ts) VALUES (e->>'s', (e->>'bq')::bigint, (e->>'bp')::numeric, (e->>'bt')::bigint)
            ON CONFLICT (symbol, seq) DO NOTHING;
        END IF;
        INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
          VALUES (v_user, acc, v_cur, 4, -v_amt, v_amt, avail, froz, 'seconds_stake', 'seconds_order', order_id::text, now());
        v_jobs := v_jobs || jsonb_build_object('identifier', e->>'jt', 'payload', jsonb_build_object('id', order_id),
          'run_at', e->>'ra', 'job_key', (e->>'jk') || order_id, 'max_attempts', 25);
        IF e->>'k' IS NOT NULL THEN
          v_ref := jsonb_build_object('type', 'seconds_order', 'id', order_id);
          v_ans := CASE WHEN e ? 'ans' THEN jsonb_set(e->'ans', '{id}', to_jsonb(order_id)) END;
          IF claim THEN
            INSERT INTO idempotency_keys (user_id, key, route, response, owner, committed_at, committed_ref)
              VALUES (v_user, e->>'k', e->>'kc', v_ans, e->>'kw', now(), v_ref);
          ELSE
            UPDATE idempotency_keys k SET committed_at = coalesce(k.committed_at, now()), committed_ref = coalesce(k.committed_ref, v_ref),
                response = coalesce(v_ans, k.response)
              WHERE k.user_id = v_user AND k.key = e->>'k';
          END IF;
        END IF;
        n := i; dup := false;
        RETURN NEXT;
      END LOOP;
      IF jsonb_array_length(v_jobs) > 0 THEN
        PERFORM enqueue_jobs(v_jobs);
      END IF;
    END
    $$`.execute(db);
}

/** enqueue_job (migration 027) for many jobs at once: one add_jobs call, one notification to the workers. */
async function createEnqueueJobs(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION enqueue_jobs(p_specs jsonb) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      EXECUTE format('SELECT count(*) FROM %1$I.add_jobs(ARRAY(SELECT s FROM jsonb_populate_recordset(NULL::%1$I.job_spec, $1) s))', job_queue_schema())
        USING p_specs;
    END
    $$`.execute(db);
}

async function createSettle(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION seconds_settle_batch(p jsonb)
    RETURNS TABLE (n int, acc int, avail numeric, froz numeric)
    LANGUAGE plpgsql AS $$
    DECLARE
      uid int;
      e jsonb;
      v_user int; v_cur int; v_amt numeric; v_pay numeric; v_id text;
    BEGIN
      FOR uid IN SELECT DISTINCT (el.j->>'u')::int FROM jsonb_array_elements(p) AS el(j) ORDER BY 1 LOOP
        PERFORM pg_advisory_xact_lock(14, uid);
      END LOOP;
      FOR i IN 0 .. jsonb_array_length(p) - 1 LOOP
        e := p -> i;
        v_user := (e->>'u')::int; v_cur := (e->>'c')::int; v_amt := (e->>'a')::numeric; v_pay := (e->>'p')::numeric;
        v_id := e->>'i';
        UPDATE seconds_orders o SET status = 'settled', end_price = (e->>'ep')::numeric, end_seq = (e->>'es')::bigint,
            end_ts = (e->>'et')::bigint, result = e->>'r', payout = v_pay, profit = (e->>'pf')::numeric, settled_at = (e->>'sa')::timestamptz
          WHERE o.id = v_id::int AND o.status = 'pending' AND o.user_id = v_user AND o.currency_id = v_cur AND o.number = v_amt;
        IF NOT FOUND THEN
          CONTINUE; -- settled already (or not this order): nothing was written
        END IF;
        IF (e->>'es')::bigint > 0 THEN
          INSERT INTO market_ticks (symbol, seq, price, ts) VALUES (e->>'s', (e->>'es')::bigint, (e->>'ep')::numeric, (e->>'et')::bigint)
            ON CONFLICT (symbol, seq) DO NOTHING;
        END IF;
        UPDATE accounts a SET frozen = a.frozen - v_amt, updated_at = now()
          WHERE a.user_id = v_user AND a.currency_id = v_cur AND a.type = 4 AND a.frozen >= v_amt
          RETURNING a.id, a.available, a.frozen INTO acc, avail, froz;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'seconds_settle_batch: order %''s stake is not frozen', v_id USING ERRCODE = '23514';
        END IF;
        INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
          VALUES (v_user, acc, v_cur, 4, 0, -v_amt, avail, froz, 'seconds_stake_settle', 'seconds_order', v_id, now());
        IF v_pay > 0 THEN
          UPDATE accounts a SET available = a.available + v_pay, updated_at = now() WHERE a.id = acc
            RETURNING a.available, a.frozen INTO avail, froz;
          INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
            VALUES (v_user, acc, v_cur, 4, v_pay, 0, avail, froz, 'seconds_payout', 'seconds_order', v_id, now());
        END IF;
        n := i;
        RETURN NEXT;
      END LOOP;
    END
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS seconds_settle_batch(jsonb)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS seconds_submit_batch(jsonb)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS enqueue_jobs(jsonb)`.execute(db);
}
