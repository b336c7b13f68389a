/**
 * The devices a user is signed in on (Security → Devices): one row per open session, described from
 * what the login stored — the User-Agent (read with ua-parser-js) and the client address, masked.
 * There is no geo database here, and a masked address (203.0.113.x) tells the owner "not my
 * network" as well as a country would, without showing anyone the full address.
 */
import UAParser from 'ua-parser-js';
import type { DeviceSession } from '../../../../core';
import type { Db } from '../../../db/schema';
import type { SessionLifetime } from '../../../config';
import { AppError } from '../../../errors';

/** "Chrome 120 · Android 14", its form factor for the icon; '' when the agent says nothing usable. */
export function describeAgent(ua: string | null): { device: string; form: DeviceSession['form'] } {
  const r = new UAParser(ua ?? '').getResult();
  const browser = [r.browser.name, r.browser.major].filter(Boolean).join(' ');
  const os = [r.os.name, r.os.version].filter(Boolean).join(' ');
  const model = r.device.model && r.device.type ? [r.device.vendor, r.device.model].filter(Boolean).join(' ') : '';
  const form = r.device.type === 'mobile' || r.device.type === 'tablet' ? r.device.type : 'desktop';
  return { device: [browser, model || os].filter(Boolean).join(' · '), form };
}

/** 203.0.113.7 → 203.0.113.x; 2001:db8:1:2::5 → 2001:db8:1:x (the /48 is what a provider gives a home). */
export function maskAddress(ip: string | null): string {
  if (!ip) return '';
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  if (!ip.includes(':')) return '';
  const [head] = ip.split('::');
  const groups = head.split(':').filter(Boolean).slice(0, 3);
  return `${groups.join(':')}:x`;
}

/** The user's open sessions (not revoked, not expired), the most recently active first. */
export async function listDevices(
  db: Db,
  userId: number,
  currentSessionId: number,
  life: SessionLifetime,
  now = Date.now(),
): Promise<DeviceSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('last_seen', '>=', new Date(now - life.idleMs))
    .where('created_at', '>=', new Date(now - life.maxMs))
    .orderBy('last_seen', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    ...describeAgent(r.user_agent),
    place: maskAddress(r.ip),
    login_at: r.created_at.getTime(),
    last_active_at: r.last_seen.getTime(),
    current: r.id === currentSessionId,
  }));
}

/**
 * Ends one of the caller's other sessions. Another user's session, an unknown or already ended
 * one: session_not_found, nothing changes. The current one: session_is_current (log out instead).
 */
export async function endDevice(db: Db, userId: number, currentSessionId: number, sessionId: number): Promise<void> {
  if (sessionId === currentSessionId) throw new AppError('session_is_current');
  const ended = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(ended.numUpdatedRows) !== 1) throw new AppError('session_not_found');
}
