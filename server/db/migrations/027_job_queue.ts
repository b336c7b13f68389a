import { sql, type Kysely } from 'kysely';

/**
 * The durable job queue's door in the app's schema. graphile-worker keeps its tables in
 * a schema of its own (it installs and migrates it itself, server/plugins/job-queue.ts); these two
 * functions let a business transaction enqueue without knowing that schema's name:
 * - job_queue_schema(): `graphile_worker` beside the app's `public` schema, `<schema>_jobs` beside
 *   any other (the tests on DATABASE_URL give each file a schema, so each gets its own queue);
 * - enqueue_job(…): graphile-worker's add_job in that schema. A job with the same key that has not
 *   started yet is replaced (new time, new payload): one pending job per key.
 * Run inside the caller's transaction, the job exists exactly when the business change commits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION job_queue_schema() RETURNS text LANGUAGE sql STABLE AS $$
      SELECT CASE WHEN current_schema() = 'public' THEN 'graphile_worker' ELSE current_schema() || '_jobs' END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION enqueue_job(p_task text, p_payload json, p_run_at timestamptz, p_job_key text, p_max_attempts int) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      EXECUTE format('SELECT %I.add_job($1, $2, run_at => $3, job_key => $4, max_attempts => $5, job_key_mode => ''replace'')', job_queue_schema())
        USING p_task, p_payload, p_run_at, p_job_key, p_max_attempts;
    END
    $$`.execute(db);
}
