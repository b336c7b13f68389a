/**
 * Bank cards (spec §3): one domestic and one international card per user, every field required
 * ("All are required"). Saving again replaces the card.
 */
import type { Kysely } from 'kysely';
import type { BankCard } from '../../../../core';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors';

export type CardKind = BankCard['kind'];

const DOMESTIC = ['real_name', 'bank_account', 'bank_name', 'bank_network', 'bank_dizhi', 'phone'] as const;
const INTERNATIONAL = [...DOMESTIC, 'aba_number', 'swift_code', 'address'] as const;
type Field = (typeof INTERNATIONAL)[number];

function requiredFields(kind: CardKind): readonly Field[] {
  return kind === 'domestic' ? DOMESTIC : INTERNATIONAL;
}

export async function saveCard(
  db: Kysely<Database>,
  userId: number,
  kind: CardKind,
  raw: Partial<Record<Field, string>>,
): Promise<BankCard> {
  const v: Record<Field, string> = {
    real_name: '',
    bank_account: '',
    bank_name: '',
    bank_network: '',
    bank_dizhi: '',
    phone: '',
    aba_number: '',
    swift_code: '',
    address: '',
  };
  for (const f of requiredFields(kind)) {
    const s = (raw[f] ?? '').trim();
    if (!s) throw new AppError('all_required');
    if (s.length > 120) throw new AppError('param_error');
    v[f] = s;
  }
  if (!/^[0-9 -]{6,34}$|^[A-Z]{2}[0-9]{2}[A-Z0-9 ]{10,30}$/.test(v.bank_account)) throw new AppError('param_error');
  if (!/^\+?[0-9 -]{5,20}$/.test(v.phone)) throw new AppError('mobile_invalid');
  if (kind === 'international') {
    if (!/^[0-9]{9}$/.test(v.aba_number)) throw new AppError('param_error');
    if (!/^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/.test(v.swift_code)) throw new AppError('param_error');
    v.swift_code = v.swift_code.toUpperCase();
  }
  const values = { user_id: userId, kind, ...v, updated_at: new Date() };
  await db
    .insertInto('bank_cards')
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ ...v, updated_at: new Date() }))
    .execute();
  const card = await getCard(db, userId, kind);
  if (!card) throw new AppError('not_found');
  return card;
}

export async function getCard(db: Kysely<Database>, userId: number, kind: CardKind): Promise<BankCard | null> {
  const r = await db
    .selectFrom('bank_cards')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!r) return null;
  return {
    id: r.id,
    kind: r.kind,
    real_name: r.real_name,
    bank_account: r.bank_account,
    bank_name: r.bank_name,
    bank_network: r.bank_network,
    bank_dizhi: r.bank_dizhi,
    phone: r.phone,
    aba_number: r.aba_number,
    swift_code: r.swift_code,
    address: r.address,
    updated_at: r.updated_at.toISOString(),
  };
}

/** "Bank name ****1234": how a card shows in a withdrawal record. */
export function maskedCard(c: BankCard): string {
  const digits = c.bank_account.replace(/\s/g, '');
  return `${c.bank_name} ****${digits.slice(-4)}`;
}
