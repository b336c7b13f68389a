import { sql, type Kysely } from 'kysely';

/**
 * Spot orders on the ledger's group commit (db/group-commit.ts, trade domain/spot-commit.ts): the
 * matching engine's steps — each the orders one symbol's queue took together, planned in order
 * against the book — written in ONE statement for all the steps submitted meanwhile.
 *
 * - spot_ledger_move: one ledger move as db/ledger.ts writes it (the conditional UPDATE, or the
 *   upsert of a credit, and its journal row with the balances after). A guard that fails here is an
 *   error (the caller checked what could be refused first): the statement is aborted.
 * - spot_step_batch: first every user's balance lock (advisory class 14) in ascending id order — the
 *   canonical order, as every ledger transaction takes them — then per step, its orders in order:
 *   the idempotency key claimed (one that exists makes the order a `dup`), the taker's `need` checked
 *   (`available >=` what its debits and freeze take, net of what its expired own orders give back:
 *   a refused order writes nothing), then the taker's row in its final state, its own resting
 *   orders expired (status guard), the fills, the makers' rows (guarded by the filled quantity the
 *   plan read, so a fill is applied once), the moves (sorted by account as MoveList sorts them,
 *   journaled against their fill or order) and the key with the answer. A refused or dup order ends
 *   its step: the orders after it were planned on its effects, so they are not run (no row back)
 *   and the engine plans them again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createMove(db);
  await createStep(db);
}

async function createMove(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION spot_ledger_move(op text, v_user int, v_cur int, v_type int, v_amt numeric, v_reason text,
        v_rt text, v_rid text, OUT avail numeric, OUT froz numeric)
    LANGUAGE plpgsql AS $$
    DECLARE
      da numeric := 0; df numeric := 0; v_acc int;
    BEGIN
      IF v_amt IS NULL OR v_amt <= 0 THEN
        RAISE EXCEPTION 'spot_ledger_move: the amount must be positive' USING ERRCODE = '22023';
      END IF;
      IF op = 'credit' THEN
        da := v_amt;
        INSERT INTO accounts AS a (user_id, currency_id, type, available, frozen, updated_at)
          VALUES (v_user, v_cur, v_type, v_amt, 0, now())
          ON CONFLICT (user_id, currency_id, type) DO UPDATE SET available = a.available + v_amt, updated_at = now()
          RETURNING a.id, a.available, a.frozen INTO v_acc, avail, froz;
      ELSE
        IF op = 'debit' THEN da := -v_amt;
        ELSIF op = 'freeze' THEN da := -v_amt; df := v_amt;
        ELSIF op = 'unfreeze' THEN da := v_amt; df := -v_amt;
        ELSIF op = 'settleFrozen' THEN df := -v_amt;
        ELSE RAISE EXCEPTION 'spot_ledger_move: unknown move %', op USING ERRCODE = '22023';
        END IF;
        UPDATE accounts a SET available = a.available + da, frozen = a.frozen + df, updated_at = now()
          WHERE a.user_id = v_user AND a.currency_id = v_cur AND a.type = v_type
            AND (CASE WHEN op IN ('debit', 'freeze') THEN a.available ELSE a.frozen END) >= v_amt
          RETURNING a.id, a.available, a.frozen INTO v_acc, avail, froz;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'spot_ledger_move: % of % refused for user %', op, v_amt, v_user USING ERRCODE = '23514';
        END IF;
      END IF;
      INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
        VALUES (v_user, v_acc, v_cur, v_type, da, df, avail, froz, v_reason, v_rt, v_rid, now());
    END
    $$`.execute(db);
}

/** spot_step_batch's middle part for one order: its expired own orders, its fills, its makers' rows, its moves. */
const ORDER_WRITES = `
          FOR x IN SELECT * FROM jsonb_array_elements(e->'x') LOOP
            UPDATE spot_orders o SET status = 'cancelled', cancelled_at = (x->>2)::timestamptz, frozen = 0
              WHERE o.id = (x->>0)::int AND o.status IN ('open', 'partially_filled') AND o.frozen = (x->>1)::numeric;
            IF NOT FOUND THEN
              RAISE EXCEPTION 'spot_step_batch: resting order % is not as planned', x->>0 USING ERRCODE = '23514';
            END IF;
          END LOOP;
          fids := '{}';
          FOR x IN SELECT * FROM jsonb_array_elements(e->'f') LOOP
            INSERT INTO spot_fills (order_id, user_id, symbol, side, role, price, qty, total, fee, book_seq, tick_seq, counter_order_id)
              VALUES ((x->>'o')::int, (x->>'u')::int, x->>'s', x->>'sd', x->>'rl', (x->>'p')::numeric, (x->>'q')::numeric,
                (x->>'t')::numeric, (x->>'fe')::numeric, (x->>'bs')::bigint, NULL, (x->>'co')::int)
              RETURNING id INTO v_fid;
            fids := fids || v_fid;
          END LOOP;
          FOR x IN SELECT * FROM jsonb_array_elements(e->'m') LOOP
            UPDATE spot_orders o SET filled = (x->>'filled')::numeric, total = (x->>'total')::numeric, fee = (x->>'fee')::numeric,
                fill_price = (x->>'fill_price')::numeric, fill_seq = (x->>'fill_seq')::bigint, frozen = (x->>'frozen')::numeric,
                status = x->>'status', filled_at = (x->>'filled_at')::timestamptz
              WHERE o.id = (x->>'id')::int AND o.status IN ('open', 'partially_filled') AND o.filled = (x->>'f0')::numeric;
            IF NOT FOUND THEN
              RAISE EXCEPTION 'spot_step_batch: resting order % is not as planned', x->>'id' USING ERRCODE = '23514';
            END IF;
          END LOOP;
          FOR x IN SELECT * FROM jsonb_array_elements(e->'mv') LOOP
            IF x->>8 IS NOT NULL THEN v_rt := 'spot_fill'; v_rid := fids[(x->>8)::int + 1]::text;
            ELSE v_rt := x->>6; v_rid := x->>7; END IF;
            SELECT * INTO v_a, v_f FROM spot_ledger_move(x->>0, (x->>1)::int, (x->>2)::int, (x->>3)::int, (x->>4)::numeric,
              x->>5, v_rt, v_rid);
            bal := bal || jsonb_build_array(jsonb_build_array((x->>1)::int, (x->>2)::int, (x->>3)::int, v_a::text, v_f::text));
          END LOOP;`;

async function createStep(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION spot_step_batch(p jsonb)
    RETURNS TABLE (n int, i int, st text, bal jsonb)
    LANGUAGE plpgsql AS $$
    DECLARE
      uid int; s jsonb; e jsonb; x jsonb; v_user int; v_id int; v_fid int; v_ok boolean;
      fids int[]; v_a numeric; v_f numeric; v_ref jsonb; v_rt text; v_rid text;
    BEGIN
      FOR uid IN SELECT DISTINCT (u.j)::int FROM jsonb_array_elements(p) AS st(j), jsonb_array_elements(st.j->'us') AS u(j) ORDER BY 1 LOOP
        PERFORM pg_advisory_xact_lock(14, uid);
      END LOOP;
      FOR si IN 0 .. jsonb_array_length(p) - 1 LOOP
        s := p -> si -> 'o';
        FOR oi IN 0 .. jsonb_array_length(s) - 1 LOOP
          e := s -> oi; v_user := (e->>'u')::int; v_id := (e->'r'->>'id')::int;
          n := si; i := oi; bal := '[]';
          IF e->>'kc' IS NOT NULL THEN
            PERFORM 1 FROM idempotency_keys k WHERE k.user_id = v_user AND k.key = e->>'k';
            IF FOUND THEN st := 'dup'; RETURN NEXT; EXIT; END IF;
          END IF;
          v_ok := true;
          FOR x IN SELECT * FROM jsonb_array_elements(e->'need') LOOP
            PERFORM 1 FROM accounts a WHERE a.user_id = v_user AND a.currency_id = (x->>0)::int AND a.type = (x->>1)::int
              AND a.available >= (x->>2)::numeric;
            IF NOT FOUND THEN v_ok := false; EXIT; END IF;
          END LOOP;
          IF NOT v_ok THEN st := 'refused'; RETURN NEXT; EXIT; END IF;
          INSERT INTO spot_orders (id, user_id, symbol, side, kind, status, amount, target_price, fee_rate, filled, total, fee,
              fill_price, fill_seq, frozen, created_at, filled_at, watch_seq)
            SELECT r.id, r.user_id, r.symbol, r.side, r.kind, r.status, r.amount, r.target_price, r.fee_rate, r.filled, r.total,
              r.fee, r.fill_price, r.fill_seq, r.frozen, r.created_at, r.filled_at, r.watch_seq
            FROM jsonb_populate_record(NULL::spot_orders, e->'r') r;
          ${sql.raw(ORDER_WRITES)}
          IF e->>'k' IS NOT NULL THEN
            v_ref := jsonb_build_object('type', 'spot_order', 'id', v_id);
            IF e->>'kc' IS NOT NULL THEN
              INSERT INTO idempotency_keys (user_id, key, route, response, owner, committed_at, committed_ref)
                VALUES (v_user, e->>'k', e->>'kc', e->'ans', e->>'kw', now(), v_ref);
            ELSE
              UPDATE idempotency_keys k SET committed_at = coalesce(k.committed_at, now()),
                  committed_ref = coalesce(k.committed_ref, v_ref), response = e->'ans'
                WHERE k.user_id = v_user AND k.key = e->>'k';
            END IF;
          END IF;
          st := 'ok';
          RETURN NEXT;
        END LOOP;
      END LOOP;
    END
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS spot_step_batch(jsonb)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS spot_ledger_move(text, int, int, int, numeric, text, text, text)`.execute(db);
}
