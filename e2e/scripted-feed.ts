import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_OUTBOX_SECRET, OUTBOX_SECRET_HEADER } from './dev-outbox';

/**
 * One tick at `price` on a server started with MARKET_FEED=scripted (POST /api/dev/feed, loopback
 * and the dev secret): a journey moves a price, e.g. a loan to its margin call.
 */
export async function setFeedPrice(request: APIRequestContext, base: string, symbol: string, price: string) {
  const r = await request.post(`${base}/api/dev/feed`, {
    headers: { [OUTBOX_SECRET_HEADER]: E2E_OUTBOX_SECRET },
    form: { symbol, price },
  });
  expect(r.ok()).toBe(true);
}
