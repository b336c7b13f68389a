/** Site settings: rows in `settings` with defaults from the environment config; every area reads them. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AppConfig } from '../config';

export async function getSetting(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

function truthy(v: string): boolean {
  return ['1', 'on', 'true', 'yes'].includes(v.trim().toLowerCase());
}

/** The `invite_required` setting when an operator has written it, else INVITE_REQUIRED. */
export async function inviteRequired(db: Kysely<Database>, config: AppConfig): Promise<boolean> {
  const v = await getSetting(db, 'invite_required');
  return v === undefined ? config.inviteRequired : truthy(v);
}

export async function rechargeEnabled(db: Kysely<Database>): Promise<boolean> {
  const v = await getSetting(db, 'recharge_enabled');
  return v === undefined ? true : truthy(v);
}

/** The wallet gate as an operator set it, else WALLET_GATE (funds' back office writes it; the site config reads it). */
export async function walletGate(db: Kysely<Database>, config: AppConfig): Promise<boolean> {
  const v = await getSetting(db, 'wallet_gate');
  return v === undefined ? config.walletGate : truthy(v);
}
