/** The back-office shell: the operator console page at /admin/, operator login and session, the cross-site guard and the action log under /admin/api. Each area mounts its own queues and tools (mountBackOffice). */
import { defineArea } from '../../plugins/area';
import { registerAdmin } from '../../admin/routes';

export const backofficeArea = defineArea('backoffice', async (app) => {
  await registerAdmin(app);
});
