import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_TRADER } from './helpers';

/** The API's answer: `type` 'ok' with the message, or an error with its text. */
type Envelope<T> = { type: string; message: T };
type Listish<T> = T[] | { list?: T[]; data?: T[]; dual_currencys?: T[] };
const items = <T>(m: Listish<T> | undefined): T[] =>
  Array.isArray(m) ? m : (m?.list ?? m?.data ?? m?.dual_currencys ?? []);

/** The demo trader's session token from the server at `base` (the tours start the server with DEMO_USER=on). */
export async function demoToken(request: APIRequestContext, base: string): Promise<string> {
  const login = (await (
    await request.post(`${base}/api/user/login`, {
      form: { user_string: DEMO_TRADER.email, password: DEMO_TRADER.password },
    })
  ).json()) as Envelope<string>;
  expect(login.type, 'the demo user logs in').toBe('ok');
  return login.message;
}

/**
 * Query strings for the pages of src/app/routes.ts that show one thing (a pair, a coin, a product,
 * an article, a trader), read from the live API of the server at `base` as the user of `token`:
 * route name → query. The tours visit such a page with its query, so it shows that thing rather
 * than its not-found frame.
 */
export async function pageQueries(
  request: APIRequestContext,
  base: string,
  token: string,
): Promise<Record<string, string>> {
  const headers = { authorization: token, lang: 'en' };
  const get = async <T>(url: string, form?: Record<string, string | number>): Promise<T | undefined> => {
    const res = form
      ? await request.post(`${base}/api/${url}`, { headers, form })
      : await request.get(`${base}/api/${url}`, { headers });
    const body = (await res.json()) as Envelope<T>;
    return body.type === 'ok' ? body.message : undefined;
  };
  const coins = (await get<{ id: number; name: string }[]>('currency/list')) ?? [];
  const usdt = coins.find((c) => c.name === 'USDT')?.id ?? 1;
  const article = items(await get<Listish<{ id: number }>>('news/list', { c_id: 4 }))[0]?.id ?? 1;
  const trader = items(
    await get<Listish<{ trader_user_id?: number; user_id?: number; id?: number }>>('follow/index', {
      page: 1,
      limit: 10,
    }),
  )[0];
  const traderId = trader?.trader_user_id ?? trader?.user_id ?? trader?.id ?? 1;
  const project = items(await get<Listish<{ id: number }>>('project', { page: 1, limit: 10 }))[0]?.id ?? 1;
  const lock = items(await get<Listish<{ id: number }>>('lh/deposit/config'))[0]?.id ?? 1;
  const dual = items(await get<Listish<{ id: number }>>('dual/index'))[0]?.id ?? 1;
  const pair = `symbol=${encodeURIComponent('BTC/USDT')}`;
  return {
    'market/detail': pair,
    'transaction/index2': pair,
    'transaction/currency': pair,
    'common/article': `id=${article}`,
    'fund/receive': `currency=${usdt}`,
    'fund/withdraw': `currency=${usdt}`,
    'fund/assets_record': `currency=${usdt}&type=2`,
    'setting/addWallet': `currency=${usdt}`,
    'follow/trader': `id=${traderId}`,
    'follow/follow': `id=${traderId}`,
    'ieo/subscribe': `project_id=${project}`,
    'lockming/buy': `config_id=${lock}`,
    'invest/purchase': `id=${dual}`,
    // a link outside the allow-list: the web view's warning (an allowed one would frame the outside world)
    'common/webView': `url=${encodeURIComponent('https://example.org/')}`,
  };
}
