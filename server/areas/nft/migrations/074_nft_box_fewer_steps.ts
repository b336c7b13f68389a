import { sql, type Kysely } from 'kysely';
import { BOX as BOX071, BOX_ELEMENTS, DRAW, KEY } from './071_nft_lean_keys';

/**
 * nft_box_batch (071's) with half the PL/pgSQL steps per box and less of its work under the locks:
 *
 * - the loop keeps, per box taken, its element's index, order id, box k, prize, series and code
 *   (six appends), not the order's ten columns and each debit's and credit's six (twenty-eight):
 *   the orders and the statement's debits and credits are read back from the elements at the end,
 *   set-based (a box's debit, then its creator's proceeds, then the fee, box by box: the journal's
 *   order as before). A sale's party that also buys in the statement (the creator, the platform)
 *   still has its running balance raised in the loop, so its later debits see the credit.
 * - what depends on the document alone — the items and users to lock, the buyers — is computed
 *   before the first lock: the statements of a series queue on its item's lock, so only what runs
 *   after it is serial.
 * - its queries run on one generic plan per session (plan_cache_mode), never planned again per call
 *   (measured together with the rest, not apart).
 *
 * Same locks in the same order, same answers, rows, ids, balances and journal rows (in the same
 * order); a statement is still one transaction, so a kill -9 loses all of it or none. The draw is 065's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(BOX).execute(db);
}

/** Back to migration 071's function. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(BOX071).execute(db);
}

/** The boxes taken (their elements' fields by index in `es`), in statement order. */
const TAKEN = `
  tk0 AS (SELECT a.ord, a.o, x.* FROM unnest(an, oi) WITH ORDINALITY AS a(nn, o, ord)
    CROSS JOIN LATERAL jsonb_to_record(es -> a.nn) AS x(i int, c int, ac smallint, b int, s int, pl int, p numeric,
      at timestamptz, tot numeric, sg numeric, f numeric))`;

/** The statement's orders, as 069's insert wrote them. */
const ORDERS = `
  WITH ${TAKEN}
  INSERT INTO nft_orders (id, item_id, buyer_id, seller_id, kind, currency_id, price, fee, royalty, status, created_at, paid_at, is_read)
    SELECT tk0.o, tk0.i, tk0.b, tk0.s, 'box', tk0.c, tk0.p, tk0.f, 0, 'paid', tk0.at, tk0.at, true FROM tk0 ORDER BY tk0.ord;`;

/**
 * Every balance change: per box its debit, the creator's proceeds (the platform's when none) and the
 * fee (a credit of 0 is none), as 071's arrays held them; one update of the accounts (a row per
 * account, its net change), one insert of those that do not exist yet, and the journal's rows in
 * that order, each with its account's balance after it (071's).
 */
const JOURNAL = `
  WITH ${TAKEN},
    d AS (SELECT v.u, tk0.c, tk0.ac AS t, v.a, v.why, tk0.o, tk0.ord * 3 + v.j AS k FROM tk0
      CROSS JOIN LATERAL (VALUES (0, tk0.b, -tk0.tot, 'nft_box_buy'), (1, coalesce(tk0.s, tk0.pl), tk0.sg, 'nft_sale'),
        (2, tk0.pl, tk0.f, 'nft_fee')) AS v(j, u, a, why)
      WHERE v.j = 0 OR (v.u IS NOT NULL AND v.a > 0)),
    s AS (SELECT d.u, d.c, d.t, sum(d.a) AS a FROM d GROUP BY d.u, d.c, d.t),
    old AS (UPDATE accounts ac SET available = ac.available + s.a, updated_at = now()
      FROM s WHERE ac.user_id = s.u AND ac.currency_id = s.c AND ac.type = s.t
      RETURNING ac.id, ac.user_id, ac.currency_id, ac.type, ac.available, ac.frozen),
    -- (a credit's account that does not exist yet: its net change is positive, the debits' accounts exist)
    new AS (INSERT INTO accounts AS ac (user_id, currency_id, type, available, frozen, updated_at)
      SELECT s.u, s.c, s.t, s.a, 0, now() FROM s
        WHERE NOT EXISTS (SELECT 1 FROM old WHERE old.user_id = s.u AND old.currency_id = s.c AND old.type = s.t) ORDER BY 1, 2, 3
      ON CONFLICT (user_id, currency_id, type) DO UPDATE SET available = ac.available + excluded.available, updated_at = now()
      RETURNING ac.id, ac.user_id, ac.currency_id, ac.type, ac.available, ac.frozen),
    up AS (SELECT * FROM old UNION ALL SELECT * FROM new)
  INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
    SELECT d.u, up.id, d.c, d.t, d.a, 0, up.available - sum(d.a) OVER (PARTITION BY up.id ORDER BY d.k DESC) + d.a, up.frozen,
        d.why, 'nft_order', d.o::text, now()
      FROM d JOIN up ON up.user_id = d.u AND up.currency_id = d.c AND up.type = d.t ORDER BY d.k;`;

/** A credit of the box to a buyer of the statement (its creator's proceeds, the fee): that buyer's running balance rises. */
const PARTY_BUYS = `
  IF coalesce(e.s, e.pl) = ANY (buyers) OR e.pl = ANY (buyers) THEN
    cu := ARRAY[coalesce(e.s, e.pl), e.pl]; ca := ARRAY[e.sg, e.f];
    FOR q IN 1 .. 2 LOOP
      CONTINUE WHEN cu[q] IS NULL OR ca[q] <= 0;
      cx := array_position(tk, cu[q] || ':' || e.c || ':' || e.ac);
      IF cx IS NOT NULL THEN
        tb[cx] := tb[cx] + ca[q];
      END IF;
    END LOOP;
  END IF;`;

const BOX = `
  CREATE OR REPLACE FUNCTION nft_box_batch(p jsonb)
  RETURNS TABLE (n int, order_id int, refused text, dup boolean, done_at timestamptz)
  LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  AS $$
  DECLARE
    e record; oid int; kk int; jx int; bx int; cx int; prize text; cu int[]; ca numeric[];
    -- (t.p, the price, would make p ambiguous inside the elements' query)
    es jsonb := p->'e'; wins jsonb := p->'w'; z text[] := array(SELECT jsonb_array_elements_text(p->'z'));
    -- from the document alone, before any lock: the items, the users (in id order) and the buyers
    iids int[] := array(SELECT DISTINCT x.i FROM jsonb_to_recordset(es) AS x(i int));
    uids int[] := array(SELECT DISTINCT us.u FROM jsonb_to_recordset(es) AS x(b int, s int, pl int),
      LATERAL (VALUES (x.b), (x.s), (x.pl)) AS us(u) WHERE us.u IS NOT NULL ORDER BY 1);
    buyers int[] := array(SELECT DISTINCT x.b FROM jsonb_to_recordset(es) AS x(b int));
    -- the statement's series (their counts reached, the sell-out's time) and its sold-out items
    cs int[] := '{}'; ck int[] := '{}'; cat timestamptz[] := '{}'; gone int[] := '{}';
    -- per box taken: its element's index, order id, k, prize, series and code
    an int[] := '{}'; oi int[] := '{}'; xk int[] := '{}'; xp text[] := '{}'; xs int[] := '{}'; xc text[] := '{}';
    oseq regclass := pg_get_serial_sequence('nft_orders', 'id')::regclass;
    -- the buyers' accounts ('user:currency:type') and their running balances
    tk text[]; tb numeric[];
  BEGIN
    PERFORM 1 FROM nft_items WHERE id = ANY (iids) ORDER BY id FOR UPDATE;
    PERFORM 1 FROM nft_box_series WHERE item_id = ANY (iids) ORDER BY id FOR UPDATE;
    PERFORM pg_advisory_xact_lock(14, u.id) FROM unnest(uids) WITH ORDINALITY AS u(id, k) ORDER BY u.k;
    SELECT coalesce(array_agg(x.b || ':' || x.c || ':' || x.ac), '{}'), coalesce(array_agg(coalesce(a.available, 0)), '{}') INTO tk, tb
      FROM (SELECT DISTINCT x.b, x.c, x.ac FROM jsonb_to_recordset(es) AS x(b int, c int, ac smallint)) x
      LEFT JOIN accounts a ON a.user_id = x.b AND a.currency_id = x.c AND a.type = x.ac;
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
      bx := array_position(tk, e.b || ':' || e.c || ':' || e.ac);
      IF NOT coalesce(tb[bx] >= e.tot, false) THEN
        refused := 'insufficient_balance'; RETURN NEXT; CONTINUE;
      END IF;
      oid := nextval(oseq);
      tb[bx] := tb[bx] - e.tot;
      ${PARTY_BUYS}
      an := an || e.nn; oi := oi || oid; xk := xk || kk; xp := xp || prize; xs := xs || e.sid; xc := xc || (e.code || '-' || kk);
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
    ${ORDERS}
    INSERT INTO nft_boxes (code, series_id, k, user_id, order_id, prize)
      SELECT b.c, b.s, b.k, (es -> b.nn ->> 'b')::int, b.o, b.p FROM unnest(xc, xs, xk, an, oi, xp) AS b(c, s, k, nn, o, p);
    UPDATE nft_box_series s SET sold = c.sold, revealed_at = coalesce(c.at, s.revealed_at)
      FROM unnest(cs, ck, cat) AS c(id, sold, at) WHERE s.id = c.id;
    UPDATE nft_items SET on_sale = false WHERE id = ANY (gone);
    ${JOURNAL}
  END
  $$`;
