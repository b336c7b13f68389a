import { sql, type Kysely } from 'kysely';
import { up as up048 } from './048_nft_buy_batch';

/**
 * nft_buy_batch (migration 048's) with less PostgreSQL work per purchase, same answers, same rows
 * and same balances. Per purchase, 048 ran ~13 statements and 3 nested calls; this runs 3 or 4:
 *
 * - the elements are read once, typed, by ONE query joined with their item rows (read after the
 *   items' locks, so current) and telling whether each key exists already — no per-purchase JSON
 *   extraction, item SELECT or key look-up; an item bought earlier in the statement is remembered
 *   (`sold`) and refused as before;
 * - a credit to a user who buys nothing in this statement (a seller, a creator, the platform's
 *   fee: nobody reads those balances before the commit) is ONE update per account at the end of
 *   the statement, not one per purchase of that hot row; a credit to a buyer of the statement stays
 *   in place, so a later debit of theirs sees it as before;
 * - the journal rows are ONE insert at the end, in the order the money moved (each debit and
 *   in-place credit, then the deferred credits, each with the balance after it: the final balance
 *   less what was journaled after it), so the journal still replays to every balance;
 * - the balance locks are taken by one statement (ascending id, as user-locks.ts), not one per user.
 *
 * The existing key is read with the statement's first snapshot rather than just before the
 * purchase: the same key twice in one statement makes the claim's insert fail, the batch is re-run
 * one by one and the second comes back `dup` — as a race after the look-up always did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(batchFunction('nft_buy_batch')).execute(db);
}

/** Back to migration 048's function. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS nft_buy_batch(jsonb)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS nft_credit(int, int, smallint, numeric, text, text)`.execute(db);
  await up048(db);
}

/** The elements, typed, with their items as locked and whether their keys exist (index probes only). */
const ELEMENTS = `
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

/** Per purchase: the three credits, each in place (a buyer of this statement) or deferred to its end. */
const CREDITS = `
  cu := ARRAY[coalesce(e.s, e.pl), e.cr, e.pl]; ca := ARRAY[e.sg, e.r, e.f];
  FOR q IN 1 .. 3 LOOP
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

/** The deferred credits (one update per account) and every journal row of the statement, in order. */
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

/** The function's text under `name` (the migration's; a profile may create it beside 048's). */
export function batchFunction(name: string): string {
  return `
    CREATE OR REPLACE FUNCTION ${name}(p jsonb)
    RETURNS TABLE (n int, order_id int, refused text, dup boolean, done_at timestamptz)
    LANGUAGE plpgsql AS $$
    DECLARE
      e record; oid int; sold int[] := '{}'; buyers int[];
      acc int; av numeric; fr numeric;
      cu int[]; ca numeric[]; cw text[] := ARRAY['nft_sale', 'nft_royalty', 'nft_fee'];
      ju int[] := '{}'; ja int[] := '{}'; jc int[] := '{}'; jt smallint[] := '{}'; jd numeric[] := '{}';
      jav numeric[] := '{}'; jfr numeric[] := '{}'; jw text[] := '{}'; jo int[] := '{}';
      du int[] := '{}'; dc int[] := '{}'; dt smallint[] := '{}'; da numeric[] := '{}'; dw text[] := '{}'; dor int[] := '{}';
    BEGIN
      PERFORM 1 FROM nft_items WHERE id IN (SELECT x.i FROM jsonb_to_recordset(p) AS x(i int)) ORDER BY id FOR UPDATE;
      PERFORM pg_advisory_xact_lock(14, u.id)
        FROM unnest(array(SELECT DISTINCT us.u FROM jsonb_to_recordset(p) AS x(b int, s int, cr int, pl int),
          LATERAL (VALUES (x.b), (x.s), (x.cr), (x.pl)) AS us(u) WHERE us.u IS NOT NULL ORDER BY 1)) WITH ORDINALITY AS u(id, k)
        ORDER BY u.k;
      buyers := array(SELECT DISTINCT x.b FROM jsonb_to_recordset(p) AS x(b int));
      FOR e IN ${ELEMENTS}
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
        UPDATE accounts a SET available = a.available - e.tot, updated_at = now()
          WHERE a.user_id = e.b AND a.currency_id = e.c AND a.type = e.ac AND a.available >= e.tot
          RETURNING a.id, a.available, a.frozen INTO acc, av, fr;
        IF NOT FOUND THEN
          refused := 'insufficient_balance'; RETURN NEXT; CONTINUE;
        END IF;
        INSERT INTO nft_orders (item_id, buyer_id, seller_id, kind, currency_id, price, fee, royalty, status, created_at, paid_at, is_read)
          VALUES (e.item, e.b, e.s, e.kd, e.c, e.p, e.f, e.r, 'paid', e.at, e.at, true)
          RETURNING id INTO oid;
        ju := ju || e.b; ja := ja || acc; jc := jc || e.c; jt := jt || e.ac; jd := jd || -e.tot;
        jav := jav || av; jfr := jfr || fr; jw := jw || 'nft_buy'::text; jo := jo || oid;
        -- a work with no seller account (a platform-owned artist's first sale) sells for the platform
        ${CREDITS}
        UPDATE nft_items SET owner_id = e.b, listing = 'not_for_sale', on_sale = false WHERE id = e.item;
        sold := sold || e.item;
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
      ${JOURNAL}
    END
    $$`;
}
