import { SERVICE_REF_TYPES, type ServiceRef, type ServiceRefType } from '../../../core';

/** `?ref=recharge:12` → the record the chat was opened from (the server checks it is the user's). */
export function readRef(v: string | null): ServiceRef | null {
  const m = /^([a-z_]+):(\d{1,10})$/.exec(v ?? '');
  if (!m || !(SERVICE_REF_TYPES as readonly string[]).includes(m[1])) return null;
  return { type: m[1] as ServiceRefType, id: Number(m[2]) };
}
