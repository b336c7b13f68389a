import { sql, type Kysely } from 'kysely';

/**
 * One voucher per recharge request. Each upload keeps the sha256 of its bytes;
 * a recharge copies its voucher's hash so a re-uploaded copy of the same image is found and shown
 * to the operator. The same uploaded file can back one request only: a unique index on
 * recharges.voucher. Requests that already shared a file before this migration keep existing —
 * all but the first are marked legacy_shared_voucher and left out of the index (the operator
 * still sees them flagged as duplicates).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: ReturnType<typeof sql>) => q.execute(db);
  await run(sql`ALTER TABLE uploads ADD COLUMN sha256 TEXT CHECK (sha256 ~ '^[0-9a-f]{64}$')`);
  await run(sql`ALTER TABLE recharges ADD COLUMN voucher_sha256 TEXT`);
  await run(sql`ALTER TABLE recharges ADD COLUMN legacy_shared_voucher BOOLEAN NOT NULL DEFAULT false`);
  await run(
    sql`UPDATE recharges r SET legacy_shared_voucher = true WHERE EXISTS (SELECT 1 FROM recharges o WHERE o.voucher = r.voucher AND o.id < r.id)`,
  );
  await run(sql`CREATE UNIQUE INDEX recharges_voucher_once ON recharges (voucher) WHERE NOT legacy_shared_voucher`);
  await run(sql`CREATE INDEX recharges_voucher_sha256 ON recharges (voucher_sha256) WHERE voucher_sha256 IS NOT NULL`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX recharges_voucher_sha256`.execute(db);
  await sql`DROP INDEX recharges_voucher_once`.execute(db);
  await sql`ALTER TABLE recharges DROP COLUMN legacy_shared_voucher, DROP COLUMN voucher_sha256`.execute(db);
  await sql`ALTER TABLE uploads DROP COLUMN sha256`.execute(db);
}
