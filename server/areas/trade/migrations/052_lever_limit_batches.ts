import { sql, type Kysely } from 'kysely';

/**
 * A contract's limit entry, and its fill, on the ledger's group commit (the trade area's
 * domain/lever-limit-commit.ts), with migration 047's rules (the balance locks first, ascending; the
 * request's key claimed or marked in the statement; each element all-or-nothing):
 *
 * lever_limit_batch places limit entries: the conditional debit `available >= margin + fee` (else
 * the element is absent from the result and wrote nothing); the margin frozen; the fee charged when
 * the entry crosses at submission and opens now at the current price (its tick recorded with it),
 * else frozen with the margin until it fills (lever.ts openingMoves: `lever_fee` / `lever_fee_freeze`);
 * the order's row, `position` or `entrusted`. Figures (margin, fee) from core/calc/contract.ts,
 * passed as decimal strings. Answers the row's id, created_at and the account after the moves.
 *
 * lever_fill_batch fills entrusted entries on their crossing tick: the status guard (`entrusted` →
 * `position`: filled exactly once, else `not_entrusted`), the open price its own limit, the tick
 * recorded, the frozen fee spent (`lever_fee`, out of frozen). A frozen balance short of the fee
 * (never on a sound ledger) answers `fallback` having written nothing: the transaction path decides.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createLimit(db);
  await createFill(db);
}

async function createLimit(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION lever_limit_batch(p jsonb)
    RETURNS TABLE (n int, id int, created_at timestamptz, account int, available numeric, frozen numeric, dup boolean)
    LANGUAGE plpgsql AS $$
    DECLARE
      uid int; e jsonb; o jsonb;
      claim boolean; now_open boolean;
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
        IF claim AND EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.user_id = (e->>'u')::int AND k.key = e->>'k') THEN
          n := i; id := NULL; created_at := now(); account := NULL; available := NULL; frozen := NULL; dup := true;
          RETURN NEXT;
          CONTINUE;
        END IF;
        mg := (o->>'margin')::numeric;
        f := (o->>'fee')::numeric;
        IF mg IS NULL OR mg <= 0 OR f IS NULL OR f < 0 OR o->>'target_price' IS NULL THEN
          RAISE EXCEPTION 'lever_limit_batch: a limit price, a positive margin, a fee not negative' USING ERRCODE = '22023';
        END IF;
        now_open := o->>'open_price' IS NOT NULL;
        UPDATE accounts a SET available = a.available - mg - f,
            frozen = a.frozen + mg + CASE WHEN now_open THEN 0 ELSE f END, updated_at = now()
          WHERE a.user_id = (e->>'u')::int AND a.currency_id = (e->>'c')::int AND a.type = (e->>'t')::smallint
            AND a.available >= mg + f
          RETURNING a.id, a.available, a.frozen INTO account, available, frozen;
        IF NOT FOUND THEN
          CONTINUE; -- refused: nothing was written
        END IF;
        INSERT INTO lever_orders AS lo (user_id, symbol, side, price_type, status, lots, lot_size, multiple, target_price,
            open_price, open_seq, open_walk, watch_seq, opened_at, margin, fee, target_profit_price, stop_loss_price, copied)
          VALUES ((e->>'u')::int, o->>'symbol', o->>'side', 'limit', CASE WHEN now_open THEN 'position' ELSE 'entrusted' END,
            (o->>'lots')::numeric, (o->>'lot_size')::numeric, (o->>'multiple')::int, (o->>'target_price')::numeric,
            (o->>'open_price')::numeric, (o->>'open_seq')::bigint, NULL, (o->>'watch_seq')::bigint,
            (o->>'opened_at')::timestamptz, mg, f, (o->>'target_profit_price')::numeric, (o->>'stop_loss_price')::numeric, false)
          RETURNING lo.id, lo.created_at INTO v_id, v_at;
        IF jsonb_typeof(e->'tk') = 'object' THEN
          INSERT INTO market_ticks (symbol, seq, price, ts)
            VALUES (e->'tk'->>'symbol', (e->'tk'->>'seq')::bigint, (e->'tk'->>'price')::numeric, (e->'tk'->>'ts')::bigint)
            ON CONFLICT (symbol, seq) DO NOTHING;
        END IF;
        INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
          VALUES ((e->>'u')::int, account, (e->>'c')::int, (e->>'t')::smallint, -mg, mg, available + f,
            frozen - CASE WHEN now_open THEN 0 ELSE f END, 'lever_margin', 'lever_order', v_id::text, now());
        IF f > 0 THEN
          INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
            VALUES ((e->>'u')::int, account, (e->>'c')::int, (e->>'t')::smallint, -f, CASE WHEN now_open THEN 0 ELSE f END,
              available, frozen, CASE WHEN now_open THEN 'lever_fee' ELSE 'lever_fee_freeze' END, 'lever_order', v_id::text, now());
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

async function createFill(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION lever_fill_batch(p jsonb)
    RETURNS TABLE (n int, outcome text, account int, available numeric, frozen numeric)
    LANGUAGE plpgsql AS $$
    DECLARE
      uid int; e jsonb;
      v_id int; f numeric; sym text;
      av numeric; fr numeric; acc int;
      u int; cur int; typ smallint; tseq bigint;
    BEGIN
      FOR uid IN SELECT DISTINCT (el.j->>'u')::int AS u FROM jsonb_array_elements(p) AS el(j) ORDER BY 1 LOOP
        PERFORM pg_advisory_xact_lock(14, uid);
      END LOOP;
      FOR i IN 0 .. jsonb_array_length(p) - 1 LOOP
        e := p -> i;
        u := (e->>'u')::int; cur := (e->>'c')::int; typ := (e->>'t')::smallint; v_id := (e->>'id')::int;
        tseq := (e->>'seq')::bigint;
        n := i; account := NULL; available := NULL; frozen := NULL;
        SELECT o.fee, o.symbol INTO f, sym FROM lever_orders o
          WHERE o.id = v_id AND o.user_id = u AND o.status = 'entrusted' FOR UPDATE;
        IF NOT FOUND THEN
          outcome := 'not_entrusted'; RETURN NEXT; CONTINUE;
        END IF;
        -- the balances are stable from here: every change of them takes the user's lock, held above
        SELECT a.id, a.available, a.frozen INTO acc, av, fr FROM accounts a
          WHERE a.user_id = u AND a.currency_id = cur AND a.type = typ FOR UPDATE;
        IF f > 0 AND (acc IS NULL OR fr < f) THEN
          outcome := 'fallback'; RETURN NEXT; CONTINUE; -- nothing written: the transaction path decides
        END IF;
        UPDATE lever_orders o SET status = 'position', open_price = o.target_price, open_seq = tseq, watch_seq = tseq,
            opened_at = (e->>'at')::timestamptz
          WHERE o.id = v_id;
        IF tseq > 0 THEN
          INSERT INTO market_ticks (symbol, seq, price, ts) VALUES (sym, tseq, (e->>'price')::numeric, (e->>'ts')::bigint)
            ON CONFLICT (symbol, seq) DO NOTHING;
        END IF;
        IF f > 0 THEN
          fr := fr - f;
          UPDATE accounts a SET frozen = fr, updated_at = now() WHERE a.id = acc;
          INSERT INTO journal (user_id, account_id, currency_id, type, delta_available, delta_frozen, available_after, frozen_after, reason, ref_type, ref_id, created_at)
            VALUES (u, acc, cur, typ, 0, -f, av, fr, 'lever_fee', 'lever_order', v_id::text, now());
        END IF;
        outcome := 'filled'; account := acc; available := av; frozen := fr;
        RETURN NEXT;
      END LOOP;
    END
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS lever_fill_batch(jsonb)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS lever_limit_batch(jsonb)`.execute(db);
}
