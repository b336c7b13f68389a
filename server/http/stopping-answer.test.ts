/**
 * What a phone sees when a deploy's stop refuses its request before anything happened (the group
 * commit draining: db/group-commit.ts ShuttingDownError): a 503 that says, in the user's language,
 * that the server is restarting and the request can be sent again — not a generic server error.
 */
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { ShuttingDownError } from '../db/group-commit';
import { registerErrorHandling } from './errors';

it('a request refused by a stopping server answers 503 with the restart message in its language', async () => {
  const app = Fastify();
  registerErrorHandling(app);
  app.post('/api/wallet/change', async () => {
    throw new ShuttingDownError();
  });
  const answer = async (lang: string) => {
    const r = await app.inject({ method: 'POST', url: `/api/wallet/change?lang=${lang}`, payload: {} });
    return { status: r.statusCode, body: r.json() as { type: string; message: string } };
  };
  expect(await answer('en')).toEqual({
    status: 503,
    body: { type: 'error', code: 0, message: 'The server is restarting, please try again in a moment' },
  });
  expect((await answer('zh')).body.message).toBe('服务器正在重启，请稍后重试');
  await app.close();
});
