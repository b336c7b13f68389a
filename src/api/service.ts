import type { ServiceReceipts, ServiceRefType, ServiceStatus, ServiceThread } from '../../core';
import { session } from '../stores/session';
import { readJson, writeJson } from '../lib/storage';
import { get, post, type CallOptions } from './client';

/**
 * Customer service (/api/service, server/areas/service). A logged-in user is known by the session;
 * a guest by the token its conversation was started with, kept in this browser.
 */
const GUEST_KEY = 'h5.serviceGuest';
const GUEST_HEADER = 'x-service-guest';

export function guestToken(): string {
  const v = readJson<{ token: string }>(GUEST_KEY)?.token;
  return typeof v === 'string' ? v : '';
}

/** the guest header when no user is logged in (also for the guest's image upload) */
export const GUEST_HEADER_NAME = GUEST_HEADER;

function who(quiet = true): CallOptions {
  const g = !session.token ? guestToken() : '';
  return { quiet, headers: g ? { [GUEST_HEADER]: g } : undefined };
}

export const serviceStatus = () => get<ServiceStatus>('/service/status', {}, who());
export const webViewAllow = () => get<{ allow: string }>('/service/webview', {}, { quiet: true });
/** `after`: the messages newer than the last one held (catch-up); `before`: the page older than the first */
export const serviceMessages = (w: { after?: number; before?: number } = {}) =>
  get<ServiceThread>('/service/messages', { ...w }, who());
export const serviceSend = (input: { body: string; attachment?: string; ref_type?: ServiceRefType; ref_id?: number }) =>
  post<{ conversation_id: number; ids: number[] }>('/service/send', { ...input }, who(false));
export const serviceRead = (upTo: number) => post<ServiceReceipts>('/service/read', { up_to: upTo }, who());
export const serviceEmailReply = (on: boolean) =>
  post<boolean>('/service/email_reply', { on: on ? '1' : '0' }, who(false));

export async function startGuest(email: string): Promise<void> {
  const r = await post<{ guest_token: string }>('/service/guest', { email });
  writeJson(GUEST_KEY, { token: r.guest_token });
}

/** A guest's email answers the code it was sent (then replies are mailed to it); or asks for another code. */
export const guestVerify = (code: string) => post<boolean>('/service/guest/verify', { code }, who(false));
export const guestResend = () => post<boolean>('/service/guest/code', {}, who(false));
