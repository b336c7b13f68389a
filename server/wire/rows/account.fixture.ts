/** Conformance rows (WIRE.md "Account", and `optional/*` of "Market"): see shared.ts. */
import { expect } from 'vitest';
import { lastCode } from '../../testing/app';
import { arr, family, obj, ok, w, type Row } from './shared.fixture';

const MOBILE = '13800138000';
const PASSWORD = 'Family2024x';

export const ACCOUNT_ROWS: Row[] = [
  {
    call: 'real/state: review_status and advanced_review_status (0 none)',
    method: 'GET',
    path: 'real/state',
    fields: {},
    check: (b) => {
      expect(obj(b.message)).toMatchObject({ review_status: 0, advanced_review_status: 0 });
      expect(obj(b.message)).not.toHaveProperty('state1');
    },
  },
  {
    call: 'user/real {real_type 1, id_type "1" (passport), name, card_id}: pending review',
    method: 'POST',
    path: 'user/real',
    fields: { real_type: '1', id_type: '1', name: 'Li Hua', card_id: 'e12345678' },
    // verification asks for a bound email and phone first (the security centre's bindings)
    before: async () =>
      void (await w.k.app.db
        .updateTable('users')
        .set({ mobile: '13900139000', area_code: '86' })
        .where('id', '=', w.alice.id)
        .execute()),
    check: async (b) => {
      ok(b);
      expect(obj(b.message)).toMatchObject({ review_status: 1, advanced_review_status: 0 });
      const row = await w.k.app.db
        .selectFrom('kyc_submissions')
        .select(['id_type', 'card_id'])
        .where('user_id', '=', w.alice.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ id_type: 'passport', card_id: 'E12345678' });
    },
  },
  {
    call: 'real/state after user/real: review_status 1 (pending)',
    method: 'GET',
    path: 'real/state',
    fields: {},
    check: (b) => expect(obj(b.message)).toMatchObject({ review_status: 1 }),
  },
  {
    call: 'user/register {user_string, password, re_password, code, area_code "+86", invitecode}: the inviter and the area code as sent',
    method: 'POST',
    path: 'user/register',
    auth: false,
    before: async () => {
      // the family's sms_send-style code request sends the area code without its `+`
      ok((await family('POST', 'sms_mail', { user_string: MOBILE, scene: 'register', area_code: '86' }, null)).body);
      w.made.regCode = await lastCode(w.k.app, `+86 ${MOBILE}`);
      const a = await w.k.app.db
        .selectFrom('users')
        .select('invite_code')
        .where('id', '=', w.alice.id)
        .executeTakeFirstOrThrow();
      w.made.invite = a.invite_code;
    },
    fields: () => ({
      user_string: MOBILE,
      area_code: '+86',
      password: PASSWORD,
      re_password: PASSWORD,
      code: w.made.regCode,
      invitecode: w.made.invite,
      type: '',
    }),
    check: async (b) => {
      ok(b);
      const u = await w.k.app.db
        .selectFrom('users')
        .select(['area_code', 'invited_by'])
        .where('mobile', '=', MOBILE)
        .executeTakeFirstOrThrow();
      expect(u).toEqual({ area_code: '86', invited_by: w.alice.id });
    },
  },
  {
    call: 'user/login {user_string, password}: message is the token string (sent raw afterwards)',
    method: 'POST',
    path: 'user/login',
    fields: { user_string: MOBILE, password: PASSWORD },
    auth: false,
    check: async (b) => {
      ok(b);
      expect(b.message).toEqual(expect.stringMatching(/^\S{20,}$/));
      const me = await family('GET', 'user/info', {}, b.message as string);
      expect(me.body.type).toBe('ok');
    },
  },
  {
    call: 'optional/add {currency_id, legal_id}',
    method: 'POST',
    path: 'optional/add',
    fields: { currency_id: '2', legal_id: '4' },
    check: (b) => ok(b),
  },
  {
    call: 'optional/list: rows with id (for optional/del) and currency_id',
    method: 'GET',
    path: 'optional/list',
    fields: {},
    check: (b) => {
      const row = arr(b.message).find((r) => r.currency_id === 2)!;
      expect(row.id).toEqual(expect.any(Number));
      w.made.favourite = String(row.id);
    },
  },
  {
    call: 'optional/del {id} (the optional/list row id)',
    method: 'POST',
    path: 'optional/del',
    fields: () => ({ id: w.made.favourite }),
    check: (b) => expect(b.message).toEqual({ removed: true }),
  },
];
