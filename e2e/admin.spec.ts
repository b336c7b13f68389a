import { startOwnServer, type OwnServer, tsxCommand } from './own-server';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { goTo, latestCode, logInAs, shot, uniqueEmail } from './helpers';

/**
 * The back office's trader and product screens as an operator uses them: applications made by
 * freshly registered users through the public API are approved and rejected (the users then see
 * the outcome), and IEO projects are created from the form and show up for customers. Operators
 * are made with the real CLI before the server starts, so this file runs its own server.
 */
const PORT = Number(process.env.ADMIN_E2E_PORT ?? 8141);
const BASE = `http://127.0.0.1:${PORT}`;
const OP = { name: 'e2e-admin-op', password: 'operator-pass-2' };

let server: OwnServer | undefined;

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({
    port: PORT,
    name: 'admin',
    // the trader queue holds this spec's applicants; the demo traders' past (seconds of seeding) is not needed
    env: { DEMO_COPY_HISTORY: 'off' },
    beforeStart: (env) =>
      execFileSync(...tsxCommand('server/admin/cli.ts', 'create', OP.name, OP.password), { env, stdio: 'inherit' }),
  });
});

test.afterAll(async () => {
  await server?.stop();
});

interface Reply<T> {
  type: string;
  message: T;
}

/** Registers through the public API (code from the dev outbox) and logs in; returns the token. */
async function register(request: APIRequestContext, email: string): Promise<string> {
  const password = 'secret-pass-1';
  expect(
    (
      (await (
        await request.post('/api/sms_mail', { form: { user_string: email, scene: 'register' } })
      ).json()) as Reply<unknown>
    ).type,
  ).toBe('ok');
  const code = await latestCode(request, email);
  const reg = (await (
    await request.post('/api/user/register', { form: { user_string: email, password, re_password: password, code } })
  ).json()) as Reply<unknown>;
  expect(reg.type, JSON.stringify(reg)).toBe('ok');
  const login = (await (
    await request.post('/api/user/login', { form: { user_string: email, password } })
  ).json()) as Reply<string>;
  expect(login.type).toBe('ok');
  return login.message;
}

async function api<T>(
  request: APIRequestContext,
  method: 'get' | 'post',
  url: string,
  token: string,
  form: Record<string, string> = {},
): Promise<Reply<T>> {
  const headers = { authorization: token, lang: 'en' };
  const res =
    method === 'get'
      ? await request.get(`/api/${url}`, { headers })
      : await request.post(`/api/${url}`, { headers, form });
  return (await res.json()) as Reply<T>;
}

/** Local "YYYY-MM-DDTHH:mm" for a datetime-local input (the browser runs on this machine's clock and zone). */
function localInput(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A screenshot once toasts and dialogs have gone, so the screen itself is what is seen. */
async function settledShot(op: Page, name: string) {
  await expect(op.locator('.adm-toast-main')).toHaveCount(0);
  await expect(op.getByRole('dialog')).toHaveCount(0);
  await shot(op, name);
}

async function giveReason(op: Page, reason: string) {
  const dialog = op.getByRole('dialog');
  await dialog.locator('textarea').fill(reason);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}

test('an operator reviews trader applications and creates IEO projects', async ({ page: op, request }) => {
  const stamp = String(Date.now()).slice(-6);
  const approvedNick = `Steady${stamp}`;
  const rejectedNick = `Rash${stamp}`;

  // ── two freshly registered users apply to be copy-trading traders through the API ──
  const alice = await register(request, uniqueEmail('trader-ok'));
  const bob = await register(request, uniqueEmail('trader-no'));
  expect(
    (
      await api(request, 'post', 'follow/apply', alice, {
        nickname: approvedNick,
        introduction: 'Trend following on BTC, small size, strict stops.',
      })
    ).type,
  ).toBe('ok');
  expect(
    (await api(request, 'post', 'follow/apply', bob, { nickname: rejectedNick, introduction: '100x every day.' })).type,
  ).toBe('ok');

  // ── the operator signs in ──
  await op.goto('/h5/admin/');
  await op.getByPlaceholder('Operator name').fill(OP.name);
  await op.getByPlaceholder('Password').fill(OP.password);
  await op.getByRole('button', { name: 'Sign in' }).click();
  await expect(op.getByText(`Back office · ${OP.name}`)).toBeVisible();

  // the session is an HttpOnly cookie for /admin/api only; no script on the origin sees a token
  const [cookie] = (await op.context().cookies()).filter((c) => c.name === 'h5_operator');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin/api' });
  const visible = await op.evaluate(() =>
    JSON.stringify([document.cookie, { ...localStorage }, { ...sessionStorage }]),
  );
  expect(visible).not.toContain(cookie.value);
  await op.reload(); // the cookie, not the tab's memory, keeps the operator signed in
  await expect(op.getByText(`Back office · ${OP.name}`)).toBeVisible();

  // ── Traders: both applications wait in the pending queue ──
  await openTab(op, 'Traders');
  const queue = op.getByTestId('queue-trader');
  const items = queue.getByTestId('trader-item');
  await expect(items.filter({ hasText: approvedNick })).toBeVisible();
  await expect(items.filter({ hasText: rejectedNick })).toBeVisible();
  await expect(items.filter({ hasText: approvedNick })).toContainText('Trend following on BTC');
  await settledShot(op, 'admin-traders-pending');

  await items.filter({ hasText: approvedNick }).getByRole('button', { name: 'Approve' }).click();
  await expect(items.filter({ hasText: approvedNick })).toHaveCount(0);

  // a rejection is refused without a reason, then recorded with one
  await items.filter({ hasText: rejectedNick }).getByRole('button', { name: 'Reject' }).click();
  await op.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(op.getByRole('dialog')).toBeVisible();
  await giveReason(op, 'Leverage too high for a copied strategy');
  await expect(queue.getByText('No pending trader requests')).toBeVisible();

  await queue.getByText('Rejected', { exact: true }).click();
  const rejected = items.filter({ hasText: rejectedNick });
  await expect(rejected).toContainText('Reason: Leverage too high for a copied strategy');
  await expect(rejected).toContainText(`by ${OP.name}`);
  await settledShot(op, 'admin-traders-rejected');

  // the applicants see the outcome, and the approved trader is listed for followers at once
  expect((await api<{ status: string }>(request, 'get', 'follow/myTrader', alice)).message.status).toBe('approved');
  expect((await api<{ status: string; reason: string }>(request, 'get', 'follow/myTrader', bob)).message).toMatchObject(
    { status: 'rejected', reason: 'Leverage too high for a copied strategy' },
  );
  const listed = (await (await request.get('/api/follow/index?page=1&limit=50')).json()) as Reply<{
    data: { nickname: string }[];
  }>;
  expect(listed.message.data.map((t) => t.nickname)).toContain(approvedNick);
  expect(listed.message.data.map((t) => t.nickname)).not.toContain(rejectedNick);

  // ── Products: create an IEO project from the form (default times: starts at the next hour) ──
  await openTab(op, 'Products');
  const products = op.getByTestId('admin-products');
  await products.getByRole('button', { name: 'New IEO project' }).click();
  const form = op.getByTestId('ieo-create');
  const symbol = `E${stamp}`;
  await form.getByLabel('Project name').fill('Harbour Token');
  await form.getByLabel('Token symbol').fill(symbol.toLowerCase());
  await form.getByLabel('Issue price (USDT)').fill('0.25');
  await form.getByLabel('Total issuance (tokens)').fill('abc');
  await form.getByRole('button', { name: 'Create project' }).click();
  await expect(form.getByText('A plain decimal, e.g. 0.5')).toBeVisible();
  await form.getByLabel('Total issuance (tokens)').fill('2000000');
  await form.getByLabel('Maximum per order (optional)').fill('50000');
  await form.getByLabel('Website (optional)').fill('https://harbour.example.com');
  await form.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await settledShot(op, 'admin-ieo-form');
  await form.getByRole('button', { name: 'Create project' }).click();
  await giveReason(op, 'Listing agreed with the Harbour team');
  await expect(op.getByText(/^Created Harbour Token \(#\d+\)$/)).toBeVisible();
  const card = products.getByTestId('ieo-item').filter({ hasText: `Harbour Token · ${symbol}` });
  await expect(card).toContainText('warm-up');
  await expect(card).toContainText('2,000,000 ' + symbol); // figures grouped as the language writes them
  await expect(card).toContainText('0.25 (USDT)');
  await expect(card.getByRole('button', { name: 'Finalise now' })).toHaveCount(0);
  await settledShot(op, 'admin-ieo-list');

  // customers see it on the IEO list
  const pub = (await (await request.get('/api/project?page=1&limit=50')).json()) as Reply<{
    list: { symbol: string; time_status: number }[];
  }>;
  // the family's time_status: 1 not started yet
  expect(pub.message.list).toContainEqual(expect.objectContaining({ symbol, time_status: 1 }));

  // ── a project whose subscription has already ended is allotted (by the button, or the job first) ──
  await products.getByRole('button', { name: 'New IEO project' }).click();
  const now = Date.now();
  await form.getByLabel('Project name').fill('Closed Round');
  await form.getByLabel('Token symbol').fill(`C${stamp}`);
  await form.getByLabel('Issue price (USDT)').fill('1');
  await form.getByLabel('Total issuance (tokens)').fill('1000');
  await form.getByLabel('Subscription starts').fill(localInput(now - 2 * 86_400_000));
  await form.getByLabel('Subscription ends').fill(localInput(now - 3_600_000));
  await form.getByLabel('Listing time').fill(localInput(now + 86_400_000));
  await form.getByRole('button', { name: 'Create project' }).click();
  await giveReason(op, 'Back-filled round');
  const closed = products.getByTestId('ieo-item').filter({ hasText: `Closed Round · C${stamp}` });
  await expect(closed).toContainText('finished');
  const finalise = closed.getByRole('button', { name: 'Finalise now' });
  if (await finalise.isVisible()) {
    await finalise.click();
    await op.getByRole('dialog').getByRole('button', { name: 'Finalise' }).click();
  } else {
    await products.getByRole('button', { name: 'Refresh' }).click();
  }
  await expect(closed).toContainText('allotted');
  await expect(closed).toContainText(/Allotted to\s*0 orders/);
  await expect(finalise).toHaveCount(0);
  await settledShot(op, 'admin-ieo-finalised');

  // signing out clears the cookie: a reload shows the sign-in form again
  await op.getByRole('button', { name: 'Log out' }).click();
  await expect(op.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect((await op.context().cookies()).filter((c) => c.name === 'h5_operator')).toEqual([]);
  await op.reload();
  await expect(op.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // ── 中文: the header's switch shows the back office in Chinese, remembered across a
  // reload; the server's own error messages come back in it too (the lang header) ──
  await op.getByPlaceholder('Operator name').fill(OP.name);
  await op.getByPlaceholder('Password').fill(OP.password);
  await op.getByRole('button', { name: 'Sign in' }).click();
  await op.getByTestId('admin-lang').getByRole('button', { name: '中文' }).click();
  await expect(op.getByRole('heading', { name: `后台管理 · ${OP.name}` })).toBeVisible();
  await expect(op.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(op.getByTestId('admin-lang').getByRole('button', { name: '中文' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // the pending list's answer is held until the rejected filter's list shows, then let go: a late
  // answer for the old filter must not paint over the new one (CI once raced into exactly that)
  const pendingList = /\/admin\/api\/traders\?(.*&)?status=pending/;
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await op.route(pendingList, async (route) => {
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  await openTab(op, '交易员');
  await queue.getByText('已拒绝', { exact: true }).first().click();
  await expect(rejected).toContainText('原因：Leverage too high for a copied strategy');
  const lateAnswer = op.waitForResponse(pendingList);
  release();
  await lateAnswer;
  await op.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 200))));
  await op.unroute(pendingList);
  await expect(rejected).toContainText('原因：Leverage too high for a copied strategy');
  await expect(rejected).toContainText(`审核人 ${OP.name}`);
  await expect(queue.getByRole('button', { name: '通过' })).toHaveCount(0);
  await zhShots(op, 'admin-zh-traders');
  await openTab(op, '产品');
  await expect(card).toContainText('预热中');
  await expect(card).toContainText('发行总量');
  await expect(closed).toContainText(/已分配给\s*0 笔/);
  await zhShots(op, 'admin-zh-products');

  await op.reload();
  await expect(op.getByRole('heading', { name: `后台管理 · ${OP.name}` })).toBeVisible();
  await op.getByRole('button', { name: '退出登录' }).click();
  await op.getByPlaceholder('运营人员账号').fill(OP.name);
  await op.getByPlaceholder('密码').fill('not-the-password-1');
  await op.getByRole('button', { name: '登录', exact: true }).click();
  await expect(op.locator('.adm-toast-main')).toHaveText('登录失败，账号或密码错误');
  // and back: English again, with the same server error in English
  await op.getByTestId('admin-lang').getByRole('button', { name: 'EN' }).click();
  await op.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    op.locator('.adm-toast-main').filter({ hasText: 'Login failed: wrong account or password' }),
  ).toBeVisible();
});

/**
 * A tab of the back office, opened and shown selected. Right after a viewport change the tab row
 * may still be scrolling to its active tab, so a click can land on its neighbour: click again
 * until the asked one is selected (what an operator does when a tap misses).
 */
async function openTab(op: Page, name: string) {
  const tab = op.getByRole('tab', { name });
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** The screen in Chinese on a phone (390×844) and on a desk (1280×800), then back to the phone. */
async function zhShots(op: Page, name: string) {
  await settledShot(op, `${name}-390`);
  await op.setViewportSize({ width: 1280, height: 800 });
  await settledShot(op, `${name}-desktop`);
  await op.setViewportSize({ width: 390, height: 844 });
}

test('a subscriber checks their IEO allotment: the published subscription list, allotted again in the page', async ({
  page,
  request,
}) => {
  // the operator opens a short round (API, signed in with the cookie like the back office)
  const opHeaders = { 'x-operator-csrf': '1', origin: BASE };
  expect(
    (
      await (
        await request.post('/admin/api/login', { headers: opHeaders, form: { name: OP.name, password: OP.password } })
      ).json()
    ).type,
  ).toBe('ok');
  const now = Date.now();
  const stamp = String(now).slice(-5);
  const body = {
    name: 'Proof Round',
    symbol: `P${stamp}`,
    issue_price: '0.5',
    total_issuance: '1000',
    min_amount: '1',
    lock_days: '10',
    start_at: String(now - 1000),
    end_at: String(now + 8000),
    listing_at: String(now + 7_200_000),
    website: 'https://example.com',
    reason: 'proof e2e',
  };
  const created = (await (
    await request.post('/admin/api/ieo/projects', { headers: opHeaders, form: body })
  ).json()) as Reply<{ id: number }>;
  expect(created.type, JSON.stringify(created)).toBe('ok');
  const projectId = created.message.id;

  // the demo trader applies for 3,000 of the 1,000 issued: oversubscribed, allotted pro rata
  const login = (await (
    await request.post('/api/user/login', {
      form: { user_string: 'demo.trader@example.com', password: 'demo-trader-2024' },
    })
  ).json()) as Reply<string>;
  const sub = await api<unknown>(request, 'post', 'project/order', login.message, {
    project_id: String(projectId),
    amount: '3000',
    pay_currency: '4',
    price: '0.5',
  });
  expect(sub.type, JSON.stringify(sub)).toBe('ok');
  await expect
    .poll(
      async () => {
        await request.post('/admin/api/ieo/finalise', { headers: opHeaders, form: { project_id: String(projectId) } });
        return (
          (await (await request.get(`/api/project/detail?project_id=${projectId}`)).json()) as Reply<{
            info: { finalised: boolean };
          }>
        ).message.info.finalised;
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(true);

  await logInAs(page, { email: 'demo.trader@example.com', password: 'demo-trader-2024' });
  await goTo(page, 'ieo/order');
  const card = page.getByTestId('ieo-order').filter({ hasText: `P${stamp}` });
  await card.getByTestId('ieo-proof').locator('summary').click();
  await expect(card.getByTestId('ieo-proof-verdict')).toHaveAttribute('data-ok', 'true');
  await expect(card.getByTestId('ieo-proof')).toContainText('3000 × 1000 ÷ 3000');
  await card.getByTestId('ieo-proof').scrollIntoViewIfNeeded();
  await shot(page, 'ieo-allotment-proof');
});
