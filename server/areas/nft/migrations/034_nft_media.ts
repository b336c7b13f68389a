import { sql, type Kysely } from 'kysely';

/**
 * NFT media uploaded by a creator or an operator: the stored file's name (random, in
 * DATA_DIR/uploads), what its magic bytes said it is (NFT media type 1–4 and the content type it
 * is served with), its size and digest, and who uploaded it. Only names in this table are served
 * by /api/bind_box/media, so no other upload (an ID photo, a voucher) can be reached through it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE nft_media (
      name         TEXT PRIMARY KEY,
      media_type   SMALLINT NOT NULL CHECK (media_type BETWEEN 1 AND 4),
      mime         TEXT NOT NULL,
      bytes        INTEGER NOT NULL CHECK (bytes > 0),
      sha256       TEXT NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      user_id      INTEGER REFERENCES users(id),
      operator_id  INTEGER REFERENCES operators(id),
      created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
      CHECK ((user_id IS NULL) <> (operator_id IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX nft_media_user ON nft_media (user_id, created_at) WHERE user_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS nft_media`.execute(db);
}
