/**
 * The public chat room: logged-in users, the last messages on entry, live delivery over
 * the app's socket (`chatroom` room, `chat` event), slow mode and flood muting, links and addresses
 * hidden for unverified senders, reports; operators delete, mute and ban (logged).
 * app.chatroom carries the clock the rules read (replaceable in tests).
 */
import { defineArea, API_PREFIX, mountBackOffice } from '../../plugins/area';
import { chatroomRoutes } from './routes';
import { chatroomAdminRoutes } from './admin';

declare module 'fastify' {
  interface FastifyInstance {
    chatroom: { now: () => number };
  }
}

export const chatroomArea = defineArea('chatroom', async (app) => {
  app.decorate('chatroom', { now: Date.now });
  await app.register(chatroomRoutes, { prefix: API_PREFIX });
  await mountBackOffice(app, chatroomAdminRoutes, '/chatroom');
});
