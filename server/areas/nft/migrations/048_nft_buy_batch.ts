import { sql, type Kysely } from 'kysely';

/**
 * The fixed-price purchase on a group commit (domain/buy-writer.ts): many purchases in ONE
 * statement, one commit. The request computed the fees (core feesFor) from the item as it read it
 * and passes them as decimal strings; the statement re-checks that item under its lock.
 *
 * nft_buy_batch(p jsonb), one element per purchase:
 * - first every element's item row locked (ascending id), then every user's balance lock (class 14,
 *   ascending id: user-locks.ts's order) — items before balances, as every NFT transaction takes
 *   them, so a batch deadlocks neither with another batch nor with a bid, a settlement or a box;
 * - per element, in order: the key claimed (`kc`: an existing key makes the element a `dup`, nothing
 *   done); the item still on sale with the owner the request saw (else refused 'nft_not_on_sale':
 *   sold, withdrawn — a second buyer of one item in the same batch lands here), the same price,
 *   royalty, currency and artist, inside its window (else refused 'nft_stale': the request re-reads
 *   and tries again); the conditional debit of price + fee (refused 'insufficient_balance'); only
 *   then anything written: the order (id drawn here), the debit's journal row, the credits (seller
 *   or platform, creator's royalty, platform's fee — each journaled), the item to the buyer, and
 *   the key's row committed with its answer (ok(order id)) — so a refusal writes nothing.
 * An error (not a refusal) aborts the statement; the writer then runs its elements one by one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION nft_credit(p_user int, p_currency int, p_type smallint, p_amount numeric, p_reason text, p_ref text)
    RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      acc int; av numeric; fr numeric;
    BEGIN
      IF p_amount <= 0 THEN RETURN; END IF;
      INSERT INTO accounts AS a (user_id, currency_id, type, available, frozen, updated_at)
        VALUES (p_user, p_currency, p_type, p_amount, 0, now())
        ON CONFLICT (user_id, currency_id, type) DO UPDATE SET available = a.available + p_amount, updated_at = now()
        RETURNING a.id, a.available, a.frozen INTO acc, av, fr;
      INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
        VALUES (p_user, acc, p_currency, p_type, p_amount, 0, av, fr, p_reason, 'nft_order', p_ref, now());
    END
    $$`.execute(db);
  await createBatch(db);
}

async function createBatch(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION nft_buy_batch(p jsonb)
    RETURNS TABLE (n int, order_id int, refused text, dup boolean, done_at timestamptz)
    LANGUAGE plpgsql AS $$
    DECLARE
      uid int; e jsonb; it record;
      at timestamptz; t smallint; cur int; buyer int; oid int;
      acc int; av numeric; fr numeric;
      claim boolean;
    BEGIN
      PERFORM 1 FROM nft_items WHERE id IN (SELECT (el.j->>'i')::int FROM jsonb_array_elements(p) AS el(j)) ORDER BY id FOR UPDATE;
      FOR uid IN
        SELECT DISTINCT us.u FROM jsonb_array_elements(p) AS el(j),
          LATERAL (VALUES ((el.j->>'b')::int), ((el.j->>'s')::int), ((el.j->>'cr')::int), ((el.j->>'pl')::int)) AS us(u)
          WHERE us.u IS NOT NULL ORDER BY us.u
      LOOP
        PERFORM pg_advisory_xact_lock(14, uid);
      END LOOP;
      FOR i IN 0 .. jsonb_array_length(p) - 1 LOOP
        e := p -> i;
        n := i; order_id := NULL; refused := NULL; dup := false; done_at := now();
        claim := e->>'kc' IS NOT NULL AND e->>'k' IS NOT NULL;
        IF claim AND EXISTS (SELECT 1 FROM idempotency_keys WHERE user_id = (e->>'ku')::int AND key = e->>'k') THEN
          dup := true; RETURN NEXT; CONTINUE;
        END IF;
        at := (e->>'at')::timestamptz; t := (e->>'ac')::smallint; cur := (e->>'c')::int; buyer := (e->>'b')::int;
        SELECT * INTO it FROM nft_items WHERE id = (e->>'i')::int;
        IF NOT it.on_sale OR it.listing NOT IN ('for_sale', 'reselling', 'relisting') OR it.pay_type <> 1
            OR it.owner_id IS DISTINCT FROM (e->>'o')::int OR it.owner_id = buyer THEN
          refused := 'nft_not_on_sale'; RETURN NEXT; CONTINUE;
        END IF;
        IF it.price <> (e->>'p')::numeric OR it.royalty_rate <> (e->>'rr')::numeric OR it.currency_id <> cur
            OR it.artist_id <> (e->>'ar')::int OR at < it.start_at OR at >= it.end_at THEN
          refused := 'nft_stale'; RETURN NEXT; CONTINUE;
        END IF;
        UPDATE accounts a SET available = a.available - (e->>'tot')::numeric, updated_at = now()
          WHERE a.user_id = buyer AND a.currency_id = cur AND a.type = t AND a.available >= (e->>'tot')::numeric
          RETURNING a.id, a.available, a.frozen INTO acc, av, fr;
        IF NOT FOUND THEN
          refused := 'insufficient_balance'; RETURN NEXT; CONTINUE;
        END IF;
        INSERT INTO nft_orders (item_id, buyer_id, seller_id, kind, currency_id, price, fee, royalty, status, created_at, paid_at, is_read)
          VALUES (it.id, buyer, (e->>'s')::int, e->>'kd', cur, (e->>'p')::numeric, (e->>'f')::numeric, (e->>'r')::numeric, 'paid', at, at, true)
          RETURNING id INTO oid;
        INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
          VALUES (buyer, acc, cur, t, -(e->>'tot')::numeric, 0, av, fr, 'nft_buy', 'nft_order', oid::text, now());
        -- a work with no seller account (a platform-owned artist's first sale) sells for the platform
        PERFORM nft_credit(coalesce((e->>'s')::int, (e->>'pl')::int), cur, t, (e->>'sg')::numeric, 'nft_sale', oid::text);
        IF (e->>'cr') IS NOT NULL THEN
          PERFORM nft_credit((e->>'cr')::int, cur, t, (e->>'r')::numeric, 'nft_royalty', oid::text);
        END IF;
        PERFORM nft_credit((e->>'pl')::int, cur, t, (e->>'f')::numeric, 'nft_fee', oid::text);
        UPDATE nft_items SET owner_id = buyer, listing = 'not_for_sale', on_sale = false WHERE id = it.id;
        IF claim THEN
          INSERT INTO idempotency_keys (user_id, key, route, response, owner, committed_at, committed_ref)
            VALUES ((e->>'ku')::int, e->>'k', e->>'kc', jsonb_build_object('type', 'ok', 'code', 1, 'message', oid), e->>'kw', now(),
              jsonb_build_object('type', 'nft_order', 'id', oid));
        ELSIF e->>'k' IS NOT NULL THEN
          UPDATE idempotency_keys SET committed_at = coalesce(committed_at, now()),
              committed_ref = jsonb_build_object('type', 'nft_order', 'id', oid),
              response = jsonb_build_object('type', 'ok', 'code', 1, 'message', oid)
            WHERE user_id = (e->>'ku')::int AND key = e->>'k';
        END IF;
        order_id := oid;
        RETURN NEXT;
      END LOOP;
    END
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS nft_buy_batch(jsonb)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS nft_credit(int, int, smallint, numeric, text, text)`.execute(db);
}
