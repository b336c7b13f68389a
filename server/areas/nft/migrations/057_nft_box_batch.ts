import { sql, type Kysely } from 'kysely';

/**
 * Blind boxes on a group commit (domain/box-writer.ts): many box purchases in ONE statement, one
 * commit. The draw stays the transaction's: box k of a series (k = its count at the lock + 1) holds
 * core's nextBox for k. That prize depends on k alone (the seed, the series and the boxes before it
 * fix it), so the request passes the prizes of the next boxes from the count it read (`w`: series →
 * k → prize, core/nft/verify-boxes computed in TypeScript) and the statement takes the one of the k
 * it reaches under the lock — in the statement's order, a refused purchase taking no box.
 *
 * nft_box_batch(p jsonb), p = {e: [element…], w: {series: {k: prize}}}:
 * - the items locked (ascending id), then their series rows (ascending id), then every party's
 *   balance lock (class 14, ascending id) — as a box's transaction takes them;
 * - per element, in order: the key claimed (an existing key: `dup`, nothing done); the item still
 *   on sale as the request read it (else 'nft_not_on_sale' — also for a purchase after the
 *   statement sold the series out, as the item then is) with the same price, currency and artist,
 *   inside its window (else 'nft_stale': the request reads again); the series not sold out (else
 *   'nft_sold_out'); the prize of box k known (else 'nft_stale': read again); the conditional debit
 *   of price + fee (else 'insufficient_balance'); only then the order, the box, the journal, the
 *   creator's (or the platform's) proceeds and the platform's fee, the count, at sell-out the seed
 *   published and the item off sale, and the key's answer — so a refusal writes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(FUNCTION).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS nft_box_batch(jsonb)`.execute(db);
}

const ELEMENTS = `
  SELECT t.*, (x.ord - 1)::int AS nn, it.id AS item, it.code, it.on_sale, it.listing, it.pay_type, it.owner_id, it.price,
    it.currency_id, it.artist_id, it.start_at, it.end_at, bs.id AS sid, bs.sold AS sold0, bs.total,
    (t.kc IS NOT NULL AND t.k IS NOT NULL) AS claim, kt.taken IS NOT NULL AS taken
  FROM jsonb_array_elements(p->'e') WITH ORDINALITY AS x(j, ord)
  CROSS JOIN LATERAL jsonb_to_record(x.j) AS t(i int, o int, p numeric, ar int, c int, ac smallint, b int, s int, pl int,
    at timestamptz, tot numeric, sg numeric, f numeric, ku int, k text, kc text, kw text)
  -- LIMIT keeps these index probes: never a scan of the whole table
  LEFT JOIN LATERAL (SELECT * FROM nft_items i WHERE i.id = t.i LIMIT 1) it ON true
  LEFT JOIN LATERAL (SELECT * FROM nft_box_series s WHERE s.item_id = t.i LIMIT 1) bs ON true
  LEFT JOIN LATERAL (SELECT true AS taken FROM idempotency_keys ik
    WHERE t.kc IS NOT NULL AND t.k IS NOT NULL AND ik.user_id = t.ku AND ik.key = t.k LIMIT 1) kt ON true
  ORDER BY x.ord`;

const FUNCTION = `
  CREATE FUNCTION nft_box_batch(p jsonb)
  RETURNS TABLE (n int, order_id int, refused text, dup boolean, done_at timestamptz)
  LANGUAGE plpgsql AS $$
  DECLARE
    e record; oid int; kk int; prize text; acc int; av numeric; fr numeric;
    -- the statement's own counts per series (the loop's rows show them as locked) and its sold-out items
    cnt jsonb := '{}'; gone int[] := '{}';
  BEGIN
    PERFORM 1 FROM nft_items WHERE id IN (SELECT x.i FROM jsonb_to_recordset(p->'e') AS x(i int)) ORDER BY id FOR UPDATE;
    PERFORM 1 FROM nft_box_series WHERE item_id IN (SELECT x.i FROM jsonb_to_recordset(p->'e') AS x(i int)) ORDER BY id FOR UPDATE;
    PERFORM pg_advisory_xact_lock(14, u.id)
      FROM unnest(array(SELECT DISTINCT us.u FROM jsonb_to_recordset(p->'e') AS x(b int, s int, pl int),
        LATERAL (VALUES (x.b), (x.s), (x.pl)) AS us(u) WHERE us.u IS NOT NULL ORDER BY 1)) WITH ORDINALITY AS u(id, k)
      ORDER BY u.k;
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
      kk := coalesce((cnt->>(e.sid::text))::int, e.sold0) + 1;
      IF kk > e.total THEN
        refused := 'nft_sold_out'; RETURN NEXT; CONTINUE;
      END IF;
      prize := p->'w'->(e.sid::text)->>(kk::text);
      IF prize IS NULL THEN
        refused := 'nft_stale'; RETURN NEXT; CONTINUE;
      END IF;
      UPDATE accounts a SET available = a.available - e.tot, updated_at = now()
        WHERE a.user_id = e.b AND a.currency_id = e.c AND a.type = e.ac AND a.available >= e.tot
        RETURNING a.id, a.available, a.frozen INTO acc, av, fr;
      IF NOT FOUND THEN
        refused := 'insufficient_balance'; RETURN NEXT; CONTINUE;
      END IF;
      INSERT INTO nft_orders (item_id, buyer_id, seller_id, kind, currency_id, price, fee, status, created_at, paid_at, is_read)
        VALUES (e.item, e.b, e.s, 'box', e.c, e.p, e.f, 'paid', e.at, e.at, true)
        RETURNING id INTO oid;
      INSERT INTO nft_boxes (code, series_id, k, user_id, order_id, prize) VALUES (e.code || '-' || kk, e.sid, kk, e.b, oid, prize);
      INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
        VALUES (e.b, acc, e.c, e.ac, -e.tot, 0, av, fr, 'nft_box_buy', 'nft_order', oid::text, now());
      -- a series with no creator account (a platform-owned artist) sells for the platform
      PERFORM nft_credit(coalesce(e.s, e.pl), e.c, e.ac, e.sg, 'nft_sale', oid::text);
      PERFORM nft_credit(e.pl, e.c, e.ac, e.f, 'nft_fee', oid::text);
      cnt := cnt || jsonb_build_object(e.sid::text, kk);
      IF kk = e.total THEN
        UPDATE nft_box_series SET sold = kk, revealed_at = e.at WHERE id = e.sid;
        UPDATE nft_items SET on_sale = false WHERE id = e.item;
        gone := gone || e.item;
      ELSE
        UPDATE nft_box_series SET sold = kk WHERE id = e.sid;
      END IF;
      IF e.claim THEN
        INSERT INTO idempotency_keys (user_id, key, route, response, owner, committed_at, committed_ref)
          VALUES (e.ku, e.k, e.kc, jsonb_build_object('type', 'ok', 'code', 1, 'message', oid), e.kw, now(),
            jsonb_build_object('type', 'nft_order', 'id', oid));
      ELSIF e.k IS NOT NULL THEN
        UPDATE idempotency_keys SET committed_at = coalesce(committed_at, now()),
            committed_ref = jsonb_build_object('type', 'nft_order', 'id', oid),
            response = jsonb_build_object('type', 'ok', 'code', 1, 'message', oid)
          WHERE user_id = e.ku AND key = e.k;
      END IF;
      order_id := oid;
      RETURN NEXT;
    END LOOP;
  END
  $$`;
