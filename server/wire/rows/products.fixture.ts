/** Conformance rows (WIRE.md "Products": lock-up, menu, IEO, dual invest, copy trading): see shared.ts. */
import { expect } from 'vitest';
import { arr, family, num, obj, ok, w, type Row } from './shared.fixture';

const ours = (r: Record<string, unknown>, names: string[]) => {
  for (const n of names) expect(r).not.toHaveProperty(n);
};

export const PRODUCTS_ROWS: Row[] = [
  {
    call: 'lh/deposit/config: a plain array {id, currency_id, day, save_min, interest_rate (daily percent)}',
    method: 'GET',
    path: 'lh/deposit/config',
    fields: {},
    auth: false,
    check: (b) => {
      const rows = arr(b.message);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        expect(r).toMatchObject({
          id: expect.any(Number),
          currency_id: expect.any(Number),
          day: expect.any(Number),
          save_min: expect.stringMatching(num),
          interest_rate: expect.stringMatching(num),
        });
        expect(Number(r.interest_rate)).toBeLessThanOrEqual(Number(r.interest_rate_max));
        expect(r).not.toHaveProperty('lock_days');
      }
    },
  },
  {
    call: 'menu: the Home entries with their titles',
    method: 'GET',
    path: 'menu',
    fields: {},
    auth: false,
    check: (b) => {
      const rows = arr(b.message);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(r.title).toEqual(expect.any(String));
    },
  },
  {
    call: 'project {page, limit}: message.list rows with time_status (2 ongoing, 3 ended, 1 not yet) and percentage',
    method: 'GET',
    path: 'project',
    fields: { page: '1', limit: '10' },
    auth: false,
    check: (b) => {
      ok(b);
      const list = arr(obj(b.message).list);
      expect(list.length).toBeGreaterThan(0);
      for (const p of list) {
        expect([1, 2, 3]).toContain(p.time_status);
        expect(String(p.percentage)).toMatch(num);
        ours(p, ['status', 'progress']);
      }
      const live = list.find((p) => p.time_status === 2)!;
      expect(live).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
      w.made.project = String(live.id);
    },
  },
  {
    call: 'project/detail {project_id}: message.info',
    method: 'GET',
    path: 'project/detail',
    fields: () => ({ project_id: w.made.project }),
    auth: false,
    check: (b) => {
      ok(b);
      const info = obj(obj(b.message).info);
      expect(info).toMatchObject({
        id: Number(w.made.project),
        time_status: 2,
        percentage: expect.stringMatching(num),
        description: expect.any(String),
      });
      ours(info, ['status', 'progress']);
    },
  },
  {
    call: 'dual/index {currency_id, type "call"}: message.dual_currencys with name, rate (percent), exercise_price, start_time/end_time, total/purchased/remaining_number, numeric status',
    method: 'GET',
    path: 'dual/index',
    fields: { currency_id: '1', type: 'call' },
    auth: false,
    check: (b) => {
      ok(b);
      const rows = arr(obj(b.message).dual_currencys);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        expect(r).toMatchObject({
          type: 'call',
          currency_id: 1,
          currency_name: 'BTC',
          name: expect.stringContaining('BTC'),
          rate: expect.stringMatching(num),
          exercise_price: expect.stringMatching(num),
          total_number: expect.any(Number),
          purchased_number: expect.any(Number),
        });
        expect(r.remaining_number).toBe(Number(r.total_number) - Number(r.purchased_number));
        // one client: buyable unless Number(status) is 0; 1 on sale
        expect([0, 1]).toContain(r.status);
        expect(r.status === 1).toBe(
          Number(r.remaining_number) > 0 && (r.end_time === null || Date.parse(String(r.end_time)) > Date.now()),
        );
        expect(r.end_time === null ? r.demo : Date.parse(String(r.end_time))).toBeTruthy();
        // the client's holding days: end_time − start_time
        if (r.end_time !== null)
          expect((Date.parse(String(r.end_time)) - Date.parse(String(r.start_time))) / 86_400_000).toBe(r.days);
        else expect(r.start_time).toBeNull();
        ours(r, [
          'total_shares',
          'sold_shares',
          'maturity_at',
          'apr',
          'apr_percent',
          'linked_price',
          'remaining_shares',
        ]);
      }
      expect(rows.some((r) => r.end_time !== null)).toBe(true);
    },
  },
  {
    call: 'dual/index {type "put"} (POST): paid in USDT',
    method: 'POST',
    path: 'dual/index',
    fields: { currency_id: '1', type: 'put' },
    auth: false,
    check: (b) => {
      const open = arr(obj(b.message).dual_currencys).find((r) => r.status === 1)!;
      expect(open).toMatchObject({ type: 'put', invest_currency_name: 'USDT' });
      w.made.dual = String(open.id);
      w.made.dualSold = String(open.purchased_number);
    },
  },
  {
    call: 'dual/detail {id} (GET, the purchase page): rate, name, exercise_price, currency_name, start_time, end_time, remaining_number, type',
    method: 'GET',
    path: 'dual/detail',
    fields: () => ({ id: w.made.dual }),
    auth: false,
    check: (b) => {
      ok(b);
      const d = obj(b.message);
      expect(d).toMatchObject({
        id: Number(w.made.dual),
        type: 'put',
        status: 1,
        currency_name: 'BTC',
        name: expect.any(String),
        rate: expect.stringMatching(num),
        exercise_price: expect.stringMatching(num),
        remaining_number: expect.any(Number),
      });
      // a percent: the client divides by 100 for its estimate
      expect(Number(d.rate)).toBeGreaterThan(1);
      ours(d, ['apr', 'linked_price', 'remaining_shares']);
    },
  },
  {
    call: 'dual/buyDual {id, num (shares)}: the order; the product counts the shares as purchased_number',
    method: 'POST',
    path: 'dual/buyDual',
    fields: () => ({ id: w.made.dual, num: '2' }),
    check: async (b) => {
      ok(b);
      expect(b.message).toMatchObject({ product_id: Number(w.made.dual), num: 2, status: 'purchased' });
      w.made.dualOrder = String(obj(b.message).id);
      const after = arr(
        obj((await family('GET', 'dual/index', { currency_id: '1', type: 'put' }, null)).body.message).dual_currencys,
      );
      expect(after.find((r) => r.id === Number(w.made.dual))!.purchased_number).toBe(Number(w.made.dualSold) + 2);
    },
  },
  {
    call: 'dual/dual_list {page, status ""}: message.list with the order',
    method: 'POST',
    path: 'dual/dual_list',
    fields: { page: '1', limit: '10', status: '' },
    check: (b) => {
      ok(b);
      expect(arr(obj(b.message).list).map((o) => o.id)).toEqual([Number(w.made.dualOrder)]);
    },
  },
  {
    call: 'dual/dual_list status "0" (the family\'s code: purchased) and "2" (success: none yet)',
    method: 'GET',
    path: 'dual/dual_list',
    fields: { page: '1', status: '0' },
    check: async (b) => {
      expect(arr(obj(b.message).list).map((o) => o.id)).toEqual([Number(w.made.dualOrder)]);
      const done = await family('GET', 'dual/dual_list', { page: '1', status: '2' }, w.alice.token);
      expect(obj(done.body.message).list).toEqual([]);
    },
  },
  // copy trading (follow/*): the trader was approved in the back office (conformance.test.ts)
  {
    call: "follow/index {page}: message.data (paginator) rows {id (the trader's user id), nickname, head_portrait, follow_num, is_followed, total_profits, correct_rate}",
    method: 'GET',
    path: 'follow/index',
    fields: { page: '1' },
    auth: false,
    check: (b) => {
      ok(b);
      const p = obj(b.message);
      expect(p).toMatchObject({
        current_page: 1,
        last_page: expect.any(Number),
        total: expect.any(Number),
        per_page: expect.any(Number),
      });
      const row = arr(p.data).find((t) => t.id === w.trader.id)!;
      expect(row).toMatchObject({
        nickname: 'Family Trader',
        follow_num: 0,
        is_followed: 0,
        total_profits: expect.stringMatching(num),
        correct_rate: expect.stringMatching(num),
      });
      expect(row).toHaveProperty('head_portrait');
      ours(row, ['trader_user_id', 'avatar', 'follower_count', 'accuracy', 'total_profit', 'my_state']);
    },
  },
  {
    call: 'follow/traderDetail {trader_user_id}: {trader_info {nickname, head_portrait, signature}, data {follow_num, total_profits, total_income_rate, correct_rate, profitCount, total_count, position_count}, is_followed}',
    method: 'GET',
    path: 'follow/traderDetail',
    fields: () => ({ trader_user_id: String(w.trader.id) }),
    check: (b) => {
      ok(b);
      const m = obj(b.message);
      expect(m.trader_info).toMatchObject({ id: w.trader.id, nickname: 'Family Trader', signature: 'BTC, patient' });
      expect(obj(m.trader_info)).toHaveProperty('head_portrait');
      expect(m.data).toMatchObject({
        follow_num: 0,
        total_profits: expect.stringMatching(num),
        total_income_rate: expect.stringMatching(num),
        correct_rate: expect.stringMatching(num),
        profitCount: 0,
        total_count: 0,
        position_count: 0,
      });
      expect(m.is_followed).toBe(0);
    },
  },
  {
    call: 'follow/follow {trader_user_id, number, type "1" (fixed ratio)}, no agree field',
    method: 'POST',
    path: 'follow/follow',
    fields: () => ({ trader_user_id: String(w.trader.id), number: '1', type: '1' }),
    check: (b) => {
      ok(b);
      expect(b.message).toMatchObject({ trader_user_id: w.trader.id, type: 1, number: '1', status: 'following' });
      w.made.follow = String(obj(b.message).id);
    },
  },
  {
    call: 'follow/follow type "2" (fixed lots): the same follow, now by lots',
    method: 'POST',
    path: 'follow/follow',
    fields: () => ({ trader_user_id: String(w.trader.id), number: '1', type: '2' }),
    check: (b) => expect(b.message).toMatchObject({ id: Number(w.made.follow), type: 2, number: '1' }),
  },
  {
    call: 'lever/my_trade status 1 after the trader opens: the copy is order_type 2',
    method: 'POST',
    path: 'lever/my_trade',
    fields: { currency_id: '1', legal_id: '4', page: '1', status: '1' },
    before: async () => {
      ok(
        (
          await family(
            'POST',
            'lever/submit',
            {
              share: '1',
              multiple: '10',
              legal_id: '4',
              currency_id: '1',
              type: '2',
              status: '1',
              target_price: '999',
              password: '',
            },
            w.trader.token,
          )
        ).body,
      );
      await w.k.app.trade.idle();
      await w.k.app.copytrade.idle();
    },
    check: (b) => {
      const copy = arr(obj(obj(b.message).message).data).find((p) => p.order_type === 2)!;
      expect(copy).toMatchObject({ type: 2, status: 1, share: '1', symbol: 'BTC/USDT' });
      w.made.copy = String(copy.id);
    },
  },
  {
    call: "follow/selfHolding {transaction_id}: the copy is the user's own now",
    method: 'POST',
    path: 'follow/selfHolding',
    fields: () => ({ transaction_id: w.made.copy }),
    check: (b) => expect(b.message).toMatchObject({ transaction_id: Number(w.made.copy), status: 'self_held' }),
  },
  {
    call: 'follow/traderDetail while following: is_followed 1 (follow_num is the hourly figure)',
    method: 'GET',
    path: 'follow/traderDetail',
    fields: () => ({ trader_user_id: String(w.trader.id) }),
    check: (b) => expect(obj(b.message).is_followed).toBe(1),
  },
  {
    call: "follow/cancel {follow_user_id} = the trader's user id (as the trader page sends its uid): the follow ends",
    method: 'POST',
    path: 'follow/cancel',
    fields: () => ({ follow_user_id: String(w.trader.id) }),
    check: async (b) => {
      expect(b.message).toMatchObject({ id: Number(w.made.follow), trader_user_id: w.trader.id, status: 'cancelled' });
      const after = await family('GET', 'follow/traderDetail', { trader_user_id: String(w.trader.id) }, w.alice.token);
      expect(obj(after.body.message).is_followed).toBe(0);
    },
  },
  {
    call: 'lever/close {id} of the self-held copy',
    method: 'POST',
    path: 'lever/close',
    fields: () => ({ id: w.made.copy }),
    check: (b) => expect(b.message).toMatchObject({ id: Number(w.made.copy), status: 3 }),
  },
];
