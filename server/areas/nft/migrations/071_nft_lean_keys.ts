import { sql, type Kysely } from 'kysely';
import { up as up069 } from './069_nft_orders_at_end';

/**
 * nft_buy_batch and nft_box_batch (069's) with their balance changes set-based, and two foreign-key
 * checks fewer per box (one per fixed-price purchase):
 *
 * - no update of accounts in the loop: the buyers' balances (each element's buyer, currency and
 *   type) are read once after the statement's balance locks (every writer of a user's account rows
 *   holds that user's lock first, user-locks.ts, so they cannot change under the statement) and
 *   carried in an array; a purchase is refused for 'insufficient_balance' when its buyer's running
 *   balance is short, alone, as the conditional update refused it, and a credit to a buyer of the
 *   statement raises that running balance (its later debits see it, as before). Every debit and
 *   credit of the statement is then ONE update, a row per account (its net change), with an insert
 *   for accounts credited that do not exist yet; each journal row's balance after is the account's
 *   final balance less the changes after it in the statement, rows in purchase order. accounts'
 *   CHECK (available >= 0) stays the backstop.
 * - a box's owner and order are one key, (user_id, order_id) to nft_orders (buyer_id, id), instead
 *   of two (to users, to nft_orders): stricter (a box's owner is its order's buyer; no path changes
 *   either) and the owner's existence follows from the order's buyer key. The buyer index on
 *   nft_orders (buyer_id, id DESC), the same columns, becomes unique for it (id is unique): no new index.
 * - an order's item and currency are one key, (item_id, currency_id) to nft_items (id, currency_id),
 *   instead of two (to nft_items, to currencies): stricter (an order is in its item's coin, as
 *   every writer of orders takes it; an item's coin is never edited) and the coin's existence follows
 *   from the item's key to currencies. The unique index it needs on nft_items is the one new index
 *   entry, paid by a fixed-price sale's change of owner (not a HOT update already: owner_id is indexed).
 * - nft_buy_batch runs with enable_seqscan off (its own setting, for the call): every lookup in it,
 *   the key checks' included, is an index probe; the planner otherwise scans small tables (the
 *   users and accounts of a fresh schema, the benches') row by row on each check. This migration's
 *   purchase measured 0.89× 069's PostgreSQL CPU with it, 0.97× without. Not nft_box_batch: there
 *   1.02× with it, 0.93× without (its series rows, updated by every statement, are found through
 *   as many index entries as versions not yet pruned).
 *
 * Same answers, rows, ids, balances and journal (its rows of a statement in purchase order: debit,
 * then credits, purchase by purchase); a statement is still one transaction, so a kill -9 loses
 * all of it or none. The draw is 065's, unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(KEYS_UP).execute(db);
  await sql.raw(BUY).execute(db);
  await sql.raw(BOX).execute(db);
}

/** Back to migration 069's functions and the keys before. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(KEYS_DOWN).execute(db);
  await up069(db);
}

const KEYS_UP = `
  CREATE UNIQUE INDEX nft_orders_buyer_key ON nft_orders (buyer_id, id DESC);
  DROP INDEX nft_orders_buyer;
  ALTER TABLE nft_boxes ADD CONSTRAINT nft_boxes_order_buyer_fkey FOREIGN KEY (user_id, order_id) REFERENCES nft_orders (buyer_id, id);
  ALTER TABLE nft_boxes DROP CONSTRAINT nft_boxes_user_id_fkey, DROP CONSTRAINT nft_boxes_order_id_fkey;
  CREATE UNIQUE INDEX nft_items_currency_key ON nft_items (id, currency_id);
  ALTER TABLE nft_orders ADD CONSTRAINT nft_orders_item_currency_fkey FOREIGN KEY (item_id, currency_id) REFERENCES nft_items (id, currency_id);
  ALTER TABLE nft_orders DROP CONSTRAINT nft_orders_item_id_fkey, DROP CONSTRAINT nft_orders_currency_id_fkey;`;

const KEYS_DOWN = `
  ALTER TABLE nft_orders ADD CONSTRAINT nft_orders_item_id_fkey FOREIGN KEY (item_id) REFERENCES nft_items (id),
    ADD CONSTRAINT nft_orders_currency_id_fkey FOREIGN KEY (currency_id) REFERENCES currencies (id);
  ALTER TABLE nft_orders DROP CONSTRAINT nft_orders_item_currency_fkey;
  DROP INDEX nft_items_currency_key;
  ALTER TABLE nft_boxes ADD CONSTRAINT nft_boxes_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id),
    ADD CONSTRAINT nft_boxes_order_id_fkey FOREIGN KEY (order_id) REFERENCES nft_orders (id);
  ALTER TABLE nft_boxes DROP CONSTRAINT nft_boxes_order_buyer_fkey;
  CREATE INDEX nft_orders_buyer ON nft_orders (buyer_id, id DESC);
  DROP INDEX nft_orders_buyer_key;`;

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
export const BOX_ELEMENTS = `
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

/**
 * Per purchase: its credits (`n` of them: to cu[q] of ca[q]), each a change of the statement's
 * one update; a credit to a buyer's tracked account raises its running balance.
 */
const credits = (n: number) => `
  FOR q IN 1 .. ${n} LOOP
    CONTINUE WHEN cu[q] IS NULL OR ca[q] <= 0;
    IF cu[q] = ANY (buyers) THEN
      cx := array_position(tk, cu[q] || ':' || e.c || ':' || e.ac);
      IF cx IS NOT NULL THEN
        tb[cx] := tb[cx] + ca[q];
      END IF;
    END IF;
    du := du || cu[q]; dc := dc || e.c; dt := dt || e.ac; da := da || ca[q]; dw := dw || cw[q]; dor := dor || oid;
  END LOOP;`;

/**
 * Every balance change of the statement: one update of the accounts (a row per account, its net
 * change) and one insert of those that do not exist yet, and the journal's rows in purchase order,
 * each with its account's balance after it.
 */
const JOURNAL = `
  WITH d AS (SELECT * FROM unnest(du, dc, dt, da, dw, dor) WITH ORDINALITY AS d(u, c, t, a, why, o, k)),
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

/** The key: claimed with its answer, or an existing one marked answered (056's, 065's). */
export const KEY = `
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
  tk text[]; tb numeric[]; bx int; cx int;
  du int[] := '{}'; dc int[] := '{}'; dt smallint[] := '{}'; da numeric[] := '{}'; dw text[] := '{}'; dor int[] := '{}';`;

/** The buyers' accounts the statement debits ('user:currency:type') and their balances, read under the balance locks. */
const TRACK = (elements: string) => `
  SELECT coalesce(array_agg(x.b || ':' || x.c || ':' || x.ac), '{}'), coalesce(array_agg(coalesce(a.available, 0)), '{}') INTO tk, tb
    FROM (SELECT DISTINCT x.b, x.c, x.ac FROM jsonb_to_recordset(${elements}) AS x(b int, c int, ac smallint)) x
    LEFT JOIN accounts a ON a.user_id = x.b AND a.currency_id = x.c AND a.type = x.ac;`;

/** The buyer's running balance short of the total: refused, nothing written (the conditional debit's answer). */
const FUNDS = `
  bx := array_position(tk, e.b || ':' || e.c || ':' || e.ac);
  IF NOT coalesce(tb[bx] >= e.tot, false) THEN
    refused := 'insufficient_balance'; RETURN NEXT; CONTINUE;
  END IF;`;

/** The debit: the running balance, and a change of the statement's update (after the order's id is taken). */
const DEBIT = (why: string) => `
  tb[bx] := tb[bx] - e.tot;
  du := du || e.b; dc := dc || e.c; dt := dt || e.ac; da := da || -e.tot; dw := dw || ${why}::text; dor := dor || oid;`;

const BUY = `
  CREATE OR REPLACE FUNCTION nft_buy_batch(p jsonb)
  RETURNS TABLE (n int, order_id int, refused text, dup boolean, done_at timestamptz)
  LANGUAGE plpgsql
  -- index probes only, whatever the statistics say (see the header)
  SET enable_seqscan = off
  AS $$
  DECLARE
    e record; oid int; sold int[] := '{}'; sb int[] := '{}'; buyers int[];
    cu int[]; ca numeric[]; cw text[] := ARRAY['nft_sale', 'nft_royalty', 'nft_fee'];
    ${ORDER_VARS}
  BEGIN
    PERFORM 1 FROM nft_items WHERE id IN (SELECT x.i FROM jsonb_to_recordset(p) AS x(i int)) ORDER BY id FOR UPDATE;
    PERFORM pg_advisory_xact_lock(14, u.id)
      FROM unnest(array(SELECT DISTINCT us.u FROM jsonb_to_recordset(p) AS x(b int, s int, cr int, pl int),
        LATERAL (VALUES (x.b), (x.s), (x.cr), (x.pl)) AS us(u) WHERE us.u IS NOT NULL ORDER BY 1)) WITH ORDINALITY AS u(id, k)
      ORDER BY u.k;
    buyers := array(SELECT DISTINCT x.b FROM jsonb_to_recordset(p) AS x(b int));
    ${TRACK('p')}
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
      ${FUNDS}
      ${KEEP_ORDER('e.kd', 'e.r')}
      ${DEBIT("'nft_buy'")}
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
export const DRAW = `
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

export const BOX = `
  CREATE OR REPLACE FUNCTION nft_box_batch(p jsonb)
  RETURNS TABLE (n int, order_id int, refused text, dup boolean, done_at timestamptz)
  LANGUAGE plpgsql AS $$
  DECLARE
    e record; oid int; kk int; jx int; prize text; buyers int[];
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
    ${TRACK("p->'e'")}
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
      ${FUNDS}
      ${KEEP_ORDER("'box'::text", '0::numeric')}
      ${DEBIT("'nft_box_buy'")}
      xc := xc || (e.code || '-' || kk); xs := xs || e.sid; xk := xk || kk; xu := xu || e.b; xo := xo || oid; xp := xp || prize;
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
