import type {
  BindEmailInput,
  BindMobileInput,
  DeviceSession,
  GaSetup,
  PayPasswordInput,
  RealInput,
  RealState,
} from '../../core';
import { get, post } from './client';

/** Security and identity calls (spec §7). Shapes: core/types/security.ts. */

export function setPayPassword(input: PayPasswordInput): Promise<unknown> {
  return post<unknown>('/safe/update_password', { ...input });
}

export function getGa(): Promise<GaSetup> {
  return get<GaSetup>('/user/getUseGa');
}

export function saveGa(gasercert: string): Promise<unknown> {
  return post<unknown>('/user/saveUserga', { gasercert });
}

export function smsSend(mobile: string, area_code?: string): Promise<unknown> {
  return post<unknown>('/sms_send', { mobile, area_code });
}

export function bindMobile(input: BindMobileInput): Promise<unknown> {
  return post<unknown>('/safe/mobile', { ...input });
}

export function emailSend(email: string): Promise<unknown> {
  return post<unknown>('/safe/email_send', { email });
}

export function bindEmail(input: BindEmailInput): Promise<unknown> {
  return post<unknown>('/safe/email', { ...input });
}

export function realState(quiet = false): Promise<RealState> {
  return get<RealState>('/real/state', undefined, { quiet });
}

export function submitReal(input: RealInput): Promise<RealState> {
  return post<RealState>('/user/real', { ...input });
}

/** Security → Devices: the caller's signed-in sessions, and ending one of the others. */
export function deviceSessions(): Promise<DeviceSession[]> {
  return get<DeviceSession[]>('/user/sessions');
}

export function endDeviceSession(id: number): Promise<unknown> {
  return post<unknown>('/user/sessions/end', { id });
}
