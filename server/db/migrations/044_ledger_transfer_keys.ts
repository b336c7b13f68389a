import { sql, type Kysely } from 'kysely';

/**
 * The group commit's statement (ledger_transfer_batch, migration 041) carries a money request's
 * whole write, so an API transfer is one item of a shared statement and nothing else:
 *
 * - the idempotency key claimed in the statement (`kc`: the route): a transfer whose key already
 *   exists is not run and comes back as `dup` (the request then takes the usual path: the stored
 *   answer, its replay, or "still running"); otherwise the key's row is INSERTED already committed,
 *   with the transfer's ref, in the same statement as the moves — there is no reservation row
 *   before, and nothing at all when the debit is refused. Two nodes racing on one key: the second
 *   insert fails on the primary key, the batch is re-run one by one, and that transfer then sees
 *   the key as `dup`.
 * - the coin checked in the statement (`cc`: an enabled crypto currency, as funds requires; else
 *   the row comes back `refused` 'currency_invalid' and nothing is done), its name answered (`cur`);
 * - the record's id drawn in the statement when the element has none (`rid` null with `rec`), so
 *   the request needs no nextval round trip before; every row answers the ref id it used (`rid`)
 *   and the statement's time (`done_at`: the record's created_at), from which the caller builds its
 *   answer without reading the record back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION ledger_transfer_batch(jsonb)`.execute(db);
  await sql`
    CREATE FUNCTION ledger_transfer_batch(p jsonb)
    RETURNS TABLE (n int, from_account int, from_available numeric, from_frozen numeric, to_account int, to_available numeric, to_frozen numeric,
      rid text, done_at timestamptz, dup boolean, cur text, refused text)
    LANGUAGE plpgsql AS $$
    DECLARE
      uid int;
      e jsonb;
      r record;
      v_rid text;
      v_cur text;
      claim boolean;
    BEGIN
      FOR uid IN
        SELECT DISTINCT us.u FROM jsonb_array_elements(p) AS el(j), LATERAL (VALUES ((el.j->>'fu')::int), ((el.j->>'tu')::int)) AS us(u) ORDER BY us.u
      LOOP
        PERFORM pg_advisory_xact_lock(14, uid);
      END LOOP;
      FOR i IN 0 .. jsonb_array_length(p) - 1 LOOP
        e := p -> i;
        claim := e->>'kc' IS NOT NULL AND e->>'k' IS NOT NULL;
        IF claim THEN
          PERFORM 1 FROM idempotency_keys WHERE user_id = (e->>'ku')::int AND key = e->>'k';
          IF FOUND THEN
            n := i; dup := true; done_at := now(); rid := NULL; cur := NULL; refused := NULL;
            from_account := NULL; from_available := NULL; from_frozen := NULL;
            to_account := NULL; to_available := NULL; to_frozen := NULL;
            RETURN NEXT;
            CONTINUE;
          END IF;
        END IF;
        v_cur := NULL;
        IF (e->>'cc')::boolean THEN
          -- the coin must be one funds may move (an enabled crypto currency), read in the statement
          SELECT c.name INTO v_cur FROM currencies c WHERE c.id = (e->>'fc')::int AND c.market = 'crypto' AND c.status = 1;
          IF NOT FOUND THEN
            n := i; dup := false; done_at := now(); rid := NULL; cur := NULL; refused := 'currency_invalid';
            from_account := NULL; from_available := NULL; from_frozen := NULL;
            to_account := NULL; to_available := NULL; to_frozen := NULL;
            RETURN NEXT;
            CONTINUE;
          END IF;
        END IF;
        v_rid := e->>'rid';
        IF v_rid IS NULL AND e->>'rec' = 'fund_transfers' THEN
          v_rid := nextval(pg_get_serial_sequence('fund_transfers', 'id'))::text;
        END IF;
        SELECT * INTO r FROM ledger_transfer(
          (e->>'fu')::int, (e->>'fc')::int, (e->>'ft')::smallint, (e->>'tu')::int, (e->>'tc')::int, (e->>'tt')::smallint,
          (e->>'a')::numeric, e->>'ro', e->>'ri', e->>'rt', v_rid,
          CASE WHEN claim THEN NULL ELSE (e->>'ku')::int END, CASE WHEN claim THEN NULL ELSE e->>'k' END, e->'kr');
        IF FOUND THEN
          -- the user's own transfer between account types: its record is written with the moves,
          -- so a refused one leaves no record either
          IF e->>'rec' = 'fund_transfers' THEN
            INSERT INTO fund_transfers (id, user_id, currency_id, amount, from_type, to_type)
              VALUES (v_rid::int, (e->>'fu')::int, (e->>'fc')::int, (e->>'a')::numeric, (e->>'ft')::smallint, (e->>'tt')::smallint);
          END IF;
          IF claim THEN
            INSERT INTO idempotency_keys (user_id, key, route, response, owner, committed_at, committed_ref)
              VALUES ((e->>'ku')::int, e->>'k', e->>'kc', NULL, e->>'kw', now(),
                CASE WHEN jsonb_typeof(e->'kr') = 'object' THEN e->'kr' ELSE jsonb_build_object('type', e->>'rt', 'id', v_rid) END);
          END IF;
          n := i; dup := false; done_at := now(); rid := v_rid; cur := v_cur; refused := NULL;
          from_account := r.from_account; from_available := r.from_available; from_frozen := r.from_frozen;
          to_account := r.to_account; to_available := r.to_available; to_frozen := r.to_frozen;
          RETURN NEXT;
        END IF;
      END LOOP;
    END
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS ledger_transfer_batch(jsonb)`.execute(db);
  // migration 041's version
  const m041 = await import('./041_ledger_transfer');
  await sql`DROP FUNCTION IF EXISTS ledger_transfer(int, int, smallint, int, int, smallint, numeric, text, text, text, text, int, text, jsonb)`.execute(
    db,
  );
  await m041.up(db);
}
