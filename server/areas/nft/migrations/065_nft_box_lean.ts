import { sql, type Kysely } from 'kysely';
import { up as up057 } from './057_nft_box_batch';

/**
 * nft_box_batch (migration 057's) with less PostgreSQL work per box, same draw, same answers, same
 * rows and same balances. Per box, 057 ran 9 statements (two of them nested calls); this runs 2 or
 * 3 (the debit, the order, the key's answer), the rest once per statement, as 056 does for
 * fixed-price purchases:
 *
 * - the creator's proceeds and the platform's fee, when that user buys nothing in this statement
 *   (nobody reads those balances before the commit), are ONE update per account at the end, not
 *   one per box of that hot row; a buyer's credits stay in place, so a later debit of theirs sees
 *   them;
 * - the boxes, the series' counts (one update per series; at sell-out the seed's publication time
 *   and the item off sale) and the journal are ONE insert or update each at the end; the journal
 *   rows in the order the money moved (each debit and in-place credit, then the deferred credits,
 *   each with the balance after it: the final balance less what was journaled after it);
 * - the prizes come as one flat array (`z`) with each series' window in it (`w`: series `ws`, box
 *   `wf` at `z[wo]`, `wl` of them), read by index: not a JSON object of k → prize per element.
 *
 * The draw is 057's: box k (the series' count under its lock + 1, in statement order, a refused
 * purchase taking none) holds the prize the request passed for k; none passed: 'nft_stale'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(FUNCTION).execute(db);
}

/** Back to migration 057's function. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS nft_box_batch(jsonb)`.execute(db);
  await up057(db);
}

/** The elements, typed, with their items and series as locked, their series' windows and whether their keys exist. */
const ELEMENTS = `
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

/** Per box: the creator's proceeds and the fee, each in place (a buyer of this statement) or deferred to its end. */
const CREDITS = `
  cu := ARRAY[coalesce(e.s, e.pl), e.pl]; ca := ARRAY[e.sg, e.f];
  FOR q IN 1 .. 2 LOOP
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

/** The boxes, the series' counts, the sold-out items, the deferred credits and every journal row of the statement. */
const AT_END = `
  INSERT INTO nft_boxes (code, series_id, k, user_id, order_id, prize) SELECT * FROM unnest(xc, xs, xk, xu, xo, xp);
  UPDATE nft_box_series s SET sold = c.sold, revealed_at = coalesce(c.at, s.revealed_at)
    FROM unnest(cs, ck, cat) AS c(id, sold, at) WHERE s.id = c.id;
  UPDATE nft_items SET on_sale = false WHERE id = ANY (gone);
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

/** Per box that passes its checks: the draw's k and prize (else a refusal, and CONTINUE). */
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

/** The box's key: claimed with its answer, or an existing one marked answered. */
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

const FUNCTION = `
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
    ju int[] := '{}'; ja int[] := '{}'; jc int[] := '{}'; jt smallint[] := '{}'; jd numeric[] := '{}';
    jav numeric[] := '{}'; jfr numeric[] := '{}'; jw text[] := '{}'; jo int[] := '{}';
    du int[] := '{}'; dc int[] := '{}'; dt smallint[] := '{}'; da numeric[] := '{}'; dw text[] := '{}'; dor int[] := '{}';
  BEGIN
    PERFORM 1 FROM nft_items WHERE id IN (SELECT x.i FROM jsonb_to_recordset(p->'e') AS x(i int)) ORDER BY id FOR UPDATE;
    PERFORM 1 FROM nft_box_series WHERE item_id IN (SELECT x.i FROM jsonb_to_recordset(p->'e') AS x(i int)) ORDER BY id FOR UPDATE;
    PERFORM pg_advisory_xact_lock(14, u.id)
      FROM unnest(array(SELECT DISTINCT us.u FROM jsonb_to_recordset(p->'e') AS x(b int, s int, pl int),
        LATERAL (VALUES (x.b), (x.s), (x.pl)) AS us(u) WHERE us.u IS NOT NULL ORDER BY 1)) WITH ORDINALITY AS u(id, k)
      ORDER BY u.k;
    buyers := array(SELECT DISTINCT x.b FROM jsonb_to_recordset(p->'e') AS x(b int));
    FOR e IN ${ELEMENTS}
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
      UPDATE accounts a SET available = a.available - e.tot, updated_at = now()
        WHERE a.user_id = e.b AND a.currency_id = e.c AND a.type = e.ac AND a.available >= e.tot
        RETURNING a.id, a.available, a.frozen INTO acc, av, fr;
      IF NOT FOUND THEN
        refused := 'insufficient_balance'; RETURN NEXT; CONTINUE;
      END IF;
      INSERT INTO nft_orders (item_id, buyer_id, seller_id, kind, currency_id, price, fee, status, created_at, paid_at, is_read)
        VALUES (e.item, e.b, e.s, 'box', e.c, e.p, e.f, 'paid', e.at, e.at, true)
        RETURNING id INTO oid;
      xc := xc || (e.code || '-' || kk); xs := xs || e.sid; xk := xk || kk; xu := xu || e.b; xo := xo || oid; xp := xp || prize;
      ju := ju || e.b; ja := ja || acc; jc := jc || e.c; jt := jt || e.ac; jd := jd || -e.tot;
      jav := jav || av; jfr := jfr || fr; jw := jw || 'nft_box_buy'::text; jo := jo || oid;
      -- a series with no creator account (a platform-owned artist) sells for the platform
      ${CREDITS}
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
    ${AT_END}
  END
  $$`;
