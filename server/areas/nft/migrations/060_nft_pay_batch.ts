import { sql, type Kysely } from 'kysely';

/**
 * A won auction's payment on a group commit (domain/pay-writer.ts): many payNFTOrder in ONE
 * statement, one commit. What a payment's transaction did (auction.ts, sale.ts sellItem), in order:
 *
 * nft_pay_batch(p jsonb), p = [element…]:
 * - the orders locked (ascending id), then their items (ascending id), then every party's balance
 *   lock (class 14, ascending id) — the order a payment's transaction takes them in;
 * - per element, in order: an existing idempotency key (`dup`, nothing done); the order the
 *   buyer's (else 'nft_order_not_found'), still awaiting payment (else 'nft_order_paid' or, past
 *   its deadline, 'nft_order_expired') — the status guard that pays an order once however often it
 *   is sent, in one statement or from two nodes; the item, its owner, royalty, currency and artist
 *   and the order's price as the request read them (else 'nft_stale': the request reads again);
 *   the winner's held margin plus what is available covering price + fee (else
 *   'insufficient_balance'); only then the margin back (unfrozen), the debit, the seller's (or the
 *   platform's) proceeds, the creator's royalty, the platform's fee, the item to the winner, the
 *   order paid and the key's answer — so a refusal writes nothing.
 *
 * The balance locks make the check before the moves exact: every balance change takes its user's
 * lock first (user-locks.ts), so nothing moves the winner's balance between the two.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(FUNCTION).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS nft_pay_batch(jsonb)`.execute(db);
}

const ELEMENTS = `
  SELECT t.*, (x.ord - 1)::int AS nn, (t.kc IS NOT NULL AND t.k IS NOT NULL) AS claim
  FROM jsonb_array_elements(p) WITH ORDINALITY AS x(j, ord)
  CROSS JOIN LATERAL jsonb_to_record(x.j) AS t(od int, i int, o int, p numeric, rr numeric, ar int, c int, ac smallint,
    b int, s int, cr int, pl int, at timestamptz, tot numeric, sg numeric, r numeric, f numeric, ku int, k text, kc text, kw text)
  ORDER BY x.ord`;

/** The winner's margin back and the debit of price + fee, each journaled with the balances it left. */
const MOVES = `
  IF mid IS NOT NULL THEN
    IF mg > 0 THEN
      UPDATE accounts a SET available = a.available + mg, frozen = a.frozen - mg, updated_at = now()
        WHERE a.user_id = e.b AND a.currency_id = e.c AND a.type = e.ac
        RETURNING a.id, a.available, a.frozen INTO acc, av, fr;
      INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
        VALUES (e.b, acc, e.c, e.ac, mg, -mg, av, fr, 'nft_margin_refund', 'nft_margin', mid::text, now());
    END IF;
    UPDATE nft_margins SET status = 'refunded', settled_at = e.at WHERE id = mid;
  END IF;
  UPDATE accounts a SET available = a.available - e.tot, updated_at = now()
    WHERE a.user_id = e.b AND a.currency_id = e.c AND a.type = e.ac
    RETURNING a.id, a.available, a.frozen INTO acc, av, fr;
  INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
    VALUES (e.b, acc, e.c, e.ac, -e.tot, 0, av, fr, 'nft_buy', 'nft_order', e.od::text, now());
  -- a work with no seller account (a platform-owned artist's first sale) sells for the platform
  PERFORM nft_credit(coalesce(e.s, e.pl), e.c, e.ac, e.sg, 'nft_sale', e.od::text);
  IF e.cr IS NOT NULL THEN
    PERFORM nft_credit(e.cr, e.c, e.ac, e.r, 'nft_royalty', e.od::text);
  END IF;
  PERFORM nft_credit(e.pl, e.c, e.ac, e.f, 'nft_fee', e.od::text);`;

const KEY = `
  IF e.claim THEN
    INSERT INTO idempotency_keys (user_id, key, route, response, owner, committed_at, committed_ref)
      VALUES (e.ku, e.k, e.kc, jsonb_build_object('type', 'ok', 'code', 1, 'message', true), e.kw, now(),
        jsonb_build_object('type', 'nft_order', 'id', e.od));
  ELSIF e.k IS NOT NULL THEN
    UPDATE idempotency_keys SET committed_at = coalesce(committed_at, now()),
        committed_ref = coalesce(committed_ref, jsonb_build_object('type', 'nft_order', 'id', e.od)),
        response = jsonb_build_object('type', 'ok', 'code', 1, 'message', true)
      WHERE user_id = e.ku AND key = e.k;
  END IF;`;

const FUNCTION = `
  CREATE FUNCTION nft_pay_batch(p jsonb)
  RETURNS TABLE (n int, refused text, dup boolean, done_at timestamptz)
  LANGUAGE plpgsql AS $$
  DECLARE
    e record; o record; it record; mid int; mg numeric; cav numeric; cfr numeric;
    acc int; av numeric; fr numeric;
  BEGIN
    PERFORM 1 FROM nft_orders WHERE id IN (SELECT x.od FROM jsonb_to_recordset(p) AS x(od int)) ORDER BY id FOR UPDATE;
    PERFORM 1 FROM nft_items WHERE id IN (SELECT x.i FROM jsonb_to_recordset(p) AS x(i int)) ORDER BY id FOR UPDATE;
    PERFORM pg_advisory_xact_lock(14, u.id)
      FROM unnest(array(SELECT DISTINCT us.u FROM jsonb_to_recordset(p) AS x(b int, s int, cr int, pl int),
        LATERAL (VALUES (x.b), (x.s), (x.cr), (x.pl)) AS us(u) WHERE us.u IS NOT NULL ORDER BY 1)) WITH ORDINALITY AS u(id, k)
      ORDER BY u.k;
    FOR e IN ${ELEMENTS}
    LOOP
      n := e.nn; refused := NULL; dup := false; done_at := now();
      -- read per element: an earlier element of this statement may have paid the same order
      IF e.claim AND EXISTS (SELECT 1 FROM idempotency_keys ik WHERE ik.user_id = e.ku AND ik.key = e.k) THEN
        dup := true; RETURN NEXT; CONTINUE;
      END IF;
      SELECT * INTO o FROM nft_orders WHERE id = e.od;
      IF o.id IS NULL OR o.buyer_id <> e.b THEN
        refused := 'nft_order_not_found'; RETURN NEXT; CONTINUE;
      END IF;
      IF o.status = 'paid' THEN
        refused := 'nft_order_paid'; RETURN NEXT; CONTINUE;
      END IF;
      IF o.status <> 'awaiting_payment' OR (o.pay_deadline IS NOT NULL AND e.at >= o.pay_deadline) THEN
        refused := 'nft_order_expired'; RETURN NEXT; CONTINUE;
      END IF;
      SELECT * INTO it FROM nft_items WHERE id = o.item_id;
      IF it.id IS DISTINCT FROM e.i OR it.owner_id IS DISTINCT FROM e.o OR it.royalty_rate <> e.rr
          OR it.currency_id <> e.c OR it.artist_id <> e.ar OR o.price <> e.p THEN
        refused := 'nft_stale'; RETURN NEXT; CONTINUE;
      END IF;
      mid := NULL; mg := 0;
      SELECT m.id, greatest(m.amount, 0) INTO mid, mg FROM nft_margins m
        WHERE m.item_id = it.id AND m.round = o.round AND m.user_id = e.b AND m.status = 'held' FOR UPDATE;
      mg := coalesce(mg, 0);
      SELECT a.available, a.frozen INTO cav, cfr FROM accounts a WHERE a.user_id = e.b AND a.currency_id = e.c AND a.type = e.ac;
      IF cav IS NULL OR cfr < mg OR cav + mg < e.tot THEN
        refused := 'insufficient_balance'; RETURN NEXT; CONTINUE;
      END IF;
      ${MOVES}
      UPDATE nft_items SET owner_id = e.b, listing = 'not_for_sale', on_sale = false, auction_state = 'paid' WHERE id = it.id;
      UPDATE nft_orders SET status = 'paid', paid_at = e.at, is_read = true WHERE id = e.od AND status = 'awaiting_payment';
      ${KEY}
      RETURN NEXT;
    END LOOP;
  END
  $$`;
