/** The back office: the operator console page at /admin/ and its API under /admin/api (operators, queues, users, settings). */
import { defineArea } from '../../plugins/area';
import { registerAdmin } from '../../admin/routes';

export const backofficeArea = defineArea('backoffice', async (app) => {
  await registerAdmin(app);
});
