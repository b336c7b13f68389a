import { sql, type Kysely } from 'kysely';

/**
 * spot_step_batch (migration 063's) with fewer statements per order, same rows, same answers:
 *
 * - the journal rows of the whole statement are gathered (arrays, in move order) and written by ONE
 *   multi-row INSERT at its end, not one INSERT per move: the ids still follow the moves' order, and
 *   an account's rows stay in its balance order (its row lock is held from its move to the commit);
 * - an order's fills are ONE insert (their ids come back ascending, in fill order: one sequence,
 *   one scan), its makers' rows ONE guarded update whose row count must be theirs, its expired
 *   orders likewise; an order without any runs none of these (no empty queries);
 * - a credit updates the account it finds and upserts only when there is none (an upsert is dearer
 *   than an update on the hot path, where every account exists).
 *
 * Guards as before: a move whose balance does not hold, or a maker or expired order whose row is
 * not as planned, aborts the statement (the group commit then runs each step alone).
 */
const ROW_WRITES = `
          IF jsonb_array_length(e->'x') > 0 THEN
            FOR x IN SELECT * FROM jsonb_array_elements(e->'x') LOOP
              UPDATE spot_orders o SET status = 'cancelled', cancelled_at = (x->>2)::timestamptz, frozen = 0
                WHERE o.id = (x->>0)::int AND o.status IN ('open', 'partially_filled') AND o.frozen = (x->>1)::numeric;
              IF NOT FOUND THEN
                RAISE EXCEPTION 'spot_step_batch: resting order % is not as planned', x->>0 USING ERRCODE = '23514';
              END IF;
            END LOOP;
          END IF;
          fids := '{}';
          IF jsonb_array_length(e->'f') > 0 THEN
            WITH ins AS (
              INSERT INTO spot_fills (order_id, user_id, symbol, side, role, price, qty, total, fee, book_seq, tick_seq, counter_order_id)
                SELECT f.o, f.u, f.s, f.sd, f.rl, f.p, f.q, f.t, f.fe, f.bs, NULL, f.co
                FROM jsonb_to_recordset(e->'f') AS f(o int, u int, s text, sd text, rl text, p numeric, q numeric,
                  t numeric, fe numeric, bs bigint, co int)
                RETURNING id)
            SELECT array_agg(ins.id ORDER BY ins.id) INTO fids FROM ins;
          END IF;
          IF jsonb_array_length(e->'m') > 0 THEN
            FOR m IN SELECT * FROM jsonb_to_recordset(e->'m') AS j(id int, f0 numeric, filled numeric, total numeric, fee numeric,
                fill_price numeric, fill_seq bigint, frozen numeric, status text, filled_at timestamptz) LOOP
              UPDATE spot_orders o SET filled = m.filled, total = m.total, fee = m.fee, fill_price = m.fill_price,
                  fill_seq = m.fill_seq, frozen = m.frozen, status = m.status, filled_at = m.filled_at
                WHERE o.id = m.id AND o.status IN ('open', 'partially_filled') AND o.filled = m.f0;
              IF NOT FOUND THEN
                RAISE EXCEPTION 'spot_step_batch: resting order % is not as planned', m.id USING ERRCODE = '23514';
              END IF;
            END LOOP;
          END IF;`;

const MOVES = `
          FOR mv IN SELECT mj.el->>0 AS op, (mj.el->>1)::int AS u, (mj.el->>2)::int AS c, (mj.el->>3)::int AS t,
              (mj.el->>4)::numeric AS amt, mj.el->>5 AS reason, mj.el->>6 AS rt, mj.el->>7 AS rid, (mj.el->>8)::int AS fi
              FROM jsonb_array_elements(e->'mv') AS mj(el) LOOP
            IF mv.amt IS NULL OR mv.amt <= 0 THEN
              RAISE EXCEPTION 'spot_step_batch: the amount must be positive' USING ERRCODE = '22023';
            END IF;
            da := 0; df := 0;
            IF mv.op = 'credit' THEN
              da := mv.amt;
              UPDATE accounts a SET available = a.available + mv.amt, updated_at = now()
                WHERE a.user_id = mv.u AND a.currency_id = mv.c AND a.type = mv.t
                RETURNING a.id, a.available, a.frozen INTO v_acc, v_a, v_f;
              IF NOT FOUND THEN
                INSERT INTO accounts AS a (user_id, currency_id, type, available, frozen, updated_at)
                  VALUES (mv.u, mv.c, mv.t, mv.amt, 0, now())
                  ON CONFLICT (user_id, currency_id, type) DO UPDATE SET available = a.available + mv.amt, updated_at = now()
                  RETURNING a.id, a.available, a.frozen INTO v_acc, v_a, v_f;
              END IF;
            ELSE
              IF mv.op = 'debit' THEN da := -mv.amt;
              ELSIF mv.op = 'freeze' THEN da := -mv.amt; df := mv.amt;
              ELSIF mv.op = 'unfreeze' THEN da := mv.amt; df := -mv.amt;
              ELSIF mv.op = 'settleFrozen' THEN df := -mv.amt;
              ELSE RAISE EXCEPTION 'spot_step_batch: unknown move %', mv.op USING ERRCODE = '22023';
              END IF;
              UPDATE accounts a SET available = a.available + da, frozen = a.frozen + df, updated_at = now()
                WHERE a.user_id = mv.u AND a.currency_id = mv.c AND a.type = mv.t
                  AND (CASE WHEN mv.op IN ('debit', 'freeze') THEN a.available ELSE a.frozen END) >= mv.amt
                RETURNING a.id, a.available, a.frozen INTO v_acc, v_a, v_f;
              IF NOT FOUND THEN
                RAISE EXCEPTION 'spot_step_batch: % of % refused for user %', mv.op, mv.amt, mv.u USING ERRCODE = '23514';
              END IF;
            END IF;
            IF mv.fi IS NOT NULL THEN v_rt := 'spot_fill'; v_rid := fids[mv.fi + 1]::text;
            ELSE v_rt := mv.rt; v_rid := mv.rid; END IF;
            jr := jr || ROW(mv.u, v_acc, mv.c, mv.t, da, df, v_a, v_f, mv.reason, v_rt, v_rid)::spot_journal_row;
            bal := bal || jsonb_build_array(jsonb_build_array(mv.u, mv.c, mv.t, v_a::text, v_f::text));
          END LOOP;`;

const KEY_WRITES = `
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
          END IF;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // a journal row as the statement gathers it (one array of these, one INSERT at its end)
  await sql`
    CREATE TYPE spot_journal_row AS (u int, acc int, c int, t int, da numeric, df numeric, a numeric, f numeric,
      r text, rt text, rid text)`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION spot_step_batch(p jsonb)
    RETURNS TABLE (n int, i int, st text, bal jsonb)
    LANGUAGE plpgsql AS $$
    DECLARE
      uid int; s jsonb; e jsonb; x jsonb; m record; mv record; v_user int; v_id int; v_ok boolean; v_n int;
      fids int[]; v_a numeric; v_f numeric; v_acc int; da numeric; df numeric; v_ref jsonb;
      v_rt text; v_rid text; jr spot_journal_row[] := '{}';
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
          ${sql.raw(ROW_WRITES)}
          ${sql.raw(MOVES)}
          ${sql.raw(KEY_WRITES)}
          st := 'ok';
          RETURN NEXT;
        END LOOP;
      END LOOP;
      INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after,
          reason, ref_type, ref_id, created_at)
        SELECT j.u, j.acc, j.c, j.t, j.da, j.df, j.a, j.f, j.r, j.rt, j.rid, now() FROM unnest(jr) AS j;
    END
    $$`.execute(db);
}

/** Back to migration 063's body. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const m063 = await import('./063_spot_step_lean');
  await m063.up(db);
  await sql`DROP TYPE spot_journal_row`.execute(db);
}
