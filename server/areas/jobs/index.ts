/**
 * The durable job queue in the back office: operators see every queued, running,
 * retrying and failed job (server/plugins/job-queue.ts runs them; areas enqueue with db/jobs.ts).
 */
import { defineArea, mountBackOffice } from '../../plugins/area';
import { jobsAdminRoutes } from './admin';

export const jobsArea = defineArea('jobs', async (app) => {
  await mountBackOffice(app, jobsAdminRoutes, '/jobs');
});
