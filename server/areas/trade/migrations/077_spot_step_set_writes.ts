import { sql, type Kysely } from 'kysely';

/**
 * spot_step_batch with set-based writes: a fixed handful of statements per call, not ten or so per
 * order (migration 066's loop: its key look-up, balance check, order row, fills, makers, each
 * move's account update), so PostgreSQL's per-statement start-up and constraint set-up are paid
 * once per statement of steps, as the NFT purchase's batch pays them.
 *
 * - Every order's moves are replayed in the statement's order against its accounts, read once and
 *   locked FOR UPDATE in id order (under the users' advisory locks, taken first as before): each
 *   move's balances after it are a running sum per account, and each order's `need` is checked
 *   against the balance its earlier orders leave. When every order passes (its need, its key unused,
 *   each move's guard, amounts positive with at most 18 decimals so a running sum rounds as the
 *   column does), the rows are written set-based: the orders, the resting orders' changes (one
 *   update per row, its final state, guarded by its first planned state; the chain of planned
 *   states checked link by link), the fills (ids in fill order), the journal (move order), each
 *   account's final balance, the keys with their answers.
 * - Otherwise — an order refused or a duplicate key, so a step ends early and the orders after it
 *   must not see its effects, or a guard that must raise its own error — migration 066's loop
 *   (kept as spot_step_batch_seq) runs the call instead: same answers as before, from nothing
 *   written here but row locks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER FUNCTION spot_step_batch(jsonb) RENAME TO spot_step_batch_seq`.execute(db);
  await sql.raw(TYPES).execute(db);
  await sql.raw(FUNCTION).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION spot_step_batch(jsonb)`.execute(db);
  await sql`DROP TYPE spot_step_order, spot_step_move, spot_step_rest`.execute(db);
  await sql`ALTER FUNCTION spot_step_batch_seq(jsonb) RENAME TO spot_step_batch`.execute(db);
}

const TYPES = `
  CREATE TYPE spot_step_order AS (g int, si int, oi int, u int, fb int, el jsonb);
  CREATE TYPE spot_step_move AS (g int, k int, u int, c int, t int, op text, amt numeric, acc int, da numeric,
    df numeric, a numeric, f numeric, r text, rt text, rid text, fi int);
  CREATE TYPE spot_step_rest AS (g int, w int, id int, f0 numeric, fz0 numeric, cat timestamptz, filled numeric,
    total numeric, fee numeric, fill_price numeric, fill_seq bigint, frozen numeric, status text, filled_at timestamptz);`;

/**
 * The call's data as arrays (no table read): the orders (g: their place in the statement; fb: their
 * first fill's index in it), their moves (fi: their fill's index in the statement) and the resting
 * orders' changes (expired: kind 0, before the order's makers: kind 1). The statements after read
 * them by unnest, whose row counts the planner knows, so it looks rows up by their keys.
 */
const UNPACK = `
    WITH ord AS (
      SELECT (row_number() OVER w)::int AS g, (s.si - 1)::int AS si, (e.oi - 1)::int AS oi, (e.el->>'u')::int AS u, e.el,
        (coalesce(sum(jsonb_array_length(e.el->'f')) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0))::int AS fb
      FROM jsonb_array_elements(p) WITH ORDINALITY AS s(j, si), jsonb_array_elements(s.j->'o') WITH ORDINALITY AS e(el, oi)
      WINDOW w AS (ORDER BY s.si, e.oi)
    )
    SELECT
      (SELECT array_agg(ROW(o.g, o.si, o.oi, o.u, o.fb, o.el)::spot_step_order ORDER BY o.g) FROM ord o),
      (SELECT array_agg(ROW(o.g, x.k::int, (x.el->>1)::int, (x.el->>2)::int, (x.el->>3)::int, x.el->>0, (x.el->>4)::numeric,
          NULL, NULL, NULL, NULL, NULL, x.el->>5, x.el->>6, x.el->>7, o.fb + (x.el->>8)::int)::spot_step_move ORDER BY o.g, x.k)
        FROM ord o, jsonb_array_elements(o.el->'mv') WITH ORDINALITY AS x(el, k)),
      (SELECT array_agg(q.c ORDER BY (q.c).g, (q.c).w) FROM (
        SELECT ROW(o.g, 0, (x.el->>0)::int, NULL, (x.el->>1)::numeric, (x.el->>2)::timestamptz, NULL, NULL, NULL, NULL, NULL,
            0, 'cancelled', NULL)::spot_step_rest AS c
          FROM ord o, jsonb_array_elements(o.el->'x') AS x(el)
        UNION ALL
        SELECT ROW(o.g, 1, m.id, m.f0, NULL, NULL, m.filled, m.total, m.fee, m.fill_price, m.fill_seq, m.frozen, m.status,
            m.filled_at)::spot_step_rest
          FROM ord o, jsonb_to_recordset(o.el->'m') AS m(id int, f0 numeric, filled numeric, total numeric, fee numeric,
            fill_price numeric, fill_seq bigint, frozen numeric, status text, filled_at timestamptz)) q),
      (SELECT count(*) FROM ord o WHERE o.el->>'k' IS NOT NULL)::int,
      (SELECT coalesce(sum(jsonb_array_length(o.el->'f')), 0) FROM ord o)::int
    INTO os, mvs, rs, v_keys, v_fills;`;

/**
 * Each move's balances after it, replayed per account from its row read and locked (key order,
 * under the users' locks), and whether the set-based path may run: `v_ok` false sends the call to
 * the loop. An order's needs sit before its moves on their account.
 */
const REPLAY = `
    WITH acc AS (
      SELECT a.id, a.user_id AS u, a.currency_id AS c, a.type AS t, a.available AS a0, a.frozen AS f0
      FROM (SELECT DISTINCT m.u, m.c, m.t FROM unnest(mvs) m ORDER BY 1, 2, 3) k,
        LATERAL (SELECT a.* FROM accounts a WHERE a.user_id = k.u AND a.currency_id = k.c AND a.type = k.t FOR UPDATE) a
    ), ev AS (
      SELECT m.u, m.c, m.t, m.g, 1 AS w, m.k, m.op, m.amt, m.r, m.rt, m.rid, m.fi, NULL::numeric AS v,
        CASE WHEN m.op IN ('credit', 'unfreeze') THEN m.amt WHEN m.op IN ('debit', 'freeze') THEN -m.amt
          WHEN m.op = 'settleFrozen' THEN 0 END AS da,
        CASE WHEN m.op = 'freeze' THEN m.amt WHEN m.op IN ('unfreeze', 'settleFrozen') THEN -m.amt
          WHEN m.op IN ('credit', 'debit') THEN 0 END AS df
      FROM unnest(mvs) m
      UNION ALL
      SELECT o.u, (nd.el->>0)::int, (nd.el->>1)::int, o.g, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, (nd.el->>2)::numeric, 0, 0
      FROM unnest(os) o, jsonb_array_elements(o.el->'need') AS nd(el)
    ), run AS (
      SELECT ev.*, acc.id AS acc, coalesce(acc.a0, 0) + sum(ev.da) OVER w AS ra, coalesce(acc.f0, 0) + sum(ev.df) OVER w AS rf
      FROM ev LEFT JOIN acc ON acc.u = ev.u AND acc.c = ev.c AND acc.t = ev.t
      WINDOW w AS (PARTITION BY ev.u, ev.c, ev.t ORDER BY ev.g, ev.w, ev.k ROWS UNBOUNDED PRECEDING)
    )
    SELECT
      (SELECT array_agg(ROW(x.g, x.k, x.u, x.c, x.t, x.op, x.amt, x.acc, x.da, x.df, x.ra::numeric(36,18),
          x.rf::numeric(36,18), x.r, x.rt, x.rid, x.fi)::spot_step_move ORDER BY x.g, x.k) FROM run x WHERE x.w = 1),
      NOT EXISTS (SELECT 1 FROM run x WHERE CASE WHEN x.w = 0 THEN x.acc IS NULL OR x.ra < x.v
          ELSE x.amt IS NULL OR x.amt <= 0 OR scale(x.amt) > 18 OR x.da IS NULL
            OR (x.op IN ('debit', 'freeze') AND x.ra < 0) OR (x.op IN ('unfreeze', 'settleFrozen') AND x.rf < 0) END),
      EXISTS (SELECT 1 FROM run x WHERE x.w = 1 AND x.acc IS NULL)
    INTO mvs, v_ok, v_new;`;

/** A key claimed that exists, or one key twice in the call: an order is a dup (the loop answers). */
const DUP_KEYS = `
    SELECT EXISTS (SELECT 1 FROM unnest(os) o WHERE o.el->>'k' IS NOT NULL AND (o.el->>'kc' IS NOT NULL
          AND EXISTS (SELECT 1 FROM idempotency_keys ik WHERE ik.user_id = o.u AND ik.key = o.el->>'k')
        OR EXISTS (SELECT 1 FROM unnest(os) o2 WHERE o2.g <> o.g AND o2.u = o.u AND o2.el->>'k' = o.el->>'k')))
    INTO v_dup;`;

/** Accounts a credit opens (none before it moved them): created empty, the replay's balances land in them at the end. */
const OPEN_ACCOUNTS = `
    WITH ins AS (
      INSERT INTO accounts (user_id, currency_id, type, available, frozen, updated_at)
        SELECT DISTINCT m.u, m.c, m.t, 0, 0, now() FROM unnest(mvs) m WHERE m.acc IS NULL
        RETURNING accounts.id, accounts.user_id, accounts.currency_id, accounts.type)
    SELECT array_agg(ROW(m.g, m.k, m.u, m.c, m.t, m.op, m.amt, coalesce(m.acc, ins.id), m.da, m.df, m.a, m.f, m.r, m.rt,
        m.rid, m.fi)::spot_step_move ORDER BY m.g, m.k) INTO mvs
    FROM unnest(mvs) m LEFT JOIN ins ON m.acc IS NULL AND ins.user_id = m.u AND ins.currency_id = m.c AND ins.type = m.t;`;

/**
 * The resting orders' changes, chained per row in statement order; one update per row to its last state, guarded by its first planned one.
 * A link that does not follow from the one before (or a row touched before its order inserted it)
 * counts as `v_bad`; a row whose guard fails is missing from the update: either raises.
 */
const RESTING = `
    WITH ch AS (
      SELECT * FROM unnest(rs)
    ), chain AS (
      SELECT ch.*, row_number() OVER w AS rn, lag(ch.w) OVER w AS pw, lag(ch.status) OVER w AS pst,
        lag(ch.filled) OVER w AS pfilled, lag(ch.frozen) OVER w AS pfrozen
      FROM ch WINDOW w AS (PARTITION BY ch.id ORDER BY ch.g, ch.w)
    ), lastm AS (
      SELECT DISTINCT ON (c.id) c.* FROM chain c WHERE c.w = 1 ORDER BY c.id, c.rn DESC
    ), fin AS (
      SELECT f.id, f.w AS w1, f.f0, f.fz0, lm.id IS NOT NULL AS has_m, lm.filled, lm.total, lm.fee, lm.fill_price,
        lm.fill_seq, lm.frozen, lm.status, lm.filled_at, x.id IS NOT NULL AS has_x, x.cat
      FROM chain f LEFT JOIN lastm lm ON lm.id = f.id
        LEFT JOIN LATERAL (SELECT c.id, c.cat FROM chain c WHERE c.id = f.id AND c.w = 0 LIMIT 1) x ON true
      WHERE f.rn = 1
    ), upd AS (
      UPDATE spot_orders o SET
          filled = CASE WHEN fin.has_m THEN fin.filled ELSE o.filled END,
          total = CASE WHEN fin.has_m THEN fin.total ELSE o.total END,
          fee = CASE WHEN fin.has_m THEN fin.fee ELSE o.fee END,
          fill_price = CASE WHEN fin.has_m THEN fin.fill_price ELSE o.fill_price END,
          fill_seq = CASE WHEN fin.has_m THEN fin.fill_seq ELSE o.fill_seq END,
          filled_at = CASE WHEN fin.has_m THEN fin.filled_at ELSE o.filled_at END,
          frozen = CASE WHEN fin.has_x THEN 0 ELSE fin.frozen END,
          status = CASE WHEN fin.has_x THEN 'cancelled' ELSE fin.status END,
          cancelled_at = CASE WHEN fin.has_x THEN fin.cat ELSE o.cancelled_at END
        FROM fin
        WHERE o.id = fin.id AND o.status IN ('open', 'partially_filled')
          AND CASE WHEN fin.w1 = 1 THEN o.filled = fin.f0 ELSE o.frozen = fin.fz0 END
        RETURNING o.id)
    SELECT (SELECT min(fin.id) FROM fin WHERE fin.id NOT IN (SELECT upd.id FROM upd)),
      (SELECT min(c.id) FROM chain c WHERE CASE WHEN c.rn = 1
          THEN EXISTS (SELECT 1 FROM unnest(os) o WHERE (o.el->'r'->>'id')::int = c.id AND o.g > c.g)
          ELSE (c.pw = 1 AND c.pst IN ('open', 'partially_filled')
            AND CASE WHEN c.w = 1 THEN c.f0 = c.pfilled ELSE c.fz0 = c.pfrozen END) IS NOT TRUE END)
    INTO v_miss, v_bad;
    IF coalesce(v_miss, v_bad) IS NOT NULL THEN
      RAISE EXCEPTION 'spot_step_batch: resting order % is not as planned', coalesce(v_miss, v_bad) USING ERRCODE = '23514';
    END IF;`;

const FILLS = `
    WITH ins AS (
      INSERT INTO spot_fills (order_id, user_id, symbol, side, role, price, qty, total, fee, book_seq, tick_seq, counter_order_id)
        SELECT f.o, f.u, f.s, f.sd, f.rl, f.p, f.q, f.t, f.fe, f.bs, NULL, f.co
        FROM unnest(os) o, ROWS FROM (jsonb_to_recordset(o.el->'f') AS (o int, u int, s text, sd text, rl text, p numeric,
          q numeric, t numeric, fe numeric, bs bigint, co int)) WITH ORDINALITY AS f(o, u, s, sd, rl, p, q, t, fe, bs, co, k)
        ORDER BY o.g, f.k
        RETURNING spot_fills.id)
    SELECT array_agg(ins.id ORDER BY ins.id) INTO fids FROM ins;`;

const KEYS = `
    INSERT INTO idempotency_keys (user_id, key, route, response, owner, committed_at, committed_ref)
      SELECT o.u, o.el->>'k', o.el->>'kc', o.el->'ans', o.el->>'kw', now(),
          jsonb_build_object('type', 'spot_order', 'id', (o.el->'r'->>'id')::int)
        FROM unnest(os) o WHERE o.el->>'k' IS NOT NULL AND o.el->>'kc' IS NOT NULL;
    UPDATE idempotency_keys ik SET committed_at = coalesce(ik.committed_at, now()),
        committed_ref = coalesce(ik.committed_ref, jsonb_build_object('type', 'spot_order', 'id', (o.el->'r'->>'id')::int)),
        response = o.el->'ans'
      FROM unnest(os) o
      WHERE o.el->>'k' IS NOT NULL AND o.el->>'kc' IS NULL AND ik.user_id = o.u AND ik.key = o.el->>'k';`;

const WRITES = `
    INSERT INTO spot_orders (id, user_id, symbol, side, kind, status, amount, target_price, fee_rate, filled, total, fee,
        fill_price, fill_seq, frozen, created_at, filled_at, watch_seq)
      SELECT r.id, r.user_id, r.symbol, r.side, r.kind, r.status, r.amount, r.target_price, r.fee_rate, r.filled, r.total,
        r.fee, r.fill_price, r.fill_seq, r.frozen, r.created_at, r.filled_at, r.watch_seq
      FROM unnest(os) o, jsonb_populate_record(NULL::spot_orders, o.el->'r') r;
    IF rs IS NOT NULL THEN ${RESTING}
    END IF;
    IF v_fills > 0 THEN ${FILLS}
    END IF;
    INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after,
        reason, ref_type, ref_id, created_at)
      SELECT m.u, m.acc, m.c, m.t, m.da, m.df, m.a, m.f, m.r, CASE WHEN m.fi IS NULL THEN m.rt ELSE 'spot_fill' END,
          CASE WHEN m.fi IS NULL THEN m.rid ELSE fids[m.fi + 1]::text END, now()
        FROM unnest(mvs) m;
    UPDATE accounts a SET available = l.a, frozen = l.f, updated_at = now()
      FROM (SELECT DISTINCT ON (m.acc) m.acc, m.a, m.f FROM unnest(mvs) m ORDER BY m.acc, m.g DESC, m.k DESC) l
      WHERE a.id = l.acc;
    IF v_keys > 0 THEN ${KEYS}
    END IF;`;

/** jit off: the planner's row guesses for jsonb's set functions (100 a level) would compile a statement of a few rows. */
const FUNCTION = `
  CREATE FUNCTION spot_step_batch(p jsonb)
  RETURNS TABLE (n int, i int, st text, bal jsonb)
  LANGUAGE plpgsql SET jit = off AS $$
  DECLARE
    os spot_step_order[]; mvs spot_step_move[]; rs spot_step_rest[]; fids int[]; v_ok boolean; v_new boolean;
    v_dup boolean := false; v_keys int; v_fills int; v_miss int; v_bad int;
  BEGIN
    -- the canonical order, as every ledger transaction takes them: each user's balance lock, ascending id
    PERFORM pg_advisory_xact_lock(14, q.uid)
      FROM (SELECT DISTINCT (u.j)::int AS uid FROM jsonb_array_elements(p) AS s(j), jsonb_array_elements(s.j->'us') AS u(j)
        ORDER BY 1) q;
    ${UNPACK}
    IF os IS NULL THEN RETURN; END IF;
    ${REPLAY}
    IF v_keys > 0 THEN ${DUP_KEYS}
    END IF;
    IF NOT v_ok OR v_dup THEN
      RETURN QUERY SELECT * FROM spot_step_batch_seq(p);
      RETURN;
    END IF;
    IF v_new THEN ${OPEN_ACCOUNTS}
    END IF;
    ${WRITES}
    RETURN QUERY
      SELECT o.si, o.oi, 'ok'::text,
          coalesce(jsonb_agg(jsonb_build_array(m.u, m.c, m.t, m.a::text, m.f::text) ORDER BY m.k) FILTER (WHERE m.k IS NOT NULL),
            '[]'::jsonb)
        FROM unnest(os) o LEFT JOIN unnest(mvs) m ON m.g = o.g
        GROUP BY o.g, o.si, o.oi ORDER BY o.g;
  END
  $$`;
