import type { Page, APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { seriousAxe } from './axe';
import { E2E_OUTBOX_SECRET, OUTBOX_SECRET_HEADER } from './dev-outbox';

/** Reads the newest verification code sent to `to` from the dev outbox (local demo and tests only). */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`, {
          headers: { [OUTBOX_SECRET_HEADER]: E2E_OUTBOX_SECRET },
        });
        const body = (await res.json()) as { type: string; message: { code: string | null }[] };
        code = body.message?.[0]?.code ?? '';
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Full-page screenshot at the phone viewport into the test artifacts. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: false });
}

/** The local demo's trader (DEMO_USER=on seeds it with demo balances: server/db/demo.ts). */
export const DEMO_TRADER = { email: 'demo.trader@example.com', password: 'demo-trader-2024' };

/** Opens an app page by its spec route, e.g. `common/login`. */
export const goTo = (page: Page, route: string) => page.goto(`/h5/#/pages/${route}`);

/** Logs in through the login page and waits for Home. */
export async function logInAs(page: Page, who: { email: string; password: string }): Promise<void> {
  await goTo(page, 'common/login');
  await page.getByPlaceholder('Email or phone number').fill(who.email);
  await page.getByPlaceholder('Enter your password').fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/pages\/index\/index/);
}

/** The session token the app keeps, for calling the API as the logged-in user. */
export const sessionToken = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('session') ?? '{}') as { token?: string }).token ?? '');

/** Home shows the back office's popup notice once per browser session, after its notices load. */
const homePopupGotIt = (page: Page) => page.getByRole('dialog').getByRole('button', { name: 'Got it' });

/** Close the popup notice if it comes within 3 s (as a user on Home would). */
export async function dismissHomePopup(page: Page): Promise<void> {
  await homePopupGotIt(page)
    .click({ timeout: 3000 })
    .catch(() => undefined);
}

/** Whenever the popup notice covers what a test is about to click, close it first. */
export async function closeHomePopupWhenShown(page: Page): Promise<void> {
  const gotIt = homePopupGotIt(page);
  await page.addLocatorHandler(gotIt, async () => {
    // It may close by itself meanwhile (leaving Home closes it): then there is nothing to click.
    await gotIt.click({ timeout: 3000 }).catch(() => undefined);
  });
}

/** A Markets row's figures as screen readers get them: its accessible name, e.g. "BTC/USDT, Last price 67091.13, 24h change -4.96%, Vol 221.4M" (English). */
export interface RowName {
  pair: string;
  last: string;
  change: number;
  vol: string;
}

export function parseRowName(name: string | null): RowName | null {
  const m = /^([^,]+), Last price ([^,]+), 24h change ([^,]+)%, Vol (.+)$/.exec(name ?? '');
  return m ? { pair: m[1], last: m[2], change: Number(m[3]), vol: m[4] } : null;
}

/** No serious or critical axe finding on the page (or inside `scope`); each finding names where and which nodes. */
/**
 * Before an axe run: a toast still fading out (a loaded machine keeps it longer than the steps after
 * it) is half transparent, and axe would measure its text's contrast mid-fade.
 */
export async function toastsGone(page: Page): Promise<void> {
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 10_000 });
}

export async function axeClean(page: Page, where: string, scope?: string): Promise<void> {
  await toastsGone(page);
  expect((await seriousAxe(page, { include: scope })).map((v) => `${where}: ${v}`)).toEqual([]);
}
