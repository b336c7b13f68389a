import { sql, type Kysely } from 'kysely';
import { createOpen } from './058_otc_group_commit';

/**
 * otc_open_batch (058's) with its writes gathered per statement instead of made per opening. The
 * loop keeps what an opening's answer depends on — the key, the ad, the taker's unfinished orders,
 * the ad's remaining, the seller's conditional freeze into escrow (in place: a seller's later
 * opening in the statement sees it) — and takes the order's id from its sequence (nextval: no
 * executor); everything else is ONE insert per table at the end of the statement, in the elements'
 * order, with those ids: the orders, the freezes' journal rows, the 'opened' events, the notices,
 * the deadlines' jobs (one add_jobs), and one update per ad of its remaining (as 058).
 *
 * The elements are read typed in one query after the locks (058's order: the parties' balance
 * locks, then the ads in ascending id), each with its ad, its taker's unfinished orders and whether
 * its key exists as they were before the statement; the statement adds its own: the orders it
 * accepted per taker, each ad's remaining less its orders, the keys it claimed. Same answers, rows,
 * ids' order, balances and journal as 058; a statement is still one transaction, so a kill -9 loses
 * all of it or none, and each deadline's job exists exactly when its order does. With it, an
 * order's keys checked in two lookups instead of six (orderKeys below).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await orderKeys(db);
  await sql.raw(OPEN).execute(db);
}

/** Back to migration 058's function and 021's foreign keys. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS otc_open_batch(jsonb)`.execute(db);
  await createOpen(db);
  await sql`ALTER TABLE otc_orders DROP CONSTRAINT otc_orders_ad_key_fkey, DROP CONSTRAINT otc_orders_parties,
    ADD FOREIGN KEY (ad_id) REFERENCES otc_ads(id), ADD FOREIGN KEY (merchant_id) REFERENCES users(id),
    ADD FOREIGN KEY (buyer_id) REFERENCES users(id), ADD FOREIGN KEY (seller_id) REFERENCES users(id),
    ADD FOREIGN KEY (coin_id) REFERENCES currencies(id)`.execute(db);
  await sql`ALTER TABLE otc_ads DROP CONSTRAINT otc_ads_key`.execute(db);
}

/**
 * An order's keys, two lookups instead of six: its ad with the ad's merchant and coin in ONE
 * foreign key (the ad's merchant is a merchant's user, its coin a currency: 021's keys on otc_ads),
 * its taker's; and a CHECK that its buyer and seller are its merchant and taker, one way
 * round or the other (no lookup: the two keys cover them). Stricter than the five keys it replaces
 * (ad, merchant, coin, buyer, seller): an order's merchant and coin are now its ad's. An ad's
 * merchant and coin never change.
 */
async function orderKeys(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE otc_ads ADD CONSTRAINT otc_ads_key UNIQUE (id, merchant_id, coin_id)`.execute(db);
  await sql`ALTER TABLE otc_orders
    ADD CONSTRAINT otc_orders_ad_key_fkey FOREIGN KEY (ad_id, merchant_id, coin_id) REFERENCES otc_ads (id, merchant_id, coin_id),
    ADD CONSTRAINT otc_orders_parties CHECK ((buyer_id = merchant_id AND seller_id = taker_id) OR (buyer_id = taker_id AND seller_id = merchant_id)),
    DROP CONSTRAINT otc_orders_ad_id_fkey, DROP CONSTRAINT otc_orders_merchant_id_fkey, DROP CONSTRAINT otc_orders_coin_id_fkey,
    DROP CONSTRAINT otc_orders_buyer_id_fkey, DROP CONSTRAINT otc_orders_seller_id_fkey`.execute(db);
}

/** The elements, typed, each with its ad (locked), its taker's unfinished orders and its key as found. */
const ELEMENTS = `
  SELECT t.*, (x.ord - 1)::int AS nn, ad.ok, ad.held, ad.remaining AS rem0, coalesce(oc.n, 0) AS open0,
    kt.taken IS NOT NULL AS taken
  FROM jsonb_array_elements(p) WITH ORDINALITY AS x(j, ord)
  CROSS JOIN LATERAL jsonb_to_record(x.j) AS t(a int, t int, m int, b int, s int, c int, q numeric, f numeric, p numeric,
    r numeric, fi text, dl timestamptz, at timestamptz, un text, tl text, ml text, pm jsonb, mx int, ea text, en text,
    no jsonb, jt text, jk text, ra text, ku int, k text, kc text, kw text)
  -- LIMIT keeps these index probes: never a scan of the whole table
  LEFT JOIN LATERAL (SELECT a.status = 'online' AND m.status = 'approved' AS ok, a.held, a.remaining
    FROM otc_ads a JOIN otc_merchants m ON m.user_id = a.merchant_id WHERE a.id = t.a LIMIT 1) ad ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS n FROM otc_orders o
    WHERE o.taker_id = t.t AND o.status IN ('unpaid', 'paid', 'appeal')) oc ON true
  LEFT JOIN LATERAL (SELECT true AS taken FROM idempotency_keys ik
    WHERE t.kc IS NOT NULL AND t.k IS NOT NULL AND ik.user_id = t.ku AND ik.key = t.k LIMIT 1) kt ON true
  ORDER BY x.ord`;

/** Per opening, in order: refused (nothing kept) or accepted (the freeze made, its order's id taken, its rows kept). */
const LOOP = `
  FOR e IN ${ELEMENTS} LOOP
    n := e.nn; order_id := NULL; refused := NULL; dup := false;
    IF e.kc IS NOT NULL AND e.k IS NOT NULL AND (e.taken OR (e.ku || ':' || e.k) = ANY (claimed)) THEN
      dup := true; RETURN NEXT; CONTINUE;
    END IF;
    IF e.ok IS NULL OR NOT e.ok THEN
      refused := 'otc_ad_unavailable'; RETURN NEXT; CONTINUE;
    END IF;
    IF e.open0 + cardinality(array_positions(tk, e.t)) >= e.mx THEN
      refused := 'otc_too_many_orders'; RETURN NEXT; CONTINUE;
    END IF;
    j := array_position(ai, e.a);
    IF j IS NULL THEN
      ai := ai || e.a; arem := arem || e.rem0; j := cardinality(ai);
    END IF;
    IF arem[j] < e.q THEN
      refused := 'otc_stale'; RETURN NEXT; CONTINUE;
    END IF;
    IF NOT e.held THEN
      UPDATE accounts a SET available = a.available - e.q, frozen = a.frozen + e.q, updated_at = now()
        WHERE a.user_id = e.s AND a.currency_id = e.c AND a.type = 2 AND a.available >= e.q
        RETURNING a.id, a.available, a.frozen INTO acc, av, fr;
      IF NOT FOUND THEN
        refused := 'insufficient_balance'; RETURN NEXT; CONTINUE;
      END IF;
    END IF;
    oid := nextval(oseq);
    arem[j] := arem[j] - e.q;
    oi := oi || oid; onn := onn || e.nn; tk := tk || e.t;
    IF NOT e.held THEN
      ju := ju || e.s; ja := ja || acc; jc := jc || e.c; jq := jq || e.q; jav := jav || av; jfr := jfr || fr; jo := jo || oid;
    END IF;
    IF e.kc IS NOT NULL AND e.k IS NOT NULL THEN
      claimed := claimed || (e.ku || ':' || e.k);
      INSERT INTO idempotency_keys (user_id, key, route, response, owner, committed_at, committed_ref)
        VALUES (e.ku, e.k, e.kc, NULL, e.kw, now(), jsonb_build_object('type', 'otc_order', 'id', oid));
    ELSIF e.k IS NOT NULL THEN
      UPDATE idempotency_keys k SET committed_at = coalesce(k.committed_at, now()),
          committed_ref = coalesce(k.committed_ref, jsonb_build_object('type', 'otc_order', 'id', oid))
        WHERE k.user_id = e.ku AND k.key = e.k;
    END IF;
    order_id := oid;
    RETURN NEXT;
  END LOOP;`;

/** The accepted openings' rows: each table once, in the elements' order (the orders first: the others reference them). */
const WRITES = `
  IF cardinality(oi) = 0 THEN RETURN; END IF;
  INSERT INTO otc_orders (id, ad_id, merchant_id, taker_id, buyer_id, seller_id, coin_id, fiat, fiat_rate, price, coin_amount,
      fiat_amount, deadline, pay_methods, opened_at, unit, taker_lang, merchant_lang)
    SELECT o.id, t.a, t.m, t.t, t.b, t.s, t.c, t.fi, t.r, t.p, t.q, t.f, t.dl, t.pm, t.at, t.un, t.tl, t.ml
    FROM unnest(oi, onn) WITH ORDINALITY AS o(id, nn, k)
    CROSS JOIN LATERAL jsonb_to_record(p -> o.nn) AS t(a int, m int, t int, b int, s int, c int, fi text, r numeric,
      p numeric, q numeric, f numeric, dl timestamptz, pm jsonb, at timestamptz, un text, tl text, ml text)
    ORDER BY o.k;
  INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
    SELECT i.u, i.acc, i.c, 2, -i.q, i.q, i.av, i.fr, 'otc_escrow', 'otc_order', i.o::text, now()
    FROM unnest(ju, ja, jc, jq, jav, jfr, jo) WITH ORDINALITY AS i(u, acc, c, q, av, fr, o, k) ORDER BY i.k;
  UPDATE otc_ads a SET remaining = r.rem, updated_at = now()
    FROM unnest(ai, arem) AS r(id, rem) WHERE a.id = r.id AND a.remaining <> r.rem;
  INSERT INTO otc_order_events (order_id, kind, actor, actor_id, note, created_at)
    SELECT o.id, 'opened', p -> o.nn ->> 'ea', (p -> o.nn ->> 't')::int, p -> o.nn ->> 'en', (p -> o.nn ->> 'at')::timestamptz
    FROM unnest(oi, onn) WITH ORDINALITY AS o(id, nn, k) ORDER BY o.k;
  INSERT INTO notices (user_id, kind, title_key, body_key, params)
    SELECT (x.j->>'u')::int, x.j->>'kind', x.j->>'title', x.j->>'body', jsonb_set(x.j->'params', '{id}', to_jsonb(o.id::text))
    FROM unnest(oi, onn) WITH ORDINALITY AS o(id, nn, k)
    CROSS JOIN LATERAL jsonb_array_elements(coalesce(p -> o.nn -> 'no', '[]')) WITH ORDINALITY AS x(j, ord)
    ORDER BY o.k, x.ord;
  PERFORM enqueue_jobs((SELECT jsonb_agg(jsonb_build_object('identifier', p -> o.nn ->> 'jt', 'payload', jsonb_build_object('id', o.id),
      'run_at', p -> o.nn ->> 'ra', 'job_key', (p -> o.nn ->> 'jk') || o.id, 'max_attempts', 25) ORDER BY o.k)
    FROM unnest(oi, onn) WITH ORDINALITY AS o(id, nn, k)));`;

const OPEN = `
  CREATE OR REPLACE FUNCTION otc_open_batch(p jsonb)
  RETURNS TABLE (n int, order_id int, refused text, dup boolean)
  LANGUAGE plpgsql AS $$
  DECLARE
    e record; j int; oid int; acc int; av numeric; fr numeric;
    oseq regclass := pg_get_serial_sequence('otc_orders', 'id')::regclass;
    -- the statement's own: each ad's remaining less its orders, the takers of its orders, the keys it claimed
    ai int[] := '{}'; arem numeric[] := '{}'; tk int[] := '{}'; claimed text[] := '{}';
    -- its orders (id, element) and its journal rows (seller, account, coin, amount, after, order)
    oi int[] := '{}'; onn int[] := '{}';
    ju int[] := '{}'; ja int[] := '{}'; jc int[] := '{}'; jq numeric[] := '{}'; jav numeric[] := '{}'; jfr numeric[] := '{}';
    jo int[] := '{}';
  BEGIN
    PERFORM otc_lock_parties(p);
    PERFORM 1 FROM otc_ads WHERE id IN (SELECT (el.j->>'a')::int FROM jsonb_array_elements(p) AS el(j)) ORDER BY id FOR UPDATE;
    ${LOOP}
    ${WRITES}
  END
  $$`;
