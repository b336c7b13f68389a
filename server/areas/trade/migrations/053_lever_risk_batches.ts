import { sql, type Kysely } from 'kysely';

/**
 * A forced close, and the overnight fee, on the ledger's group commit (the trade area's
 * domain/lever-risk-commit.ts), with migration 047's rules (the balance locks first, ascending;
 * each element all-or-nothing; what the statement cannot decide answers `fallback` having written
 * nothing, and the caller takes the transaction path, where a loss or a fee is capped at the balance).
 *
 * lever_liquidate_batch: one element is one user's liquidation as lever.ts decided it (risk rate at
 * or below the line, from core) — every position it saw open, winners first, each with its P&L
 * (core positionPnl) at its price. `not_open` when none of them is open any more (liquidated
 * already: once, even for two elements of one statement); `fallback` when the account is not the
 * one the decision read (its available balance moved), a position opened or closed since, or a loss
 * would go beyond the balance. Else every position closes (status guard `position` → `closed`,
 * reason `liquidation`, with the rate, line and balance that decided it), each with its margin
 * released and its P&L settled, journaled as lever.ts closingMoves, and its closing tick recorded.
 *
 * lever_overnight_batch: one day's fee (core overnightFee) of one position. `dup` when the
 * (position, day) charge exists (the primary key of lever_overnight_charges: charged once per
 * position per day, a rerun or a restart too), `not_open` when it is no longer open, `fallback`
 * when the available balance is short of the fee (the transaction path takes what there is); else
 * the charge row, the debit (`lever_overnight_fee`, journaled) and the position's overnight total.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createLiquidate(db);
  await createOvernight(db);
}

async function createLiquidate(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION lever_liquidate_batch(p jsonb)
    RETURNS TABLE (n int, outcome text, account int, available numeric, frozen numeric)
    LANGUAGE plpgsql AS $$
    DECLARE
      uid int; e jsonb; x jsonb;
      u int; cur int; typ smallint;
      acc int; av numeric; fr numeric; sav numeric; sfr numeric;
      open_now int; seen int; ok boolean;
      mg numeric; pnl numeric; pid int;
    BEGIN
      FOR uid IN SELECT DISTINCT (el.j->>'u')::int AS u FROM jsonb_array_elements(p) AS el(j) ORDER BY 1 LOOP
        PERFORM pg_advisory_xact_lock(14, uid);
      END LOOP;
      FOR i IN 0 .. jsonb_array_length(p) - 1 LOOP
        e := p -> i;
        u := (e->>'u')::int; cur := (e->>'c')::int; typ := (e->>'t')::smallint;
        n := i; account := NULL; available := NULL; frozen := NULL;
        -- the positions the decision saw, locked; and how many the user has open now
        SELECT count(*) INTO seen FROM (
          SELECT 1 FROM lever_orders o
            WHERE o.id IN (SELECT (ps.j->>'id')::int FROM jsonb_array_elements(e->'ps') AS ps(j))
              AND o.user_id = u AND o.status = 'position'
            ORDER BY o.id FOR UPDATE) s;
        IF seen = 0 THEN
          outcome := 'not_open'; RETURN NEXT; CONTINUE;
        END IF;
        SELECT count(*) INTO open_now FROM lever_orders o WHERE o.user_id = u AND o.status = 'position';
        SELECT a.id, a.available, a.frozen INTO acc, av, fr FROM accounts a
          WHERE a.user_id = u AND a.currency_id = cur AND a.type = typ FOR UPDATE;
        ok := acc IS NOT NULL AND seen = jsonb_array_length(e->'ps') AND open_now = seen AND av = (e->>'av')::numeric;
        -- every loss payable in full, in the order given (winners first)
        IF ok THEN
          sav := av; sfr := fr;
          FOR x IN SELECT ps.j FROM jsonb_array_elements(e->'ps') WITH ORDINALITY AS ps(j, k) ORDER BY ps.k LOOP
            SELECT o.margin INTO mg FROM lever_orders o WHERE o.id = (x->>'id')::int;
            pnl := (x->>'pnl')::numeric;
            IF sfr < mg OR sav + mg + pnl < 0 THEN ok := false; EXIT; END IF;
            sav := sav + mg + pnl; sfr := sfr - mg;
          END LOOP;
        END IF;
        IF NOT ok THEN
          outcome := 'fallback'; RETURN NEXT; CONTINUE; -- nothing written: the transaction path decides
        END IF;
        FOR x IN SELECT ps.j FROM jsonb_array_elements(e->'ps') WITH ORDINALITY AS ps(j, k) ORDER BY ps.k LOOP
          pid := (x->>'id')::int;
          pnl := (x->>'pnl')::numeric;
          UPDATE lever_orders o SET status = 'closed', close_price = (x->>'cp')::numeric, close_seq = (x->>'cs')::bigint,
              close_reason = 'liquidation', closed_at = (e->>'ca')::timestamptz, profit = pnl, uncovered_loss = 0,
              liq_risk_rate = (e->'liq'->>'rate')::numeric, liq_line = (e->'liq'->>'line')::numeric,
              liq_available = (e->'liq'->>'available')::numeric, liq_group = (e->'liq'->>'group')::int
            WHERE o.id = pid
            RETURNING o.margin INTO mg;
          IF jsonb_typeof(x->'tk') = 'object' THEN
            INSERT INTO market_ticks (symbol, seq, price, ts)
              VALUES (x->'tk'->>'symbol', (x->'tk'->>'seq')::bigint, (x->'tk'->>'price')::numeric, (x->'tk'->>'ts')::bigint)
              ON CONFLICT (symbol, seq) DO NOTHING;
          END IF;
          av := av + mg; fr := fr - mg;
          INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
            VALUES (u, acc, cur, typ, mg, -mg, av, fr, 'lever_margin_release', 'lever_order', pid::text, now());
          IF pnl <> 0 THEN
            av := av + pnl;
            INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
              VALUES (u, acc, cur, typ, pnl, 0, av, fr, CASE WHEN pnl > 0 THEN 'lever_profit' ELSE 'lever_loss' END, 'lever_order', pid::text, now());
          END IF;
        END LOOP;
        UPDATE accounts a SET available = av, frozen = fr, updated_at = now() WHERE a.id = acc;
        outcome := 'liquidated'; account := acc; available := av; frozen := fr;
        RETURN NEXT;
      END LOOP;
    END
    $$`.execute(db);
}

async function createOvernight(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION lever_overnight_batch(p jsonb)
    RETURNS TABLE (n int, outcome text, account int, available numeric, frozen numeric)
    LANGUAGE plpgsql AS $$
    DECLARE
      uid int; e jsonb;
      u int; cur int; typ smallint; v_id int; d date; v_due numeric;
      acc int; av numeric; fr numeric;
    BEGIN
      FOR uid IN SELECT DISTINCT (el.j->>'u')::int AS u FROM jsonb_array_elements(p) AS el(j) ORDER BY 1 LOOP
        PERFORM pg_advisory_xact_lock(14, uid);
      END LOOP;
      FOR i IN 0 .. jsonb_array_length(p) - 1 LOOP
        e := p -> i;
        u := (e->>'u')::int; cur := (e->>'c')::int; typ := (e->>'t')::smallint; v_id := (e->>'id')::int;
        d := (e->>'day')::date; v_due := (e->>'due')::numeric;
        n := i; account := NULL; available := NULL; frozen := NULL;
        IF v_due IS NULL OR v_due < 0 THEN
          RAISE EXCEPTION 'lever_overnight_batch: the fee must not be negative' USING ERRCODE = '22023';
        END IF;
        IF EXISTS (SELECT 1 FROM lever_overnight_charges c WHERE c.order_id = v_id AND c.day = d) THEN
          outcome := 'dup'; RETURN NEXT; CONTINUE;
        END IF;
        PERFORM 1 FROM lever_orders o WHERE o.id = v_id AND o.user_id = u AND o.status = 'position' FOR UPDATE;
        IF NOT FOUND THEN
          outcome := 'not_open'; RETURN NEXT; CONTINUE;
        END IF;
        SELECT a.id, a.available, a.frozen INTO acc, av, fr FROM accounts a
          WHERE a.user_id = u AND a.currency_id = cur AND a.type = typ FOR UPDATE;
        IF acc IS NULL OR av < v_due THEN
          outcome := 'fallback'; RETURN NEXT; CONTINUE; -- nothing written: the transaction path caps it
        END IF;
        -- the claim first of the writes: another process's charge of the same day makes this one a dup
        INSERT INTO lever_overnight_charges (order_id, day, amount, due) VALUES (v_id, d, v_due, v_due)
          ON CONFLICT (order_id, day) DO NOTHING;
        IF NOT FOUND THEN
          outcome := 'dup'; RETURN NEXT; CONTINUE;
        END IF;
        IF v_due > 0 THEN
          av := av - v_due;
          UPDATE accounts a SET available = av, updated_at = now() WHERE a.id = acc;
          INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
            VALUES (u, acc, cur, typ, -v_due, 0, av, fr, 'lever_overnight_fee', 'lever_order', v_id::text, now());
        END IF;
        UPDATE lever_orders o SET overnight_fee = o.overnight_fee + v_due WHERE o.id = v_id;
        outcome := 'charged'; account := acc; available := av; frozen := fr;
        RETURN NEXT;
      END LOOP;
    END
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS lever_overnight_batch(jsonb)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS lever_liquidate_batch(jsonb)`.execute(db);
}
