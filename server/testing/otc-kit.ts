/** Test helpers for the OTC engine: a clock-controlled app, approved merchants with payment methods and ads, funded takers, OTC calls. */
import { createTestApp, type TestApp } from './app';
import { balance, call, prices, upload, user, type TestUser } from './funds-kit';
import { grant } from './loans-kit';
import type { OtcAd, OtcOrder } from '../../core';

export const USDT = 4;
export const T0 = Date.UTC(2030, 0, 1, 12);
export const MIN = 60_000;
export const PAY = 'pay-secret-1';

export interface OtcKit {
  t: TestApp;
  clock: { now: number };
  close(): Promise<void>;
}

export function bootOtc(t: TestApp, clock: { now: number }): void {
  t.app.otc.pauseTimer();
  t.app.otc.now = () => clock.now;
}

export async function otcKit(): Promise<OtcKit> {
  const t = await createTestApp();
  const clock = { now: T0 };
  bootOtc(t, clock);
  prices(t, { BTC: '50000', ETH: '2500' });
  return { t, clock, close: () => t.close() };
}

export const otc = (
  t: TestApp,
  path: string,
  u: TestUser | undefined,
  fields: Record<string, string | number | undefined> = {},
) => call(t, 'POST', `/api/otc/${path}`, u?.token, fields);

/** The answer's message, failing the test with the server's words when it was refused. */
export async function okOf<T>(p: Promise<{ type: string; message: unknown }>): Promise<T> {
  const r = await p;
  if (r.type !== 'ok') throw new Error(`refused: ${JSON.stringify(r.message)}`);
  return r.message as T;
}

/** An approved merchant (level 2, payment password set) with a bank method and `usdt` USDT. */
export async function merchant(t: TestApp, usdt = '1000'): Promise<TestUser> {
  const u = await user(t, { level: 2, payPassword: PAY });
  await grant(t, u.id, USDT, usdt);
  await t.app.db
    .insertInto('otc_merchants')
    .values({ user_id: u.id, name: `M${u.id}`, status: 'approved' })
    .execute();
  await okOf(
    otc(t, 'methods/add', u, { kind: 'bank', name: 'Merchant Name', account: '6222 0000 1111', bank: 'Test Bank' }),
  );
  return u;
}

/** A verified taker (level 1 by default) with a payment password and a bank method (to sell to buy ads). */
export async function taker(t: TestApp, level = 1, usdt?: string): Promise<TestUser> {
  const u = await user(t, { level, payPassword: PAY });
  if (usdt) await grant(t, u.id, USDT, usdt);
  await okOf(
    otc(t, 'methods/add', u, { kind: 'bank', name: 'Taker Name', account: '6222 9999 8888', bank: 'Other Bank' }),
  );
  return u;
}

export const SELL_AD = {
  side: 'sell',
  coin_id: USDT,
  fiat: 'CNY',
  price_type: 'fixed',
  fixed_price: '7.2',
  total: '500',
  min_fiat: '100',
  max_fiat: '3600',
  pay_kinds: 'bank',
  window_min: 15,
  terms: 'Bank transfer only',
};

export const postAd = (t: TestApp, m: TestUser, over: Record<string, string | number> = {}) =>
  okOf<OtcAd>(otc(t, 'ad/post', m, { ...SELL_AD, ...over }));
export const openOn = (t: TestApp, u: TestUser, adId: number, amount: string, unit = 'fiat') =>
  otc(t, 'order/open', u, { ad_id: adId, amount, unit });
export const order = (t: TestApp, u: TestUser, id: number) => okOf<OtcOrder>(otc(t, 'order', u, { id }));
export const pay = async (t: TestApp, u: TestUser, id: number) =>
  otc(t, 'order/paid', u, { id, proof: await upload(t, u.token) });

export { balance, prices, upload, user, type TestUser };
