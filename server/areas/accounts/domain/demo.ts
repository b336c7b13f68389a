/**
 * The local demo's trading account: a clearly labelled demo user with demo balances, credited
 * through the ledger (journal reason 'demo_grant') so every balance still equals its journal.
 * Seeded only when the demo is on (config.demoUser, DEMO_USER: on by default for a local start; off
 * under tests and in production unless set) — the start-up runs demo seeds only then
 * (server/plugins/startup.ts). Seeded once: an existing demo user is left as it is.
 */
import type { Kysely } from 'kysely';
import { ACCOUNT_TYPES } from '../../../../core';
import type { Database } from '../../../db/schema';
import { credit } from '../../../db/ledger';
import { hashPassword } from '../../../auth/passwords';

export const DEMO_EMAIL = 'demo.trader@example.com';
export const DEMO_PASSWORD = 'demo-trader-2024';
const DEMO_INVITE = 'DEMOTRDR';

const GRANTS: { currencyId: number; type: number; amount: string }[] = [
  { currencyId: 4, type: ACCOUNT_TYPES.change, amount: '100000' },
  { currencyId: 4, type: ACCOUNT_TYPES.lever, amount: '50000' },
  { currencyId: 4, type: ACCOUNT_TYPES.micro, amount: '20000' },
  { currencyId: 1, type: ACCOUNT_TYPES.change, amount: '2' },
  { currencyId: 2, type: ACCOUNT_TYPES.change, amount: '20' },
];

export async function seedDemoUser(
  db: Kysely<Database>,
  log?: { info(obj: object, msg?: string): void },
): Promise<void> {
  const exists = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
  if (exists) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const u = await trx
      .insertInto('users')
      .values({
        email: DEMO_EMAIL,
        password_hash: passwordHash,
        nickname: 'DEMO',
        signature: 'Demo account — demo balances, not real funds',
        invite_code: DEMO_INVITE,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!u) return;
    for (const g of GRANTS)
      await credit(trx, {
        userId: u.id,
        currencyId: g.currencyId,
        type: g.type,
        amount: g.amount,
        reason: 'demo_grant',
        ref: { type: 'demo', id: u.id },
      });
  });
  log?.info({ email: DEMO_EMAIL }, 'demo trading user seeded');
}

/** The start-up banner line. */
export function demoBannerLine(enabled: boolean): string {
  return enabled
    ? `  Demo user   ${DEMO_EMAIL} / ${DEMO_PASSWORD}  (DEMO account: 100000 USDT spot, 50000 USDT contracts, 20000 USDT seconds, 2 BTC, 20 ETH — demo balances only)`
    : '  Demo user   off (DEMO_USER=on to seed it)';
}
