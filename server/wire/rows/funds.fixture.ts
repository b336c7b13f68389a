/** Conformance rows (WIRE.md "Funds"): see shared.ts. */
import { expect } from 'vitest';
import { arr, num, obj, ok, USDT, type Row } from './shared.fixture';

export const FUNDS_ROWS: Row[] = [
  {
    call: 'user/getTransferFee: {form_price, to_price, fee}',
    method: 'POST',
    path: 'user/getTransferFee',
    fields: { from_currency_id: '1', to_currency_id: '4' },
    check: (b) => {
      expect(obj(b.message)).toMatchObject({
        form_price: expect.stringMatching(num),
        to_price: '1',
        fee: expect.stringMatching(num),
      });
    },
  },
  {
    call: 'wallet/get_info {currency}: {change_balance, min_number, rate}',
    method: 'POST',
    path: 'wallet/get_info',
    fields: { currency: '4' },
    check: (b) => {
      ok(b);
      expect(obj(b.message)).toMatchObject({
        change_balance: expect.stringMatching(num),
        min_number: expect.stringMatching(num),
        rate: expect.stringMatching(num),
      });
      expect(obj(b.message)).not.toHaveProperty('withdraw_min');
    },
  },
  {
    call: 'wallet/getRateCurrency {id} is routed (GET)',
    method: 'GET',
    path: 'wallet/getRateCurrency',
    fields: { id: '1' },
    check: (b) => {
      ok(b);
      expect(String(obj(b.message).rate)).toMatch(num);
    },
  },
  {
    call: 'wallet/list: {change,lever,legal,micro}_wallet, each {usdt_totle, balance: [{currency (id), currency_name, <acct>_balance, lock_<acct>_balance, usdt_price}]}',
    method: 'POST',
    path: 'wallet/list',
    fields: {},
    check: (b) => {
      ok(b);
      const m = obj(b.message);
      for (const acct of ['change', 'lever', 'legal', 'micro']) {
        const w = obj(m[`${acct}_wallet`]);
        expect(String(w.usdt_totle)).toMatch(num);
        const usdt = arr(w.balance).find((r) => r.currency === USDT)!;
        expect(usdt).toMatchObject({ currency_name: 'USDT', usdt_price: '1' });
        for (const f of [`${acct}_balance`, `lock_${acct}_balance`]) expect(String(usdt[f])).toMatch(num);
      }
      // the micro wallet holds what the seconds order left: 1000 − 100 staked, 100 frozen
      expect(arr(obj(m.micro_wallet).balance).find((r) => r.currency === USDT)).toMatchObject({
        micro_balance: '900',
        lock_micro_balance: '100',
      });
      expect(m).not.toHaveProperty('accounts');
    },
  },
  {
    call: 'wallet/detail {currency, type: "change"}: the account named by string',
    method: 'POST',
    path: 'wallet/detail',
    fields: { currency: '4', type: 'change' },
    check: (b) =>
      expect(obj(b.message)).toMatchObject({ currency_id: USDT, type: 2, available: expect.stringMatching(num) }),
  },
  {
    call: 'wallet/change {currency_id, number, from_field: "change", to_field: "lever"}',
    method: 'POST',
    path: 'wallet/change',
    fields: { currency_id: '4', number: '10', from_field: 'change', to_field: 'lever' },
    check: (b) => expect(obj(b.message)).toMatchObject({ number: '10', from_field: 'change', to_field: 'lever' }),
  },
  {
    call: "wallet/legal_log {type: 4 (the number), currency, page}: the micro account's records",
    method: 'POST',
    path: 'wallet/legal_log',
    fields: { type: '4', currency: '4', page: '1' },
    check: (b) => {
      ok(b);
      expect(Number(obj(b.message).total)).toBeGreaterThan(0);
    },
  },
  {
    call: 'user/Transfer (capital T) {number, from_currency_id, to_currency_id}',
    method: 'POST',
    path: 'user/Transfer',
    fields: { number: '10', from_currency_id: '4', to_currency_id: '1' },
    check: (b) => ok(b),
  },
];
