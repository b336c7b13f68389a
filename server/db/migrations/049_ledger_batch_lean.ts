import { sql, type Kysely } from 'kysely';

/**
 * ledger_transfer_batch (migration 045's) with less PostgreSQL work per element, same answers and
 * same rows. An API transfer's element (key claimed, coin checked, record written) cost about twice
 * a plain one, mostly in per-element overhead rather than in its writes:
 *
 * - the elements are read once, typed, by ONE query (jsonb_to_record) that also tells, per element,
 *   whether its key exists already and whether its coins are ones funds may move — instead of ~30
 *   JSON extractions and two look-up queries per element, each its own executor run;
 * - a record's sequence is looked up once per statement, not by pg_get_serial_sequence (a catalog
 *   search) per element;
 * - the moves are ledger_move's body inline: no nested function call per element, and the balance
 *   locks, held already for the whole statement (ascending id), are not taken again; both journal
 *   rows are one INSERT (debit's row first, as before).
 *
 * The existing key is read with the statement's first snapshot rather than just before the
 * element: a key inserted since (another node, or the same key twice in one batch, which the group
 * commit never forms) makes the claim's insert fail, the batch is re-run one by one and the element
 * then comes back `dup` — as a race after the look-up always did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION ledger_transfer_batch(p jsonb)
    RETURNS TABLE (n int, from_account int, from_available numeric, from_frozen numeric, to_account int, to_available numeric, to_frozen numeric,
      rid text, done_at timestamptz, dup boolean, cur text, refused text)
    LANGUAGE plpgsql AS $$
    DECLARE
      uid int;
      e record;
      v_rid text;
      seq_ft regclass; seq_ex regclass;
    BEGIN
      FOR uid IN
        SELECT DISTINCT us.u FROM jsonb_to_recordset(p) AS x(fu int, tu int), LATERAL (VALUES (x.fu), (x.tu)) AS us(u) ORDER BY us.u
      LOOP
        PERFORM pg_advisory_xact_lock(14, uid);
      END LOOP;
      FOR e IN
        ${ELEMENTS}
      LOOP
        n := e.i; done_at := now(); rid := NULL; cur := NULL; refused := NULL; dup := false;
        from_account := NULL; from_available := NULL; from_frozen := NULL;
        to_account := NULL; to_available := NULL; to_frozen := NULL;
        IF e.taken THEN
          dup := true; RETURN NEXT; CONTINUE;
        END IF;
        IF e.bad_coin THEN
          refused := 'currency_invalid'; RETURN NEXT; CONTINUE;
        END IF;
        IF e.a IS NULL OR e.a <= 0 OR e.ta2 <= 0 THEN
          RAISE EXCEPTION 'ledger_move: the amounts must be positive' USING ERRCODE = '22023';
        END IF;
        v_rid := e.rid;
        IF v_rid IS NULL AND e.rec = 'fund_transfers' THEN
          seq_ft := coalesce(seq_ft, pg_get_serial_sequence('fund_transfers', 'id')::regclass);
          v_rid := nextval(seq_ft)::text;
        ELSIF v_rid IS NULL AND e.rec = 'exchanges' THEN
          seq_ex := coalesce(seq_ex, pg_get_serial_sequence('exchanges', 'id')::regclass);
          v_rid := nextval(seq_ex)::text;
        END IF;
        UPDATE accounts a SET available = a.available - e.a, updated_at = now()
          WHERE a.user_id = e.fu AND a.currency_id = e.fc AND a.type = e.ft AND a.available >= e.a
          RETURNING a.id, a.available, a.frozen INTO from_account, from_available, from_frozen;
        CONTINUE WHEN NOT FOUND; -- refused: nothing was written
        INSERT INTO accounts AS a (user_id, currency_id, type, available, frozen, updated_at)
          VALUES (e.tu, e.tc, e.tt, e.ta2, 0, now())
          ON CONFLICT (user_id, currency_id, type) DO UPDATE SET available = a.available + e.ta2, updated_at = now()
          RETURNING a.id, a.available, a.frozen INTO to_account, to_available, to_frozen;
        INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
          VALUES (e.fu, from_account, e.fc, e.ft, -e.a, 0, from_available, from_frozen, e.ro, e.rt, v_rid, now()),
            (e.tu, to_account, e.tc, e.tt, e.ta2, 0, to_available, to_frozen, e.ri, e.rt, v_rid, now());
        IF e.rec = 'fund_transfers' THEN
          INSERT INTO fund_transfers (id, user_id, currency_id, amount, from_type, to_type)
            VALUES (v_rid::int, e.fu, e.fc, e.a, e.ft, e.tt);
        ELSIF e.rec = 'exchanges' THEN
          INSERT INTO exchanges (id, user_id, from_currency_id, to_currency_id, amount, from_price, to_price, rate, fee, received)
            VALUES (v_rid::int, e.fu, e.fc, e.tc, e.a, (e.xr->>'fp')::numeric, (e.xr->>'tp')::numeric, (e.xr->>'r')::numeric, (e.xr->>'f')::numeric, e.ta2);
        END IF;
        IF e.claim THEN
          INSERT INTO idempotency_keys (user_id, key, route, response, owner, committed_at, committed_ref)
            VALUES (e.ku, e.k, e.kc, NULL, e.kw, now(),
              CASE WHEN jsonb_typeof(e.kr) = 'object' THEN e.kr ELSE jsonb_build_object('type', e.rt, 'id', v_rid) END);
        ELSIF e.k IS NOT NULL THEN
          UPDATE idempotency_keys SET committed_at = now(), committed_ref = e.kr
            WHERE user_id = e.ku AND key = e.k AND committed_at IS NULL;
        END IF;
        rid := v_rid; cur := e.coin;
        RETURN NEXT;
      END LOOP;
    END
    $$`.execute(db);
}

/**
 * The batch's elements, typed, in order, each with whether its key exists already (`taken`), its
 * debited coin's name when checked (`coin`) and whether the coin check refuses it (`bad_coin`).
 */
export const ELEMENTS = sql.raw(`
  SELECT (x.o - 1)::int AS i, t.*, x.j->'kr' AS kr, x.j->'xr' AS xr, coalesce(t.ta, t.a) AS ta2,
    (t.kc IS NOT NULL AND t.k IS NOT NULL) AS claim,
    kt.taken IS NOT NULL AS taken, fcur.name AS coin,
    (coalesce(t.cc, false) AND (fcur.ok IS NULL OR (t.tc <> t.fc AND tcur.ok IS NULL))) AS bad_coin
  FROM jsonb_array_elements(p) WITH ORDINALITY AS x(j, o)
  CROSS JOIN LATERAL jsonb_to_record(x.j) AS t(fu int, fc int, ft smallint, tu int, tc int, tt smallint, a numeric, ta numeric,
    ro text, ri text, rt text, rid text, ku int, k text, kc text, kw text, rec text, cc boolean)
  -- index probes per element (LIMIT keeps them so: never a scan of the whole keys table)
  LEFT JOIN LATERAL (SELECT true AS taken FROM idempotency_keys ik
    WHERE t.kc IS NOT NULL AND ik.user_id = t.ku AND ik.key = t.k LIMIT 1) kt ON true
  LEFT JOIN LATERAL (SELECT true AS ok, c.name FROM currencies c
    WHERE t.cc AND c.id = t.fc AND c.market = 'crypto' AND c.status = 1 LIMIT 1) fcur ON true
  LEFT JOIN LATERAL (SELECT true AS ok FROM currencies c
    WHERE t.cc AND t.tc <> t.fc AND c.id = t.tc AND c.market = 'crypto' AND c.status = 1 LIMIT 1) tcur ON true
  ORDER BY x.o`);

export async function down(db: Kysely<unknown>): Promise<void> {
  // migration 045's batch (its up replaces this one and creates ledger_move again)
  const m045 = await import('./045_ledger_exchange');
  await sql`DROP FUNCTION IF EXISTS ledger_move(int, int, smallint, int, int, smallint, numeric, numeric, text, text, text, text, int, text, jsonb)`.execute(
    db,
  );
  await m045.up(db);
}
