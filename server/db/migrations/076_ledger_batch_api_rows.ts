import { sql, type Kysely } from 'kysely';
// the batch's elements are read as 049 reads them; down is 049's batch again
import { ELEMENTS, up as up049 } from './049_ledger_batch_lean';

/**
 * ledger_transfer_batch (migration 049's) with the API's own rows written once per statement: the
 * fund_transfers records and the claimed idempotency keys of the elements that moved money are each
 * one INSERT at the statement's end, instead of two INSERTs per element. An element's executor
 * start, its result relation and its check constraints (read again from the catalog's text each
 * time) were paid per API transfer; now per statement. Same rows, same answers, same rules: the
 * keys and records are written in the same statement and transaction as the moves (RETURN NEXT only
 * buffers the answer rows, so a key that turns out to exist fails the whole statement as before,
 * and the group commit re-runs it one by one, the element then `dup`); their foreign keys and
 * checks still hold row by row. An exchange's record (not an API transfer's hot path) stays per
 * element.
 */
const BATCH = sql`
    CREATE OR REPLACE FUNCTION ledger_transfer_batch(p jsonb)
    RETURNS TABLE (n int, from_account int, from_available numeric, from_frozen numeric, to_account int, to_available numeric, to_frozen numeric,
      rid text, done_at timestamptz, dup boolean, cur text, refused text)
    LANGUAGE plpgsql AS $$
    DECLARE
      uid int;
      e record;
      v_rid text;
      seq_ft regclass; seq_ex regclass;
      -- the elements (index into p) whose record or key is written at the end, and their ref ids
      rec_i int[]; rec_rid text[]; key_i int[]; key_rid text[];
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
          rec_i := rec_i || e.i; rec_rid := rec_rid || v_rid;
        ELSIF e.rec = 'exchanges' THEN
          INSERT INTO exchanges (id, user_id, from_currency_id, to_currency_id, amount, from_price, to_price, rate, fee, received)
            VALUES (v_rid::int, e.fu, e.fc, e.tc, e.a, (e.xr->>'fp')::numeric, (e.xr->>'tp')::numeric, (e.xr->>'r')::numeric, (e.xr->>'f')::numeric, e.ta2);
        END IF;
        IF e.claim THEN
          key_i := key_i || e.i; key_rid := key_rid || v_rid;
        ELSIF e.k IS NOT NULL THEN
          UPDATE idempotency_keys SET committed_at = now(), committed_ref = e.kr
            WHERE user_id = e.ku AND key = e.k AND committed_at IS NULL;
        END IF;
        rid := v_rid; cur := e.coin;
        RETURN NEXT;
      END LOOP;
      -- the records and the claimed keys, each one INSERT for the statement (RETURN NEXT only
      -- buffers the rows: a failure here fails the whole statement, as one in the loop did)
      IF rec_i IS NOT NULL THEN
        INSERT INTO fund_transfers (id, user_id, currency_id, amount, from_type, to_type)
          SELECT d.rid::int, t.fu, t.fc, t.a, t.ft, t.tt
          FROM unnest(rec_i, rec_rid) AS d(i, rid)
          CROSS JOIN LATERAL jsonb_to_record(p->d.i) AS t(fu int, fc int, ft smallint, tt smallint, a numeric)
          ORDER BY d.i;
      END IF;
      IF key_i IS NOT NULL THEN
        INSERT INTO idempotency_keys (user_id, key, route, response, owner, committed_at, committed_ref)
          SELECT t.ku, t.k, t.kc, NULL, t.kw, now(),
            CASE WHEN jsonb_typeof(p->d.i->'kr') = 'object' THEN p->d.i->'kr' ELSE jsonb_build_object('type', t.rt, 'id', d.rid) END
          FROM unnest(key_i, key_rid) AS d(i, rid)
          CROSS JOIN LATERAL jsonb_to_record(p->d.i) AS t(ku int, k text, kc text, kw text, rt text)
          ORDER BY d.i;
      END IF;
    END
    $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await BATCH.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await up049(db);
}
