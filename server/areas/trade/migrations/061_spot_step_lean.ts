import { sql, type Kysely } from 'kysely';
import { up as up054 } from './054_spot_group_commit';

/**
 * spot_step_batch (migration 054's) with fewer statements per order, same answers, rows and
 * balances: an order's expired own orders, its fills and its makers' rows are written by one
 * statement each instead of one per row (ORDER_WRITES below); the locks, the key, the `need` check
 * (a refused order writes nothing), the taker's row and the moves are as in 054.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createLeanStep(db);
}

/** Back to migration 054's functions. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS spot_step_batch(jsonb)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS spot_ledger_move(text, int, int, int, numeric, text, text, text)`.execute(db);
  await up054(db);
}

/**
 * spot_step_batch's middle part for one order, set-based: its expired own orders and its makers'
 * rows each ONE update (the row count must equal the planned rows, or the statement is aborted as
 * 054's per-row guard did), its fills ONE insert on ids taken first (in fill order: the moves'
 * journal rows name them), then its moves in order as before (each journal row carries the balance
 * after that move, so they stay one by one).
 */
const ORDER_WRITES = `
          IF jsonb_array_length(e->'x') > 0 THEN
            UPDATE spot_orders o SET status = 'cancelled', cancelled_at = (x.j->>2)::timestamptz, frozen = 0
              FROM jsonb_array_elements(e->'x') AS x(j)
              WHERE o.id = (x.j->>0)::int AND o.status IN ('open', 'partially_filled') AND o.frozen = (x.j->>1)::numeric;
            GET DIAGNOSTICS v_n = ROW_COUNT;
            IF v_n <> jsonb_array_length(e->'x') THEN
              RAISE EXCEPTION 'spot_step_batch: a resting order of order % is not as planned', v_id USING ERRCODE = '23514';
            END IF;
          END IF;
          fids := ARRAY(SELECT nextval(v_seq)::int FROM generate_series(1, jsonb_array_length(e->'f')));
          IF cardinality(fids) > 0 THEN
            INSERT INTO spot_fills (id, order_id, user_id, symbol, side, role, price, qty, total, fee, book_seq, tick_seq, counter_order_id)
              SELECT fids[x.ord], (x.j->>'o')::int, (x.j->>'u')::int, x.j->>'s', x.j->>'sd', x.j->>'rl', (x.j->>'p')::numeric,
                (x.j->>'q')::numeric, (x.j->>'t')::numeric, (x.j->>'fe')::numeric, (x.j->>'bs')::bigint, NULL, (x.j->>'co')::int
              FROM jsonb_array_elements(e->'f') WITH ORDINALITY AS x(j, ord);
          END IF;
          IF jsonb_array_length(e->'m') > 0 THEN
            UPDATE spot_orders o SET filled = (x.j->>'filled')::numeric, total = (x.j->>'total')::numeric, fee = (x.j->>'fee')::numeric,
                fill_price = (x.j->>'fill_price')::numeric, fill_seq = (x.j->>'fill_seq')::bigint, frozen = (x.j->>'frozen')::numeric,
                status = x.j->>'status', filled_at = (x.j->>'filled_at')::timestamptz
              FROM jsonb_array_elements(e->'m') AS x(j)
              WHERE o.id = (x.j->>'id')::int AND o.status IN ('open', 'partially_filled') AND o.filled = (x.j->>'f0')::numeric;
            GET DIAGNOSTICS v_n = ROW_COUNT;
            IF v_n <> jsonb_array_length(e->'m') THEN
              RAISE EXCEPTION 'spot_step_batch: a maker of order % is not as planned', v_id USING ERRCODE = '23514';
            END IF;
          END IF;
          FOR x IN SELECT * FROM jsonb_array_elements(e->'mv') LOOP
            IF x->>8 IS NOT NULL THEN v_rt := 'spot_fill'; v_rid := fids[(x->>8)::int + 1]::text;
            ELSE v_rt := x->>6; v_rid := x->>7; END IF;
            SELECT * INTO v_a, v_f FROM spot_ledger_move(x->>0, (x->>1)::int, (x->>2)::int, (x->>3)::int, (x->>4)::numeric,
              x->>5, v_rt, v_rid);
            bal := bal || jsonb_build_array(jsonb_build_array((x->>1)::int, (x->>2)::int, (x->>3)::int, v_a::text, v_f::text));
          END LOOP;`;

async function createLeanStep(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION spot_step_batch(p jsonb)
    RETURNS TABLE (n int, i int, st text, bal jsonb)
    LANGUAGE plpgsql AS $$
    DECLARE
      uid int; s jsonb; e jsonb; x jsonb; v_user int; v_id int; v_fid int; v_ok boolean;
      fids int[]; v_n int; v_seq regclass := pg_get_serial_sequence('spot_fills', 'id')::regclass; v_a numeric; v_f numeric; v_ref jsonb; v_rt text; v_rid text;
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
