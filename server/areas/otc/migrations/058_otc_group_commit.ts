import { sql, type Kysely } from 'kysely';

/**
 * The P2P money paths on a group commit (domain/order-writer.ts): many orders' escrow moves in ONE
 * statement, one commit for all. The request read the ad and the order, priced and checked them
 * (core/otc) and passes every amount as a decimal string; the statement re-checks what can have
 * changed since, under its locks. Both first take every party's balance lock (advisory class 14,
 * ascending id: user-locks.ts's order), then the rows they change in ascending id — as every OTC
 * transaction takes them — so a batch deadlocks neither with another batch nor with a transaction.
 *
 * - otc_open_batch: per element, the key claimed (`kc`: a key that exists makes the element a `dup`,
 *   nothing done); the ad still online with its merchant approved (else refused
 *   'otc_ad_unavailable'); the taker's unfinished orders (core OTC_UNFINISHED) under the cap `mx`
 *   (else 'otc_too_many_orders'); the ad's remaining still covering the order (else 'otc_stale': the
 *   request reads again and checks the bounds again); on an ad that does not hold its coin, the
 *   conditional freeze of the seller's coin (refused 'insufficient_balance'). Only then anything
 *   written: the order, the freeze's journal row, the ad's remaining reduced, the 'opened' event,
 *   the merchant's notice, the payment deadline's job, the key marked committed with the order's
 *   ref — a refusal writes nothing.
 * - otc_settle_batch: per element, the order's status guard under its row lock (release: paid, or
 *   unpaid when confirmed; cancel: unpaid; timeout: unpaid and past its deadline) — one that fails
 *   answers the status it found and writes nothing — then the escrow leaves once: to the buyer
 *   (release: the seller's frozen coin spent, the buyer credited) or back to the seller and the ad
 *   (cancel, timeout: as escrow.ts returnEscrow), each move journaled; the status, the final event
 *   (its UNIQUE index: one per order), the notices, the key. A release racing a cancel or the
 *   deadline job: whichever comes second finds the status changed.
 * An error (not a refusal) aborts the statement; the writer then runs its elements one by one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // a taker's unfinished orders are counted at every opening (both paths): an index, not a scan
  await sql`CREATE INDEX otc_orders_taker_open ON otc_orders (taker_id) WHERE status IN ('unpaid', 'paid', 'appeal')`.execute(
    db,
  );
  await createHelpers(db);
  await createOpen(db);
  await createSettle(db);
}

/** The parts both statements share: the parties' locks, a notice, the request's key. */
async function createHelpers(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION otc_lock_parties(p jsonb) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE uid int;
    BEGIN
      FOR uid IN
        SELECT DISTINCT us.u FROM jsonb_array_elements(p) AS el(j),
          LATERAL (VALUES ((el.j->>'b')::int), ((el.j->>'s')::int)) AS us(u) ORDER BY us.u
      LOOP
        PERFORM pg_advisory_xact_lock(14, uid);
      END LOOP;
    END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION otc_key_done(e jsonb, p_order int) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE v_ref jsonb := jsonb_build_object('type', 'otc_order', 'id', p_order);
    BEGIN
      IF e->>'k' IS NULL THEN RETURN; END IF;
      IF e->>'kc' IS NOT NULL THEN
        INSERT INTO idempotency_keys (user_id, key, route, response, owner, committed_at, committed_ref)
          VALUES ((e->>'ku')::int, e->>'k', e->>'kc', NULL, e->>'kw', now(), v_ref);
      ELSE
        UPDATE idempotency_keys k SET committed_at = coalesce(k.committed_at, now()), committed_ref = coalesce(k.committed_ref, v_ref)
          WHERE k.user_id = (e->>'ku')::int AND k.key = e->>'k';
      END IF;
    END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION otc_key_dup(e jsonb) RETURNS boolean LANGUAGE sql AS $$
      SELECT e->>'kc' IS NOT NULL AND e->>'k' IS NOT NULL
        AND EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.user_id = (e->>'ku')::int AND k.key = e->>'k')
    $$`.execute(db);
  await sql`
    CREATE FUNCTION otc_notices(p_notes jsonb, p_order int) RETURNS void LANGUAGE sql AS $$
      INSERT INTO notices (user_id, kind, title_key, body_key, params)
        SELECT (x->>'u')::int, x->>'kind', x->>'title', x->>'body', jsonb_set(x->'params', '{id}', to_jsonb(p_order::text))
        FROM jsonb_array_elements(coalesce(p_notes, '[]')) AS x
    $$`.execute(db);
  await sql`
    CREATE FUNCTION otc_journal(p_user int, p_acc int, p_cur int, p_da numeric, p_df numeric, p_av numeric, p_fr numeric, p_reason text, p_order int)
    RETURNS void LANGUAGE sql AS $$
      INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
        VALUES (p_user, p_acc, p_cur, 2, p_da, p_df, p_av, p_fr, p_reason, 'otc_order', p_order::text, now())
    $$`.execute(db);
}

export async function createOpen(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION otc_open_batch(p jsonb)
    RETURNS TABLE (n int, order_id int, refused text, dup boolean)
    LANGUAGE plpgsql AS $$
    DECLARE
      e jsonb; ad jsonb; ak text; q numeric; oid int; acc int; av numeric; fr numeric;
      v_jobs jsonb := '[]';
      -- each ad of the batch, read once under its lock: open to orders, holding its coin, remaining (running)
      v_ads jsonb;
    BEGIN
      PERFORM otc_lock_parties(p);
      PERFORM 1 FROM otc_ads WHERE id IN (SELECT (el.j->>'a')::int FROM jsonb_array_elements(p) AS el(j)) ORDER BY id FOR UPDATE;
      SELECT coalesce(jsonb_object_agg(a.id::text, jsonb_build_object('ok', a.status = 'online' AND m.status = 'approved',
          'held', a.held, 'rem', a.remaining)), '{}')
        INTO v_ads FROM otc_ads a JOIN otc_merchants m ON m.user_id = a.merchant_id
        WHERE a.id IN (SELECT (el.j->>'a')::int FROM jsonb_array_elements(p) AS el(j));
      FOR i IN 0 .. jsonb_array_length(p) - 1 LOOP
        e := p -> i;
        n := i; order_id := NULL; refused := NULL; dup := false;
        IF otc_key_dup(e) THEN
          dup := true; RETURN NEXT; CONTINUE;
        END IF;
        q := (e->>'q')::numeric;
        ak := e->>'a'; ad := v_ads -> ak;
        IF ad IS NULL OR NOT (ad->>'ok')::boolean THEN
          refused := 'otc_ad_unavailable'; RETURN NEXT; CONTINUE;
        END IF;
        IF (SELECT count(*) FROM otc_orders o WHERE o.taker_id = (e->>'t')::int
            AND o.status IN ('unpaid', 'paid', 'appeal')) >= (e->>'mx')::int THEN
          refused := 'otc_too_many_orders'; RETURN NEXT; CONTINUE;
        END IF;
        IF (ad->>'rem')::numeric < q THEN
          refused := 'otc_stale'; RETURN NEXT; CONTINUE;
        END IF;
        IF NOT (ad->>'held')::boolean THEN
          UPDATE accounts a SET available = a.available - q, frozen = a.frozen + q, updated_at = now()
            WHERE a.user_id = (e->>'s')::int AND a.currency_id = (e->>'c')::int AND a.type = 2 AND a.available >= q
            RETURNING a.id, a.available, a.frozen INTO acc, av, fr;
          IF NOT FOUND THEN
            refused := 'insufficient_balance'; RETURN NEXT; CONTINUE;
          END IF;
        END IF;
        INSERT INTO otc_orders (ad_id, merchant_id, taker_id, buyer_id, seller_id, coin_id, fiat, fiat_rate, price, coin_amount,
            fiat_amount, deadline, pay_methods, opened_at, unit, taker_lang, merchant_lang)
          VALUES ((e->>'a')::int, (e->>'m')::int, (e->>'t')::int, (e->>'b')::int, (e->>'s')::int, (e->>'c')::int, e->>'fi',
            (e->>'r')::numeric, (e->>'p')::numeric, q, (e->>'f')::numeric, (e->>'dl')::timestamptz, e->'pm',
            (e->>'at')::timestamptz, e->>'un', e->>'tl', e->>'ml')
          RETURNING id INTO oid;
        IF NOT (ad->>'held')::boolean THEN
          PERFORM otc_journal((e->>'s')::int, acc, (e->>'c')::int, -q, q, av, fr, 'otc_escrow', oid);
        END IF;
        v_ads := jsonb_set(v_ads, ARRAY[ak, 'rem'], to_jsonb((ad->>'rem')::numeric - q));
        INSERT INTO otc_order_events (order_id, kind, actor, actor_id, note, created_at)
          VALUES (oid, 'opened', e->>'ea', (e->>'t')::int, e->>'en', (e->>'at')::timestamptz);
        PERFORM otc_notices(e->'no', oid);
        v_jobs := v_jobs || jsonb_build_object('identifier', e->>'jt', 'payload', jsonb_build_object('id', oid),
          'run_at', e->>'ra', 'job_key', (e->>'jk') || oid, 'max_attempts', 25);
        PERFORM otc_key_done(e, oid);
        order_id := oid;
        RETURN NEXT;
      END LOOP;
      -- each ad's remaining written once (not once per order: one row version per ad per batch)
      UPDATE otc_ads a SET remaining = (v_ads -> a.id::text ->> 'rem')::numeric, updated_at = now()
        WHERE a.id IN (SELECT k::int FROM jsonb_object_keys(v_ads) AS k) AND a.remaining <> (v_ads -> a.id::text ->> 'rem')::numeric;
      IF jsonb_array_length(v_jobs) > 0 THEN
        PERFORM enqueue_jobs(v_jobs);
      END IF;
    END
    $$`.execute(db);
}

async function createSettle(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION otc_settle_batch(p jsonb)
    RETURNS TABLE (n int, status text, done boolean, dup boolean)
    LANGUAGE plpgsql AS $$
    DECLARE
      e jsonb; o record; ad record; q numeric; acc int; av numeric; fr numeric; k text;
    BEGIN
      PERFORM otc_lock_parties(p);
      PERFORM 1 FROM otc_orders WHERE id IN (SELECT (el.j->>'o')::int FROM jsonb_array_elements(p) AS el(j)) ORDER BY id FOR UPDATE;
      FOR i IN 0 .. jsonb_array_length(p) - 1 LOOP
        e := p -> i; k := e->>'k2';
        n := i; done := false; dup := false;
        SELECT * INTO o FROM otc_orders WHERE id = (e->>'o')::int;
        status := o.status;
        IF otc_key_dup(e) THEN
          dup := true; RETURN NEXT; CONTINUE;
        END IF;
        IF NOT (o.status IN (SELECT jsonb_array_elements_text(e->'st')))
            OR (k = 'timeout' AND o.deadline > (e->>'at')::timestamptz) THEN
          RETURN NEXT; CONTINUE; -- the guard: another step came first, nothing written
        END IF;
        q := o.coin_amount;
        IF k = 'release' THEN
          UPDATE accounts a SET frozen = a.frozen - q, updated_at = now()
            WHERE a.user_id = o.seller_id AND a.currency_id = o.coin_id AND a.type = 2 AND a.frozen >= q
            RETURNING a.id, a.available, a.frozen INTO acc, av, fr;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'otc_settle_batch: order % has no escrow', o.id USING ERRCODE = '23514';
          END IF;
          PERFORM otc_journal(o.seller_id, acc, o.coin_id, 0, -q, av, fr, 'otc_release', o.id);
          INSERT INTO accounts AS a (user_id, currency_id, type, available, frozen, updated_at)
            VALUES (o.buyer_id, o.coin_id, 2, q, 0, now())
            ON CONFLICT (user_id, currency_id, type) DO UPDATE SET available = a.available + q, updated_at = now()
            RETURNING a.id, a.available, a.frozen INTO acc, av, fr;
          PERFORM otc_journal(o.buyer_id, acc, o.coin_id, q, 0, av, fr, 'otc_receive', o.id);
          UPDATE otc_orders SET status = 'released', finished_at = (e->>'at')::timestamptz WHERE id = o.id;
        ELSE
          SELECT a.remaining, a.total, a.held, a.status INTO ad FROM otc_ads a WHERE a.id = o.ad_id FOR UPDATE;
          -- a held ad's coin goes back onto the ad (frozen still) unless the ad is closed
          IF NOT ad.held OR ad.status = 'closed' THEN
            UPDATE accounts a SET available = a.available + q, frozen = a.frozen - q, updated_at = now()
              WHERE a.user_id = o.seller_id AND a.currency_id = o.coin_id AND a.type = 2 AND a.frozen >= q
              RETURNING a.id, a.available, a.frozen INTO acc, av, fr;
            IF NOT FOUND THEN
              RAISE EXCEPTION 'otc_settle_batch: order % has no escrow', o.id USING ERRCODE = '23514';
            END IF;
            PERFORM otc_journal(o.seller_id, acc, o.coin_id, q, -q, av, fr, 'otc_' || k, o.id);
          END IF;
          IF NOT ad.held OR ad.status <> 'closed' THEN
            UPDATE otc_ads SET remaining = least(remaining + q, total), updated_at = now() WHERE id = o.ad_id;
          END IF;
          UPDATE otc_orders SET status = 'cancelled', finished_at = (e->>'at')::timestamptz WHERE id = o.id;
        END IF;
        INSERT INTO otc_order_events (order_id, kind, actor, actor_id, note, created_at)
          VALUES (o.id, CASE k WHEN 'release' THEN 'released' WHEN 'cancel' THEN 'cancelled' ELSE 'timeout' END,
            e->>'ea', (e->>'ei')::int, CASE WHEN o.status = 'unpaid' THEN coalesce(e->>'eu', e->>'en') ELSE e->>'en' END,
            (e->>'at')::timestamptz);
        PERFORM otc_notices(e->'no', o.id);
        PERFORM otc_key_done(e, o.id);
        done := true;
        RETURN NEXT;
      END LOOP;
    END
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS otc_settle_batch(jsonb)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS otc_open_batch(jsonb)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS otc_journal(int, int, int, numeric, numeric, numeric, numeric, text, int)`.execute(
    db,
  );
  await sql`DROP FUNCTION IF EXISTS otc_notices(jsonb, int)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS otc_key_dup(jsonb)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS otc_key_done(jsonb, int)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS otc_lock_parties(jsonb)`.execute(db);
  await sql`DROP INDEX IF EXISTS otc_orders_taker_open`.execute(db);
}
