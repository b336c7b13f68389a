import { sql, type Kysely } from 'kysely';

/**
 * Seeded product words in every language: a lock-up configuration's name and an IEO
 * project's description per language, as JSON {lang: text}. The plain columns stay the fallback
 * (and what an operator writes); the answer picks the caller's language when it is there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE lock_configs ADD COLUMN names JSONB NOT NULL DEFAULT '{}'::jsonb`.execute(db);
  await sql`ALTER TABLE ieo_projects ADD COLUMN descriptions JSONB NOT NULL DEFAULT '{}'::jsonb`.execute(db);
}
