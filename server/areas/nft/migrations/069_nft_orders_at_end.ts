import { sql, type Kysely } from 'kysely';
import { batchFunction } from './056_nft_buy_lean';
import { up as up065 } from './065_nft_box_lean';

/**
 * nft_buy_batch (056's) and nft_box_batch (065's) with one statement per purchase instead of two
 * or three: the debit stays in place (a buyer's later debit in the statement sees it), while
 *
 * - the order's id is taken from its sequence in the loop (nextval: an expression, no executor)
 *   and the orders are ONE insert at the end of the statement, with those ids, in the same order;
 *   the journal, the boxes and the keys' answers use the id as before (the boxes' insert, which
 *   references the orders, comes after theirs);
 * - a fixed-price purchase's change of owner is ONE update of the sold items at the end: nothing in
 *   the statement reads an item again (the elements were read once at its start; an item bought
 *   earlier in it is refused from `sold`, as before).
 *
 * Same answers, rows, ids' order, balances and journal; a statement is still one transaction, so
 * a kill -9 loses all of it or none. The draw is 065's, unchanged (box k = the series' count under
 * its lock + 1).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(BUY).execute(db);
  await sql.raw(BOX).execute(db);
}

/** Back to migrations 056's and 065's functions. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(batchFunction('nft_buy_batch')).execute(db);
  await up065(db);
}

/** The elements, typed, with their items as locked and whether their keys exist (056's). */
const BUY_ELEMENTS = `
  SELECT t.*, (x.ord - 1)::int AS nn, it.id AS item, it.on_sale, it.listing, it.pay_type, it.owner_id, it.price,
    it.royalty_rate, it.currency_id, it.artist_id, it.start_at, it.end_at,
    (t.kc IS NOT NULL AND t.k IS NOT NULL) AS claim, kt.taken IS NOT NULL AS taken
  FROM jsonb_array_elements(p) WITH ORDINALITY AS x(j, ord)
  CROSS JOIN LATERAL jsonb_to_record(x.j) AS t(i int, o int, p numeric, rr numeric, ar int, c int, ac smallint, b int,
    s int, cr int, pl int, kd text, at timestamptz, tot numeric, sg numeric, r numeric, f numeric, ku int, k text, kc text, kw text)
  -- LIMIT keeps these index probes: never a scan of the whole table
  LEFT JOIN LATERAL (SELECT * FROM nft_items i WHERE i.id = t.i LIMIT 1) it ON true
  LEFT JOIN LATERAL (SELECT true AS taken FROM idempotency_keys ik
    WHERE t.kc IS NOT NULL AND t.k IS NOT NULL AND ik.user_id = t.ku AND ik.key = t.k LIMIT 1) kt ON true
  ORDER BY x.ord`;

/** The elements of a box statement, with their items and series as locked and their windows (065's). */
const BOX_ELEMENTS = `
  SELECT t.*, (x.ord - 1)::int AS nn, it.id AS item, it.code, it.on_sale, it.listing, it.pay_type, it.owner_id, it.price,
    it.currency_id, it.artist_id, it.start_at, it.end_at, bs.id AS sid, bs.sold AS sold0, bs.total,
    w.wf, w.wo, w.wl, (t.kc IS NOT NULL AND t.k IS NOT NULL) AS claim, kt.taken IS NOT NULL AS taken
  FROM jsonb_array_elements(p->'e') WITH ORDINALITY AS x(j, ord)
  CROSS JOIN LATERAL jsonb_to_record(x.j) AS t(i int, o int, p numeric, ar int, c int, ac smallint, b int, s int, pl int,
    at timestamptz, tot numeric, sg numeric, f numeric, ku int, k text, kc text, kw text)
  -- LIMIT keeps these index probes: never a scan of the whole table
  LEFT JOIN LATERAL (SELECT * FROM nft_items i WHERE i.id = t.i LIMIT 1) it ON true
  LEFT JOIN LATERAL (SELECT * FROM nft_box_series s WHERE s.item_id = t.i LIMIT 1) bs ON true
  LEFT JOIN jsonb_to_recordset(wins) AS w(ws int, wf int, wo int, wl int) ON w.ws = bs.id
  LEFT JOIN LATERAL (SELECT true AS taken FROM idempotency_keys ik
    WHERE t.kc IS NOT NULL AND t.k IS NOT NULL AND ik.user_id = t.ku AND ik.key = t.k LIMIT 1) kt ON true
  ORDER BY x.ord`;

/** Per purchase: its credits (`n` of them: to cu[q] of ca[q]), each in place (a buyer of this statement) or deferred. */
const credits = (n: number) => `
  FOR q IN 1 .. ${n} LOOP
    CONTINUE WHEN cu[q] IS NULL OR ca[q] <= 0;
    IF cu[q] = ANY (buyers) THEN
      INSERT INTO accounts AS a (user_id, currency_id, type, available, frozen, updated_at)
        VALUES (cu[q], e.c, e.ac, ca[q], 0, now())
        ON CONFLICT (user_id, currency_id, type) DO UPDATE SET available = a.available + ca[q], updated_at = now()
        RETURNING a.id, a.available, a.frozen INTO acc, av, fr;
      ju := ju || cu[q]; ja := ja || acc; jc := jc || e.c; jt := jt || e.ac; jd := jd || ca[q];
      jav := jav || av; jfr := jfr || fr; jw := jw || cw[q]; jo := jo || oid;
    ELSE
      du := du || cu[q]; dc := dc || e.c; dt := dt || e.ac; da := da || ca[q]; dw := dw || cw[q]; dor := dor || oid;
    END IF;
  END LOOP;`;

/** The deferred credits (one update per account) and every journal row of the statement, in order (056's). */
const JOURNAL = `
  WITH d AS (SELECT * FROM unnest(du, dc, dt, da, dw, dor) WITH ORDINALITY AS d(u, c, t, a, why, o, k)),
    up AS (INSERT INTO accounts AS ac (user_id, currency_id, type, available, frozen, updated_at)
      SELECT d.u, d.c, d.t, sum(d.a), 0, now() FROM d GROUP BY d.u, d.c, d.t ORDER BY 1, 2, 3
      ON CONFLICT (user_id, currency_id, type) DO UPDATE SET available = ac.available + excluded.available, updated_at = now()
      RETURNING ac.id, ac.user_id, ac.currency_id, ac.type, ac.available, ac.frozen),
    r AS (
      SELECT 0 AS part, i.k, i.u, i.acc, i.c, i.t, i.d, i.av, i.fr, i.why, i.o
        FROM unnest(ju, ja, jc, jt, jd, jav, jfr, jw, jo) WITH ORDINALITY AS i(u, acc, c, t, d, av, fr, why, o, k)
      UNION ALL
      SELECT 1, d.k, d.u, up.id, d.c, d.t, d.a, up.available - sum(d.a) OVER (PARTITION BY up.id ORDER BY d.k DESC) + d.a,
          up.frozen, d.why, d.o
        FROM d JOIN up ON up.user_id = d.u AND up.currency_id = d.c AND up.type = d.t)
  INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
    SELECT r.u, r.acc, r.c, r.t, r.d, 0, r.av, r.fr, r.why, 'nft_order', r.o::text, now() FROM r ORDER BY r.part, r.k;`;

/** The key: claimed with its answer, or an existing one marked answered (056's, 065's). */
const KEY = `
  IF e.claim THEN
    INSERT INTO idempotency_keys (user_id, key, route, response, owner, committed_at, committed_ref)
      VALUES (e.ku, e.k, e.kc, jsonb_build_object('type', 'ok', 'code', 1, 'message', oid), e.kw, now(),
        jsonb_build_object('type', 'nft_order', 'id', oid));
  ELSIF e.k IS NOT NULL THEN
    UPDATE idempotency_keys SET committed_at = coalesce(committed_at, now()),
        committed_ref = jsonb_build_object('type', 'nft_order', 'id', oid),
        response = jsonb_build_object('type', 'ok', 'code', 1, 'message', oid)
      WHERE user_id = e.ku AND key = e.k;
  END IF;`;

/** The statement's orders (ids taken in the loop, in that order), as 056's and 065's per-purchase inserts wrote them. */
const ORDERS = `
  INSERT INTO nft_orders (id, item_id, buyer_id, seller_id, kind, currency_id, price, fee, royalty, status, created_at, paid_at, is_read)
    SELECT o.id, o.i, o.b, o.s, o.kd, o.c, o.p, o.f, o.r, 'paid', o.at, o.at, true
    FROM unnest(oi, oit, ob, os, okd, oc, op, ofe, ory, oat) AS o(id, i, b, s, kd, c, p, f, r, at);`;

/** The order's columns, kept for the statement's one insert of its orders. */
const KEEP_ORDER = (kind: string, royalty: string) => `
  oid := nextval(oseq);
  oi := oi || oid; oit := oit || e.item; ob := ob || e.b; os := os || e.s; okd := okd || ${kind}; oc := oc || e.c;
  op := op || e.p; ofe := ofe || e.f; ory := ory || ${royalty}; oat := oat || e.at;`;

const ORDER_VARS = `
  oseq regclass := pg_get_serial_sequence('nft_orders', 'id')::regclass;
  oi int[] := '{}'; oit int[] := '{}'; ob int[] := '{}'; os int[] := '{}'; okd text[] := '{}'; oc int[] := '{}';
  op numeric[] := '{}'; ofe numeric[] := '{}'; ory numeric[] := '{}'; oat timestamptz[] := '{}';
  ju int[] := '{}'; ja int[] := '{}'; jc int[] := '{}'; jt smallint[] := '{}'; jd numeric[] := '{}';
  jav numeric[] := '{}'; jfr numeric[] := '{}'; jw text[] := '{}'; jo int[] := '{}';
  du int[] := '{}'; dc int[] := '{}'; dt smallint[] := '{}'; da numeric[] := '{}'; dw text[] := '{}'; dor int[] := '{}';`;

/** The debit of the buyer (conditional: never below zero), in place; short of money: refused, nothing written. */
const DEBIT = `
  UPDATE accounts a SET available = a.available - e.tot, updated_at = now()
    WHERE a.user_id = e.b AND a.currency_id = e.c AND a.type = e.ac AND a.available >= e.tot
    RETURNING a.id, a.available, a.frozen INTO acc, av, fr;
  IF NOT FOUND THEN
    refused := 'insufficient_balance'; RETURN NEXT; CONTINUE;
  END IF;`;

const BUY = `
  CREATE OR REPLACE FUNCTION nft_buy_batch(p jsonb)
  RETURNS TABLE (n int, order_id int, refused text, dup boolean, done_at timestamptz)
  LANGUAGE plpgsql AS $$
  DECLARE
    e record; oid int; sold int[] := '{}'; sb int[] := '{}'; buyers int[];
    acc int; av numeric; fr numeric;
    cu int[]; ca numeric[]; cw text[] := ARRAY['nft_sale', 'nft_royalty', 'nft_fee'];
    ${ORDER_VARS}
  BEGIN
    PERFORM 1 FROM nft_items WHERE id IN (SELECT x.i FROM jsonb_to_recordset(p) AS x(i int)) ORDER BY id FOR UPDATE;
    PERFORM pg_advisory_xact_lock(14, u.id)
      FROM unnest(array(SELECT DISTINCT us.u FROM jsonb_to_recordset(p) AS x(b int, s int, cr int, pl int),
        LATERAL (VALUES (x.b), (x.s), (x.cr), (x.pl)) AS us(u) WHERE us.u IS NOT NULL ORDER BY 1)) WITH ORDINALITY AS u(id, k)
      ORDER BY u.k;
    buyers := array(SELECT DISTINCT x.b FROM jsonb_to_recordset(p) AS x(b int));
    FOR e IN ${BUY_ELEMENTS}
    LOOP
      n := e.nn; order_id := NULL; refused := NULL; dup := false; done_at := now();
      IF e.taken THEN
        dup := true; RETURN NEXT; CONTINUE;
      END IF;
      IF e.item IS NULL OR e.item = ANY (sold) OR NOT e.on_sale OR e.listing NOT IN ('for_sale', 'reselling', 'relisting')
          OR e.pay_type <> 1 OR e.owner_id IS DISTINCT FROM e.o OR e.owner_id = e.b THEN
        refused := 'nft_not_on_sale'; RETURN NEXT; CONTINUE;
      END IF;
      IF e.price <> e.p OR e.royalty_rate <> e.rr OR e.currency_id <> e.c OR e.artist_id <> e.ar
          OR e.at < e.start_at OR e.at >= e.end_at THEN
        refused := 'nft_stale'; RETURN NEXT; CONTINUE;
      END IF;
      ${DEBIT}
      ${KEEP_ORDER('e.kd', 'e.r')}
      ju := ju || e.b; ja := ja || acc; jc := jc || e.c; jt := jt || e.ac; jd := jd || -e.tot;
      jav := jav || av; jfr := jfr || fr; jw := jw || 'nft_buy'::text; jo := jo || oid;
      -- a work with no seller account (a platform-owned artist's first sale) sells for the platform
      cu := ARRAY[coalesce(e.s, e.pl), e.cr, e.pl]; ca := ARRAY[e.sg, e.r, e.f];
      ${credits(3)}
      sold := sold || e.item; sb := sb || e.b;
      ${KEY}
      order_id := oid;
      RETURN NEXT;
    END LOOP;
    ${ORDERS}
    UPDATE nft_items i SET owner_id = s.b, listing = 'not_for_sale', on_sale = false
      FROM unnest(sold, sb) AS s(i, b) WHERE i.id = s.i;
    ${JOURNAL}
  END
  $$`;

/** Per box that passes its checks: the draw's k and prize (else a refusal, and CONTINUE) (065's). */
const DRAW = `
  jx := array_position(cs, e.sid);
  kk := coalesce(ck[jx], e.sold0) + 1;
  IF kk > e.total THEN
    refused := 'nft_sold_out'; RETURN NEXT; CONTINUE;
  END IF;
  prize := CASE WHEN kk >= e.wf AND kk < e.wf + e.wl THEN z[e.wo + kk - e.wf] END;
  IF prize IS NULL THEN
    refused := 'nft_stale'; RETURN NEXT; CONTINUE;
  END IF;`;

/** The orders, then the boxes (they reference them), the series' counts and the sold-out items (065's, orders first). */
const BOX_AT_END = `
  ${ORDERS}
  INSERT INTO nft_boxes (code, series_id, k, user_id, order_id, prize) SELECT * FROM unnest(xc, xs, xk, xu, xo, xp);
  UPDATE nft_box_series s SET sold = c.sold, revealed_at = coalesce(c.at, s.revealed_at)
    FROM unnest(cs, ck, cat) AS c(id, sold, at) WHERE s.id = c.id;
  UPDATE nft_items SET on_sale = false WHERE id = ANY (gone);
  ${JOURNAL}`;

const BOX = `
  CREATE OR REPLACE FUNCTION nft_box_batch(p jsonb)
  RETURNS TABLE (n int, order_id int, refused text, dup boolean, done_at timestamptz)
  LANGUAGE plpgsql AS $$
  DECLARE
    e record; oid int; kk int; jx int; prize text; acc int; av numeric; fr numeric; buyers int[];
    -- (t.p, the price, would make p ambiguous inside the elements' query)
    wins jsonb := p->'w'; z text[] := array(SELECT jsonb_array_elements_text(p->'z'));
    -- the statement's series (their counts reached, the sell-out's time) and its sold-out items
    cs int[] := '{}'; ck int[] := '{}'; cat timestamptz[] := '{}'; gone int[] := '{}';
    xc text[] := '{}'; xs int[] := '{}'; xk int[] := '{}'; xu int[] := '{}'; xo int[] := '{}'; xp text[] := '{}';
    cu int[]; ca numeric[]; cw text[] := ARRAY['nft_sale', 'nft_fee'];
    ${ORDER_VARS}
  BEGIN
    PERFORM 1 FROM nft_items WHERE id IN (SELECT x.i FROM jsonb_to_recordset(p->'e') AS x(i int)) ORDER BY id FOR UPDATE;
    PERFORM 1 FROM nft_box_series WHERE item_id IN (SELECT x.i FROM jsonb_to_recordset(p->'e') AS x(i int)) ORDER BY id FOR UPDATE;
    PERFORM pg_advisory_xact_lock(14, u.id)
      FROM unnest(array(SELECT DISTINCT us.u FROM jsonb_to_recordset(p->'e') AS x(b int, s int, pl int),
        LATERAL (VALUES (x.b), (x.s), (x.pl)) AS us(u) WHERE us.u IS NOT NULL ORDER BY 1)) WITH ORDINALITY AS u(id, k)
      ORDER BY u.k;
    buyers := array(SELECT DISTINCT x.b FROM jsonb_to_recordset(p->'e') AS x(b int));
    FOR e IN ${BOX_ELEMENTS}
    LOOP
      n := e.nn; order_id := NULL; refused := NULL; dup := false; done_at := now();
      IF e.taken THEN
        dup := true; RETURN NEXT; CONTINUE;
      END IF;
      IF e.item IS NULL OR e.sid IS NULL OR e.item = ANY (gone) OR NOT e.on_sale OR e.listing NOT IN ('for_sale', 'reselling', 'relisting')
          OR e.pay_type <> 3 OR e.owner_id IS DISTINCT FROM e.o OR e.owner_id = e.b THEN
        refused := 'nft_not_on_sale'; RETURN NEXT; CONTINUE;
      END IF;
      IF e.price <> e.p OR e.currency_id <> e.c OR e.artist_id <> e.ar OR e.at < e.start_at OR e.at >= e.end_at THEN
        refused := 'nft_stale'; RETURN NEXT; CONTINUE;
      END IF;
      ${DRAW}
      ${DEBIT}
      ${KEEP_ORDER("'box'::text", '0::numeric')}
      xc := xc || (e.code || '-' || kk); xs := xs || e.sid; xk := xk || kk; xu := xu || e.b; xo := xo || oid; xp := xp || prize;
      ju := ju || e.b; ja := ja || acc; jc := jc || e.c; jt := jt || e.ac; jd := jd || -e.tot;
      jav := jav || av; jfr := jfr || fr; jw := jw || 'nft_box_buy'::text; jo := jo || oid;
      -- a series with no creator account (a platform-owned artist) sells for the platform
      cu := ARRAY[coalesce(e.s, e.pl), e.pl]; ca := ARRAY[e.sg, e.f];
      ${credits(2)}
      IF jx IS NULL THEN
        cs := cs || e.sid; ck := ck || kk; cat := cat || NULL::timestamptz; jx := array_length(cs, 1);
      ELSE
        ck[jx] := kk;
      END IF;
      IF kk = e.total THEN
        cat[jx] := e.at; gone := gone || e.item;
      END IF;
      ${KEY}
      order_id := oid;
      RETURN NEXT;
    END LOOP;
    ${BOX_AT_END}
  END
  $$`;
