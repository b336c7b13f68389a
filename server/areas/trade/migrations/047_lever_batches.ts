import { sql, type Kysely } from 'kysely';

/**
 * A contract's market entry on the ledger's group commit (the trade area's domain/lever-commit.ts):
 * lever_open_batch runs many opens in ONE statement — one round trip and one commit for all — each
 * all-or-nothing, with the same rules as the in-transaction path (lever.ts openingMoves):
 *
 * - every user's balance lock first (advisory class 14, ascending id: db/user-locks.ts's order, so
 *   a batch cannot deadlock with another batch or any inTransaction);
 * - the idempotency key claimed in the statement (`kc`, as migration 044): a key that exists makes
 *   the element a `dup` and nothing is done; otherwise its row is inserted committed, its ref the
 *   position, with the moves. A key reserved beforehand (`k` without `kc`) is marked committed.
 * - the conditional debit: the margin frozen and the fee charged out of the lever account's
 *   available balance only if it holds both (`available >= margin + fee`); else the element is
 *   absent from the result and has written nothing, not even the position;
 * - the position's row, with the figures computed in TypeScript (core/calc/contract.ts: margin,
 *   fee; the open price and the book walk that priced it, `open_walk`) passed as decimal strings;
 * - a journal row per move, each with the balances that move left (the margin's freeze, then the
 *   fee's debit), as ledger.ts's freeze and debit would have written them.
 *
 * Each row answers the position's id, its created_at, and the account after the moves.
 *
 * lever_close_batch closes positions the same way, each all-or-nothing (lever.ts closingMoves's
 * rules): the position must still be open (status guard: it closes exactly once), its margin is
 * released and its P&L — computed in TypeScript (core positionPnl) at the closing price and
 * passed signed — credited, or debited in full; the closing tick is recorded with it. A loss the
 * account cannot pay in full (a gap past zero equity) is not settled here: the element answers
 * `fallback` having written nothing, and the caller closes it in a transaction, where the loss is
 * capped at the balance and the rest recorded as uncovered (one formula, in lever.ts). Answers
 * `closed`, `not_open` or `dup`, and the account after the moves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createOpen(db);
  await createClose(db);
}

async function createOpen(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION lever_open_batch(p jsonb)
    RETURNS TABLE (n int, id int, created_at timestamptz, account int, available numeric, frozen numeric, dup boolean)
    LANGUAGE plpgsql AS $$
    DECLARE
      uid int;
      e jsonb;
      o jsonb;
      claim boolean;
      mg numeric; f numeric;
      v_id int; v_at timestamptz;
    BEGIN
      FOR uid IN SELECT DISTINCT (el.j->>'u')::int AS u FROM jsonb_array_elements(p) AS el(j) ORDER BY 1 LOOP
        PERFORM pg_advisory_xact_lock(14, uid);
      END LOOP;
      FOR i IN 0 .. jsonb_array_length(p) - 1 LOOP
        e := p -> i;
        o := e -> 'o';
        claim := e->>'kc' IS NOT NULL AND e->>'k' IS NOT NULL;
        IF claim THEN
          PERFORM 1 FROM idempotency_keys k WHERE k.user_id = (e->>'u')::int AND k.key = e->>'k';
          IF FOUND THEN
            n := i; id := NULL; created_at := now(); account := NULL; available := NULL; frozen := NULL; dup := true;
            RETURN NEXT;
            CONTINUE;
          END IF;
        END IF;
        mg := (o->>'margin')::numeric;
        f := (o->>'fee')::numeric;
        IF mg IS NULL OR mg <= 0 OR f IS NULL OR f < 0 THEN
          RAISE EXCEPTION 'lever_open_batch: the margin must be positive, the fee not negative' USING ERRCODE = '22023';
        END IF;
        UPDATE accounts a SET available = a.available - mg - f, frozen = a.frozen + mg, updated_at = now()
          WHERE a.user_id = (e->>'u')::int AND a.currency_id = (e->>'c')::int AND a.type = (e->>'t')::smallint
            AND a.available >= mg + f
          RETURNING a.id, a.available, a.frozen INTO account, available, frozen;
        IF NOT FOUND THEN
          CONTINUE; -- refused: nothing was written
        END IF;
        INSERT INTO lever_orders AS lo (user_id, symbol, side, price_type, status, lots, lot_size, multiple, target_price,
            open_price, open_seq, open_walk, watch_seq, opened_at, margin, fee, target_profit_price, stop_loss_price, copied)
          VALUES ((e->>'u')::int, o->>'symbol', o->>'side', 'market', 'position', (o->>'lots')::numeric, (o->>'lot_size')::numeric,
            (o->>'multiple')::int, NULL, (o->>'open_price')::numeric, (o->>'open_seq')::bigint, o->'open_walk',
            (o->>'watch_seq')::bigint, (o->>'opened_at')::timestamptz, mg, f,
            (o->>'target_profit_price')::numeric, (o->>'stop_loss_price')::numeric, false)
          RETURNING lo.id, lo.created_at INTO v_id, v_at;
        INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
          VALUES ((e->>'u')::int, account, (e->>'c')::int, (e->>'t')::smallint, -mg, mg, available + f, frozen, 'lever_margin', 'lever_order', v_id::text, now());
        IF f > 0 THEN
          INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
            VALUES ((e->>'u')::int, account, (e->>'c')::int, (e->>'t')::smallint, -f, 0, available, frozen, 'lever_fee', 'lever_order', v_id::text, now());
        END IF;
        IF claim THEN
          INSERT INTO idempotency_keys (user_id, key, route, response, owner, committed_at, committed_ref)
            VALUES ((e->>'u')::int, e->>'k', e->>'kc', NULL, e->>'kw', now(), jsonb_build_object('type', 'lever_order', 'id', v_id));
        ELSIF e->>'k' IS NOT NULL THEN
          UPDATE idempotency_keys k SET committed_at = now(), committed_ref = jsonb_build_object('type', 'lever_order', 'id', v_id)
            WHERE k.user_id = (e->>'u')::int AND k.key = e->>'k' AND k.committed_at IS NULL;
        END IF;
        n := i; id := v_id; created_at := v_at; dup := false;
        RETURN NEXT;
      END LOOP;
    END
    $$`.execute(db);
}

async function createClose(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION lever_close_batch(p jsonb)
    RETURNS TABLE (n int, outcome text, account int, available numeric, frozen numeric)
    LANGUAGE plpgsql AS $$
    DECLARE
      uid int; e jsonb;
      claim boolean;
      v_id int; mg numeric; pnl numeric;
      av numeric; fr numeric; acc int;
      u int; cur int; typ smallint;
    BEGIN
      FOR uid IN SELECT DISTINCT (el.j->>'u')::int AS u FROM jsonb_array_elements(p) AS el(j) ORDER BY 1 LOOP
        PERFORM pg_advisory_xact_lock(14, uid);
      END LOOP;
      FOR i IN 0 .. jsonb_array_length(p) - 1 LOOP
        e := p -> i;
        u := (e->>'u')::int; cur := (e->>'c')::int; typ := (e->>'t')::smallint; v_id := (e->>'id')::int;
        n := i; account := NULL; available := NULL; frozen := NULL;
        claim := e->>'kc' IS NOT NULL AND e->>'k' IS NOT NULL;
        IF claim AND EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.user_id = u AND k.key = e->>'k') THEN
          outcome := 'dup'; RETURN NEXT; CONTINUE;
        END IF;
        SELECT o.margin INTO mg FROM lever_orders o WHERE o.id = v_id AND o.user_id = u AND o.status = 'position' FOR UPDATE;
        IF NOT FOUND THEN
          outcome := 'not_open'; RETURN NEXT; CONTINUE;
        END IF;
        pnl := (e->>'pnl')::numeric;
        -- the balances are stable from here: every change of them takes the user's lock, held above
        SELECT a.id, a.available, a.frozen INTO acc, av, fr FROM accounts a
          WHERE a.user_id = u AND a.currency_id = cur AND a.type = typ FOR UPDATE;
        IF NOT FOUND OR fr < mg OR (pnl < 0 AND av + mg < -pnl) THEN
          outcome := 'fallback'; RETURN NEXT; CONTINUE; -- nothing written: the transaction path decides
        END IF;
        UPDATE lever_orders o SET status = 'closed', close_price = (e->>'cp')::numeric, close_seq = (e->>'cs')::bigint,
            close_reason = e->>'cr', closed_at = (e->>'ca')::timestamptz, profit = pnl, uncovered_loss = 0
          WHERE o.id = v_id;
        IF e->'tk' IS NOT NULL AND jsonb_typeof(e->'tk') = 'object' THEN
          INSERT INTO market_ticks (symbol, seq, price, ts)
            VALUES (e->'tk'->>'symbol', (e->'tk'->>'seq')::bigint, (e->'tk'->>'price')::numeric, (e->'tk'->>'ts')::bigint)
            ON CONFLICT (symbol, seq) DO NOTHING;
        END IF;
        av := av + mg; fr := fr - mg;
        INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
          VALUES (u, acc, cur, typ, mg, -mg, av, fr, 'lever_margin_release', 'lever_order', v_id::text, now());
        IF pnl <> 0 THEN
          av := av + pnl;
          INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
            VALUES (u, acc, cur, typ, pnl, 0, av, fr, CASE WHEN pnl > 0 THEN 'lever_profit' ELSE 'lever_loss' END, 'lever_order', v_id::text, now());
        END IF;
        UPDATE accounts a SET available = av, frozen = fr, updated_at = now() WHERE a.id = acc;
        IF claim THEN
          INSERT INTO idempotency_keys (user_id, key, route, response, owner, committed_at, committed_ref)
            VALUES (u, e->>'k', e->>'kc', NULL, e->>'kw', now(), jsonb_build_object('type', 'lever_order', 'id', v_id));
        ELSIF e->>'k' IS NOT NULL THEN
          UPDATE idempotency_keys k SET committed_at = now(), committed_ref = jsonb_build_object('type', 'lever_order', 'id', v_id)
            WHERE k.user_id = u AND k.key = e->>'k' AND k.committed_at IS NULL;
        END IF;
        outcome := 'closed'; account := acc; available := av; frozen := fr;
        RETURN NEXT;
      END LOOP;
    END
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS lever_close_batch(jsonb)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS lever_open_batch(jsonb)`.execute(db);
}
