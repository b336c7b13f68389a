import type { Page, APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';

/** Reads the newest verification code sent to `to` from the dev outbox (local demo and tests only). */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const body = (await res.json()) as { type: string; message: { code: string | null }[] };
      code = body.message?.[0]?.code ?? '';
      return code;
    }, { timeout: 10_000 })
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

/**
 * Home shows the back office's popup notice once per browser session, after its notices load: a
 * user closes it with "Got it". Whenever it covers what a test is about to click, close it first.
 */
export async function closeHomePopupWhenShown(page: Page): Promise<void> {
  const gotIt = page.getByRole('dialog').getByRole('button', { name: 'Got it' });
  await page.addLocatorHandler(gotIt, async () => {
    // It may close by itself meanwhile (leaving Home closes it): then there is nothing to click.
    await gotIt.click({ timeout: 3000 }).catch(() => undefined);
  });
}
