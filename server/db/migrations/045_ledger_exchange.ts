import { sql, type Kysely } from 'kysely';

/**
 * The coin exchange on the group commit: one element of ledger_transfer_batch may credit another
 * coin, and another amount, than it debits, and write the exchange's record in the statement.
 *
 * - ledger_move: ledger_transfer (migration 041) with the credit's own amount (`p_to_amount`) —
 *   same locks, same conditional debit, same journal rows. ledger_transfer stays as it was, for a
 *   node still running the code before this migration.
 * - ledger_transfer_batch: as migration 044's, and an element's `ta` is the credit's amount (absent:
 *   `a`, a plain transfer); `rec` 'exchanges' writes the exchange's row (its id drawn in the
 *   statement like fund_transfers'; amount `a` of `fc`, received `ta` of `tc`, the prices, rate and
 *   fee from `xr`); the coin check (`cc`) refuses the element unless BOTH its coins are ones funds
 *   may move, and answers the debited coin's name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createMove(db);
  await sql`DROP FUNCTION ledger_transfer_batch(jsonb)`.execute(db);
  await createBatch(db);
}

/** ledger_transfer with the credit's own amount. */
async function createMove(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION ledger_move(
      p_from_user int, p_from_currency int, p_from_type smallint,
      p_to_user int, p_to_currency int, p_to_type smallint,
      p_amount numeric, p_to_amount numeric, p_reason_out text, p_reason_in text, p_ref_type text, p_ref_id text,
      p_key_user int, p_key text, p_key_ref jsonb)
    RETURNS TABLE (from_account int, from_available numeric, from_frozen numeric, to_account int, to_available numeric, to_frozen numeric)
    LANGUAGE plpgsql AS $$
    BEGIN
      IF p_amount IS NULL OR p_amount <= 0 OR p_to_amount IS NULL OR p_to_amount <= 0 THEN
        RAISE EXCEPTION 'ledger_move: the amounts must be positive' USING ERRCODE = '22023';
      END IF;
      PERFORM pg_advisory_xact_lock(14, least(p_from_user, p_to_user));
      IF p_from_user <> p_to_user THEN
        PERFORM pg_advisory_xact_lock(14, greatest(p_from_user, p_to_user));
      END IF;
      UPDATE accounts a SET available = a.available - p_amount, updated_at = now()
        WHERE a.user_id = p_from_user AND a.currency_id = p_from_currency AND a.type = p_from_type AND a.available >= p_amount
        RETURNING a.id, a.available, a.frozen INTO from_account, from_available, from_frozen;
      IF NOT FOUND THEN
        RETURN; -- refused: nothing was written
      END IF;
      INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
        VALUES (p_from_user, from_account, p_from_currency, p_from_type, -p_amount, 0, from_available, from_frozen, p_reason_out, p_ref_type, p_ref_id, now());
      INSERT INTO accounts AS a (user_id, currency_id, type, available, frozen, updated_at)
        VALUES (p_to_user, p_to_currency, p_to_type, p_to_amount, 0, now())
        ON CONFLICT (user_id, currency_id, type) DO UPDATE SET available = a.available + p_to_amount, updated_at = now()
        RETURNING a.id, a.available, a.frozen INTO to_account, to_available, to_frozen;
      INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
        VALUES (p_to_user, to_account, p_to_currency, p_to_type, p_to_amount, 0, to_available, to_frozen, p_reason_in, p_ref_type, p_ref_id, now());
      IF p_key IS NOT NULL THEN
        UPDATE idempotency_keys SET committed_at = now(), committed_ref = p_key_ref
          WHERE user_id = p_key_user AND key = p_key AND committed_at IS NULL;
      END IF;
      RETURN NEXT;
    END
    $$`.execute(db);
}

/** Migration 044's batch, with the two amounts, the exchange's record and both coins checked. */
async function createBatch(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION ledger_transfer_batch(p jsonb)
    RETURNS TABLE (n int, from_account int, from_available numeric, from_frozen numeric, to_account int, to_available numeric, to_frozen numeric,
      rid text, done_at timestamptz, dup boolean, cur text, refused text)
    LANGUAGE plpgsql AS $$
    DECLARE
      uid int;
      e jsonb;
      r record;
      v_rid text; v_cur text; v_rec text;
      v_ta numeric;
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
          -- both coins must be ones funds may move (enabled crypto currencies), read in the statement
          SELECT c.name INTO v_cur FROM currencies c WHERE c.id = (e->>'fc')::int AND c.market = 'crypto' AND c.status = 1;
          IF NOT FOUND OR ((e->>'tc')::int <> (e->>'fc')::int AND NOT EXISTS (
              SELECT 1 FROM currencies c WHERE c.id = (e->>'tc')::int AND c.market = 'crypto' AND c.status = 1)) THEN
            n := i; dup := false; done_at := now(); rid := NULL; cur := NULL; refused := 'currency_invalid';
            from_account := NULL; from_available := NULL; from_frozen := NULL;
            to_account := NULL; to_available := NULL; to_frozen := NULL;
            RETURN NEXT;
            CONTINUE;
          END IF;
        END IF;
        v_rec := e->>'rec';
        v_ta := coalesce((e->>'ta')::numeric, (e->>'a')::numeric);
        v_rid := e->>'rid';
        IF v_rid IS NULL AND v_rec IN ('fund_transfers', 'exchanges') THEN
          v_rid := nextval(pg_get_serial_sequence(v_rec, 'id'))::text;
        END IF;
        SELECT * INTO r FROM ledger_move(
          (e->>'fu')::int, (e->>'fc')::int, (e->>'ft')::smallint, (e->>'tu')::int, (e->>'tc')::int, (e->>'tt')::smallint,
          (e->>'a')::numeric, v_ta, e->>'ro', e->>'ri', e->>'rt', v_rid,
          CASE WHEN claim THEN NULL ELSE (e->>'ku')::int END, CASE WHEN claim THEN NULL ELSE e->>'k' END, e->'kr');
        IF FOUND THEN
          -- the record is written with the moves, so a refused debit leaves no record either
          IF v_rec = 'fund_transfers' THEN
            INSERT INTO fund_transfers (id, user_id, currency_id, amount, from_type, to_type)
              VALUES (v_rid::int, (e->>'fu')::int, (e->>'fc')::int, (e->>'a')::numeric, (e->>'ft')::smallint, (e->>'tt')::smallint);
          ELSIF v_rec = 'exchanges' THEN
            INSERT INTO exchanges (id, user_id, from_currency_id, to_currency_id, amount, from_price, to_price, rate, fee, received)
              VALUES (v_rid::int, (e->>'fu')::int, (e->>'fc')::int, (e->>'tc')::int, (e->>'a')::numeric,
                (e->'xr'->>'fp')::numeric, (e->'xr'->>'tp')::numeric, (e->'xr'->>'r')::numeric, (e->'xr'->>'f')::numeric, v_ta);
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
  // migration 044's batch (its up replaces this one), then the function only this one called
  const m044 = await import('./044_ledger_transfer_keys');
  await m044.up(db);
  await sql`DROP FUNCTION IF EXISTS ledger_move(int, int, smallint, int, int, smallint, numeric, numeric, text, text, text, text, int, text, jsonb)`.execute(
    db,
  );
}
