/** Conformance rows (WIRE.md "Market", "Spot", "Contracts", "Seconds options"): see shared.ts. */
import { expect } from 'vitest';
import { arr, num, obj, ok, USDT, w, type Row } from './shared.fixture';

export const TRADE_ROWS: Row[] = [
  {
    call: 'quotation_new: message[0].quotation[] with the row fields',
    method: 'GET',
    path: 'currency/quotation_new',
    fields: {},
    auth: false,
    check: (b) => {
      ok(b);
      const g = arr(b.message)[0];
      expect(g).toMatchObject({ id: USDT, name: 'USDT' });
      const btc = arr(g.quotation).find((r) => r.currency_name === 'BTC')!;
      expect(btc).toMatchObject({
        id: 1,
        currency_id: 1,
        legal_id: USDT,
        legal_name: 'USDT',
        now_price: '50000',
        logo: '/h5/coins/BTC.svg',
        lever_share_num: '0.001',
        spread: '0',
      });
      for (const f of ['change', 'volume', 'lever_trade_fee']) expect(String(btc[f])).toMatch(num);
      expect(btc).not.toHaveProperty('last'); // one name per field
    },
  },
  {
    call: 'new_timeshar: {code, msg, data} outside the envelope, seconds in, ms out, family period',
    method: 'GET',
    path: 'currency/new_timeshar',
    fields: { symbol: 'BTC/USDT', period: '1D', from: '0', to: String(Math.floor(Date.UTC(2025, 0, 7) / 1000)) },
    auth: false,
    check: (b) => {
      expect(b.code).toBe(1);
      expect(typeof b.msg).toBe('string');
      const bar = arr(b.data).at(-1)!;
      expect(bar).toMatchObject({ close: '50000', time: Date.UTC(2025, 0, 6) });
      for (const f of ['open', 'high', 'low', 'volume']) expect(String(bar[f])).toMatch(num);
    },
  },
  {
    call: 'lever/deal: user_lever, multiple.muit/share [{value}], lever_share_limit, last_price, my_transaction',
    method: 'POST',
    path: 'lever/deal',
    fields: { currency_id: '1', legal_id: '4' },
    check: (b) => {
      ok(b);
      const m = obj(b.message);
      expect(m).toMatchObject({
        user_lever: '10000',
        last_price: '50000',
        lever_share_limit: { min: '1', max: '1000' },
        my_transaction: [],
        lever_transaction: { in: [], out: [] },
      });
      const multiple = m.multiple as { muit: { value: number }[]; share: { value: string }[] };
      expect(multiple.muit.map((x) => x.value)).toContain(10);
      expect(multiple.share[0]).toEqual({ value: '1' });
      for (const f of ['ustd_price', 'ExRAte']) expect(String(m[f])).toMatch(num);
    },
  },
  {
    call: 'lever/submit: type 1 long, status 1 market, target_price placeholder, empty password',
    method: 'POST',
    path: 'lever/submit',
    fields: {
      share: '2',
      multiple: '10',
      legal_id: '4',
      currency_id: '1',
      type: '1',
      status: '1',
      target_price: '999',
      password: '',
    },
    check: (b) => {
      ok(b);
      expect(b.message).toMatchObject({
        status: 1,
        type: 1,
        share: '2',
        price: '50000',
        multiple: 10,
        order_type: 1,
        price_type: 'market',
      });
      // ours beside the family's fields (docs/wire.md): the venue levels a market entry walked
      expect(obj(b.message).open_walk).toMatchObject({
        book_seq: expect.any(Number),
        dp: expect.any(Number),
        levels: [expect.objectContaining({ price: expect.stringMatching(num), qty: expect.stringMatching(num) })],
      });
    },
  },
  {
    call: 'lever/submit: type 2 short, status 0 limit at target_price',
    method: 'POST',
    path: 'lever/submit',
    fields: {
      share: '1',
      multiple: '10',
      legal_id: '4',
      currency_id: '1',
      type: '2',
      status: '0',
      target_price: '51000',
      password: '',
    },
    check: (b) => {
      ok(b);
      expect(b.message).toMatchObject({
        status: 0,
        type: 2,
        price: null,
        price_type: 'limit',
        target_price: '51000',
        open_walk: null,
      });
    },
  },
  {
    call: 'lever/my_trade status 1: rate_profits_total and a paginator of holdings',
    method: 'POST',
    path: 'lever/my_trade',
    fields: { currency_id: '1', legal_id: '4', page: '1', status: '1' },
    check: (b) => {
      ok(b);
      const m = obj(b.message);
      expect(obj(m.rate_profits_total)).toHaveProperty('hazard_rate');
      expect(String(obj(m.rate_profits_total).profits_total)).toMatch(num);
      expect(obj(m.message)).toMatchObject({ current_page: 1, last_page: 1, total: 1, per_page: 10 });
      const pos = arr(obj(m.message).data)[0];
      // a position as the clients' holding lists read it (WIRE.md "Contracts")
      expect(pos).toMatchObject({
        type: 1,
        status: 1,
        symbol: 'BTC/USDT',
        share: '2',
        multiple: 10,
        price: '50000',
        update_price: '50000',
        order_type: 1,
        target_profit_price: null,
        stop_loss_price: null,
      });
      for (const f of ['caution_money', 'trade_fee', 'overnight_money', 'profits']) expect(String(pos[f])).toMatch(num);
      expect(pos.transaction_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      for (const ours of [
        'side',
        'lots',
        'open_price',
        'margin',
        'fee',
        'overnight_fee',
        'profit',
        'current_price',
        'copied',
      ])
        expect(pos).not.toHaveProperty(ours);
    },
  },
  {
    call: 'lever/my_trade status 0: the pending (limit) order',
    method: 'POST',
    path: 'lever/my_trade',
    fields: { currency_id: '1', legal_id: '4', page: '1', status: '0' },
    check: (b) => expect(arr(obj(obj(b.message).message).data).map((p) => p.status)).toEqual([0]),
  },
  {
    call: 'lever/batch_close type 2: shorts only (none open: nothing closed)',
    method: 'POST',
    path: 'lever/batch_close',
    fields: { type: '2' },
    check: (b) => expect(b.message).toMatchObject({ closed: 0 }),
  },
  {
    call: 'lever/batch_close type 1: the long closes',
    method: 'POST',
    path: 'lever/batch_close',
    fields: { type: '1' },
    check: (b) => expect(b.message).toMatchObject({ closed: 1 }),
  },
  {
    call: 'lever/my_trade status 3: closed history',
    method: 'POST',
    path: 'lever/my_trade',
    fields: { currency_id: '1', legal_id: '4', page: '1', status: '3' },
    check: (b) =>
      expect(arr(obj(obj(b.message).message).data)).toEqual([
        expect.objectContaining({ status: 3, type: 1, price: '50000', update_price: '50000', close_reason: 'batch' }),
      ]),
  },
  // setstop on an open long: levels set, then cleared by empty strings (WIRE.md "Contracts")
  {
    call: 'lever/submit for setstop: a long to set levels on',
    method: 'POST',
    path: 'lever/submit',
    fields: {
      share: '1',
      multiple: '10',
      legal_id: '4',
      currency_id: '1',
      type: '1',
      status: '1',
      target_price: '999',
      password: '',
    },
    check: (b) => {
      ok(b);
      w.made.stops = String(obj(b.message).id);
    },
  },
  {
    call: 'lever/setstop {id, target_profit_price, stop_loss_price}: the position with both levels',
    method: 'POST',
    path: 'lever/setstop',
    fields: () => ({ id: w.made.stops, target_profit_price: '60000', stop_loss_price: '40000' }),
    check: (b) => {
      ok(b);
      expect(b.message).toMatchObject({
        id: Number(w.made.stops),
        type: 1,
        status: 1,
        target_profit_price: '60000',
        stop_loss_price: '40000',
      });
    },
  },
  {
    call: 'lever/setstop with empty strings: both levels cleared',
    method: 'POST',
    path: 'lever/setstop',
    fields: () => ({ id: w.made.stops, target_profit_price: '', stop_loss_price: '' }),
    check: (b) => {
      ok(b);
      expect(b.message).toMatchObject({ id: Number(w.made.stops), target_profit_price: null, stop_loss_price: null });
    },
  },
  {
    call: 'lever/setstop clearing one level keeps the other',
    method: 'POST',
    path: 'lever/setstop',
    fields: () => ({ id: w.made.stops, target_profit_price: '', stop_loss_price: '45000' }),
    check: (b) => expect(b.message).toMatchObject({ target_profit_price: null, stop_loss_price: '45000' }),
  },
  {
    call: 'lever/close {id}: the position closes (status 3)',
    method: 'POST',
    path: 'lever/close',
    fields: () => ({ id: w.made.stops }),
    check: (b) => expect(b.message).toMatchObject({ id: Number(w.made.stops), status: 3, type: 1 }),
  },
  {
    call: 'microtrade/seconds: rows {seconds, profit_ratio (percent), min_amount}',
    method: 'GET',
    path: 'microtrade/seconds',
    fields: {},
    auth: false,
    check: (b) => expect(arr(b.message)[0]).toMatchObject({ seconds: 30, profit_ratio: '15', min_amount: '10' }),
  },
  {
    call: 'microtrade/payable_currencies: message[0].id and user_wallet.micro_with_insurance',
    method: 'GET',
    path: 'microtrade/payable_currencies',
    fields: {},
    check: (b) => {
      const usdt = arr(b.message).find((c) => c.id === USDT)!;
      expect(usdt).toMatchObject({
        name: 'USDT',
        user_wallet: { micro_with_insurance: '1000', micro_balance: '1000', lock_micro_balance: '0' },
      });
    },
  },
  {
    call: 'microtrade/submit: match_id = quotation row id, type 1 up',
    method: 'POST',
    path: 'microtrade/submit',
    fields: { match_id: '1', currency_id: '4', type: '1', seconds: '30', number: '100' },
    check: (b) => {
      ok(b);
      expect(b.message).toMatchObject({ type: 1, seconds: 30, number: '100', status: 1, symbol_name: 'BTC/USDT' });
      expect(obj(b.message).id).toBeTypeOf('number');
    },
  },
  {
    call: 'microtrade/lists status 1: a paginator of open orders (GET)',
    method: 'GET',
    path: 'microtrade/lists',
    fields: { match_id: '1', status: '1', page: '1', limit: '10' },
    check: (b) => {
      const p = obj(b.message);
      expect(p).toMatchObject({ current_page: 1, last_page: 1, total: 1, per_page: 10 });
      expect(arr(p.data)[0]).toMatchObject({
        symbol_name: 'BTC/USDT',
        type: 1,
        seconds: 30,
        number: '100',
        open_price: '50000',
        end_price: null,
        fact_profits: null,
        handled_at: null,
        status: 1,
        profit_ratio: '15',
      });
      expect(arr(p.data)[0].remain_milli_seconds).toBeGreaterThan(0);
    },
  },
  {
    call: 'microtrade/lists status 3: history (empty yet)',
    method: 'GET',
    path: 'microtrade/lists',
    fields: { match_id: '1', status: '3', page: '1', limit: '10' },
    check: (b) => expect(obj(b.message)).toMatchObject({ data: [], total: 0 }),
  },
  {
    call: 'microtrade/get_result {id}: the order, fact_profits once settled',
    method: 'GET',
    path: 'microtrade/get_result',
    fields: { id: '1' },
    check: (b) => expect(b.message).toMatchObject({ id: 1, open_price: '50000', fact_profits: null }),
  },
  {
    call: 'coin/trade type 1 buy with a price only (no market/limit flag)',
    method: 'POST',
    path: 'coin/trade',
    fields: { amount: '0.01', target_price: '49000', currency_id: '1', legal_id: '4', type: '1' },
    check: (b) => expect(b.message).toMatchObject({ side: 'buy', kind: 'limit', status: 'open' }),
  },
  {
    call: 'coin/list: a plain array of orders',
    method: 'GET',
    path: 'coin/list',
    fields: {},
    check: (b) => expect(arr(b.message).map((o) => o.side)).toEqual(['buy']),
  },
];
