import { sql, type Kysely } from 'kysely';

/**
 * The ledger's transfer as server-side functions (ledger transactions per second).
 * A transfer through the client — BEGIN, users' locks, debit, credit, COMMIT — is 5 round trips,
 * each a parse and plan on the server and driver work on the client; on 2 cores that work, not the
 * disk, capped it near 1,000/s. These functions do the same steps, in the same order, with the same
 * rules as server/db/ledger.ts, in one call whose plans PL/pgSQL caches per session:
 *
 * - ledger_transfer: the balance locks of both users (advisory class 14, ascending id: the order of
 *   db/user-locks.ts), the conditional debit (`available >= amount`; no row → the function returns
 *   no row and has written NOTHING, so a refused transfer never needs an exception that would abort
 *   the caller's transaction), its journal row, the credit (an upsert, as ledger credit), its journal
 *   row, and the idempotency key marked committed (db/idempotency-scope.ts) — all in the caller's
 *   transaction, or as one autocommit statement.
 * - ledger_transfer_batch: many independent transfers in ONE statement, hence one commit and one WAL
 *   flush for all of them (group commit, server/db/ledger-writer.ts). It first takes every user's
 *   lock in ascending id order — the canonical order, so a batch cannot deadlock with another batch
 *   or any inTransaction — then runs each transfer; a refused one is a missing row (its `n` is
 *   absent) and leaves nothing, the others stand. An error (not a refusal) aborts the statement:
 *   nothing of the batch is written, and the writer runs its transfers one by one. A transfer may
 *   carry its record (`rec`: 'fund_transfers', the user's own transfer between account types, its
 *   id the ref id drawn from the table's sequence), written in the same statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION ledger_transfer(
      p_from_user int, p_from_currency int, p_from_type smallint,
      p_to_user int, p_to_currency int, p_to_type smallint,
      p_amount numeric, p_reason_out text, p_reason_in text, p_ref_type text, p_ref_id text,
      p_key_user int, p_key text, p_key_ref jsonb)
    RETURNS TABLE (from_account int, from_available numeric, from_frozen numeric, to_account int, to_available numeric, to_frozen numeric)
    LANGUAGE plpgsql AS $$
    BEGIN
      IF p_amount IS NULL OR p_amount <= 0 THEN
        RAISE EXCEPTION 'ledger_transfer: the amount must be positive' USING ERRCODE = '22023';
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
        VALUES (p_to_user, p_to_currency, p_to_type, p_amount, 0, now())
        ON CONFLICT (user_id, currency_id, type) DO UPDATE SET available = a.available + p_amount, updated_at = now()
        RETURNING a.id, a.available, a.frozen INTO to_account, to_available, to_frozen;
      INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
        VALUES (p_to_user, to_account, p_to_currency, p_to_type, p_amount, 0, to_available, to_frozen, p_reason_in, p_ref_type, p_ref_id, now());
      IF p_key IS NOT NULL THEN
        UPDATE idempotency_keys SET committed_at = now(), committed_ref = p_key_ref
          WHERE user_id = p_key_user AND key = p_key AND committed_at IS NULL;
      END IF;
      RETURN NEXT;
    END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION ledger_transfer_batch(p jsonb)
    RETURNS TABLE (n int, from_account int, from_available numeric, from_frozen numeric, to_account int, to_available numeric, to_frozen numeric)
    LANGUAGE plpgsql AS $$
    DECLARE
      uid int;
      e jsonb;
      r record;
    BEGIN
      FOR uid IN
        SELECT DISTINCT us.u FROM jsonb_array_elements(p) AS el(j), LATERAL (VALUES ((el.j->>'fu')::int), ((el.j->>'tu')::int)) AS us(u) ORDER BY us.u
      LOOP
        PERFORM pg_advisory_xact_lock(14, uid);
      END LOOP;
      FOR i IN 0 .. jsonb_array_length(p) - 1 LOOP
        e := p -> i;
        SELECT * INTO r FROM ledger_transfer(
          (e->>'fu')::int, (e->>'fc')::int, (e->>'ft')::smallint, (e->>'tu')::int, (e->>'tc')::int, (e->>'tt')::smallint,
          (e->>'a')::numeric, e->>'ro', e->>'ri', e->>'rt', e->>'rid', (e->>'ku')::int, e->>'k', e->'kr');
        IF FOUND THEN
          -- the user's own transfer between account types: its record (ref id drawn beforehand)
          -- is written with the moves, so a refused one leaves no record either
          IF e->>'rec' = 'fund_transfers' THEN
            INSERT INTO fund_transfers (id, user_id, currency_id, amount, from_type, to_type)
              VALUES ((e->>'rid')::int, (e->>'fu')::int, (e->>'fc')::int, (e->>'a')::numeric, (e->>'ft')::smallint, (e->>'tt')::smallint);
          END IF;
          n := i;
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
  await sql`DROP FUNCTION IF EXISTS ledger_transfer(int, int, smallint, int, int, smallint, numeric, text, text, text, text, int, text, jsonb)`.execute(
    db,
  );
}
