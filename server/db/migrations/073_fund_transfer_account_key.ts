import { sql, type Kysely } from 'kysely';
import { up as up049 } from './049_ledger_batch_lean';

/**
 * An API transfer's own rows for less PostgreSQL work; the same rows and the same answers.
 *
 * - A fund transfer's record references the account it was debited from — (user, currency, from
 *   type), accounts' unique key — in ONE foreign key instead of two (to users, to currencies).
 *   Each key check is a query of its own; the debited account's row is by then key-share locked by
 *   the statement (its journal row's key), so this check locks nothing more. The rule is stronger,
 *   not weaker: a record's user and coin must now be those of an account of its user's in that coin
 *   and type (the one its debit moved; before, any existing user and currency passed), and the user
 *   and the currency still exist through the account's own keys. NO ACTION as before: an account
 *   with records cannot be deleted (none is: the journal's key holds it too).
 * - ledger_transfer_batch (migration 049's) writes an API transfer's journal rows, its record and
 *   its claimed idempotency key as ONE statement (a data-modifying WITH) instead of three: one
 *   executor run for the three inserts, their key checks fired together at its end. Elements of
 *   other kinds (the ledger's own transfers, exchanges, keys marked rather than claimed) take 049's
 *   statements unchanged. A batch is still one transaction: a kill -9 loses all of it or none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // NOT VALID then VALIDATE: the check of the rows there scans under a lock that lets writes go on
  await sql`
    ALTER TABLE fund_transfers ADD CONSTRAINT fund_transfers_account_key_fkey
      FOREIGN KEY (user_id, currency_id, from_type) REFERENCES accounts (user_id, currency_id, type) NOT VALID`.execute(
    db,
  );
  await sql`ALTER TABLE fund_transfers VALIDATE CONSTRAINT fund_transfers_account_key_fkey`.execute(db);
  await sql`ALTER TABLE fund_transfers DROP CONSTRAINT fund_transfers_user_id_fkey`.execute(db);
  await sql`ALTER TABLE fund_transfers DROP CONSTRAINT fund_transfers_currency_id_fkey`.execute(db);
  await sql.raw(BATCH).execute(db);
}

/** Back to migration 049's function and the keys before. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await up049(db);
  await sql`ALTER TABLE fund_transfers ADD CONSTRAINT fund_transfers_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id)`.execute(
    db,
  );
  await sql`ALTER TABLE fund_transfers ADD CONSTRAINT fund_transfers_currency_id_fkey FOREIGN KEY (currency_id) REFERENCES currencies (id)`.execute(
    db,
  );
  await sql`ALTER TABLE fund_transfers DROP CONSTRAINT fund_transfers_account_key_fkey`.execute(db);
}

/** Migration 049's batch, an API transfer's last three inserts made one statement. */
const BATCH = `
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
ORDER BY x.o
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
      IF e.rec = 'fund_transfers' AND e.claim THEN
        -- an API transfer: its journal rows, its record and its key as ONE statement
        WITH jr AS (
          INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
            VALUES (e.fu, from_account, e.fc, e.ft, -e.a, 0, from_available, from_frozen, e.ro, e.rt, v_rid, now()),
              (e.tu, to_account, e.tc, e.tt, e.ta2, 0, to_available, to_frozen, e.ri, e.rt, v_rid, now())
        ), ft AS (
          INSERT INTO fund_transfers (id, user_id, currency_id, amount, from_type, to_type)
            VALUES (v_rid::int, e.fu, e.fc, e.a, e.ft, e.tt)
        )
        INSERT INTO idempotency_keys (user_id, key, route, response, owner, committed_at, committed_ref)
          VALUES (e.ku, e.k, e.kc, NULL, e.kw, now(),
            CASE WHEN jsonb_typeof(e.kr) = 'object' THEN e.kr ELSE jsonb_build_object('type', e.rt, 'id', v_rid) END);
        rid := v_rid; cur := e.coin;
        RETURN NEXT;
        CONTINUE;
      END IF;
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
  $$`;
