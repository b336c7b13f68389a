/**
 * The back office's own client for /admin/api/*: the operator's HttpOnly session cookie (apart
 * from the customer session), form-encoded POSTs, the same envelope as /api.
 */
import type {
  AdminAdjustInput,
  AdminChatMessage,
  AdminGameRound,
  AdminGameRules,
  AdminServiceSettings,
  GameRound,
  AdminConversation,
  AdminConversationRow,
  CannedReply,
  InboxBox,
  ServiceReceipts,
  AdminIeoCreateInput,
  AdminTraderItem,
  CopyPage,
  IeoProject,
  IeoProjectDetail,
  AdminKycItem,
  AdminRechargeItem,
  AdminSettings,
  AdminUserDetail,
  AdminUserRow,
  AdminWithdrawItem,
  Operator,
  OperatorAction,
  Page,
} from '../../core';
import { readEnvelope, toForm } from '../api/envelope';

// The operator session is an HttpOnly cookie the server sets at login, scoped to /admin/api
// (issue 14): no script on this origin can read it, so nothing here keeps a token. Every call sends
// the header that tells the server it comes from this page (cookie auth needs that CSRF proof).
export const CSRF_HEADER = 'x-operator-csrf';

// Tokens older builds kept in script-readable storage are dropped, never reused.
const LEGACY_KEYS = ['admin.token', 'h5.admin.operatorToken', 'opToken'];
export function forgetLegacyTokens(): void {
  for (const k of LEGACY_KEYS) {
    localStorage.removeItem(k);
    sessionStorage.removeItem(k);
  }
}

export class AdminError extends Error {
  constructor(
    message: string,
    readonly sessionInvalid: boolean,
  ) {
    super(message);
  }
}

let onSessionLost: () => void = () => {};
export function setOnSessionLost(fn: () => void): void {
  onSessionLost = fn;
}

async function call<T>(method: 'GET' | 'POST', path: string, data?: Record<string, unknown>): Promise<T> {
  const headers: Record<string, string> = { lang: 'en', [CSRF_HEADER]: '1' };
  let url = `/admin/api${path}`;
  let body: URLSearchParams | undefined;
  if (method === 'GET') {
    const qs = toForm(data).toString();
    if (qs) url += `?${qs}`;
  } else {
    body = toForm(data);
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const res = await fetch(url, { method, headers, body, credentials: 'same-origin' });
  if (res.status !== 200) throw new AdminError(`HTTP ${res.status}`, false);
  const out = readEnvelope<T>(await res.json());
  if (out.kind === 'ok') return out.data;
  if (out.kind === 'session') onSessionLost();
  throw new AdminError(out.message || 'Request failed', out.kind === 'session');
}

export const admin = {
  /** sets the session cookie; answers who signed in */
  login: (name: string, password: string) => call<Operator>('POST', '/login', { name, password }),
  me: () => call<Operator>('GET', '/me'),
  /** ends the session and clears the cookie */
  logout: () => call<boolean>('POST', '/logout'),
  kyc: (status: string, page: number) => call<Page<AdminKycItem>>('GET', '/kyc', { status: status || undefined, page }),
  reviewKyc: (id: number, approve: boolean, reason: string) => call<boolean>('POST', '/kyc/review', { id, approve: approve ? 1 : 0, reason }),
  recharges: (status: string, page: number) => call<Page<AdminRechargeItem>>('GET', '/recharges', { status: status || undefined, page }),
  reviewRecharge: (id: number, approve: boolean, reason: string) => call<boolean>('POST', '/recharges/review', { id, approve: approve ? 1 : 0, reason }),
  withdrawals: (status: string, page: number) => call<Page<AdminWithdrawItem>>('GET', '/withdrawals', { status: status || undefined, page }),
  reviewWithdraw: (id: number, approve: boolean, reason: string) => call<boolean>('POST', '/withdrawals/review', { id, approve: approve ? 1 : 0, reason }),
  users: (q: string, page: number) => call<Page<AdminUserRow>>('GET', '/users', { q, page }),
  user: (id: number) => call<AdminUserDetail>('GET', '/users/detail', { id }),
  adjust: (input: AdminAdjustInput) => call<unknown>('POST', '/users/adjust', { ...input }),
  settings: () => call<AdminSettings>('GET', '/settings'),
  setSetting: (key: string, value: string, reason: string) => call<unknown>('POST', '/settings', { key, value, reason }),
  setCurrency: (input: { currency_id: number; withdraw_min: string; withdraw_fee: string; reason: string }) => call<unknown>('POST', '/settings/currency', { ...input }),
  setDepositNetwork: (input: { currency_id: number; network: string; address: string; min_deposit: string; reason: string }) =>
    call<unknown>('POST', '/settings/deposit-network', { ...input }),
  setLimit: (input: { level: number; withdraw_24h_btc: string; fiat_order_usdt: string; reason: string }) => call<unknown>('POST', '/settings/limit', { ...input }),
  setFiat: (input: { currency_code: string; rate: string; reason: string }) => call<unknown>('POST', '/settings/fiat', { ...input }),
  /** the action log; `prefix` keeps one area's actions (chat_, game_, service_) */
  log: (page: number, prefix?: string) => call<Page<OperatorAction>>('GET', '/log', { page, prefix }),
  traders: (status: string, page: number) => call<CopyPage<AdminTraderItem>>('GET', '/traders', { status: status || undefined, page }),
  reviewTrader: (userId: number, approve: boolean, reason: string) => call<boolean>('POST', '/traders/review', { user_id: userId, approve: approve ? 1 : 0, reason }),
  ieoProjects: (page: number) => call<Page<IeoProject>>('GET', '/ieo/projects', { page, limit: 20 }),
  createIeo: (input: AdminIeoCreateInput) => call<IeoProjectDetail>('POST', '/ieo/projects', { ...input }),
  finaliseIeo: (projectId: number) => call<IeoProjectDetail>('POST', '/ieo/finalise', { project_id: projectId }),
  // customer service (server/areas/service/admin.ts)
  inbox: (box: InboxBox, status: 'open' | 'closed', page: number) => call<Page<AdminConversationRow>>('GET', '/service/inbox', { box, status, page }),
  conversation: (id: number) => call<AdminConversation>('GET', '/service/conversation', { id }),
  reply: (id: number, body: string) => call<{ id: number; mailed: boolean }>('POST', '/service/reply', { id, body }),
  note: (id: number, body: string) => call<{ id: number }>('POST', '/service/note', { id, body }),
  assign: (id: number) => call<boolean>('POST', '/service/assign', { id }),
  unassign: (id: number) => call<boolean>('POST', '/service/unassign', { id }),
  closeConversation: (id: number) => call<boolean>('POST', '/service/close', { id }),
  reopenConversation: (id: number) => call<boolean>('POST', '/service/reopen', { id }),
  readConversation: (id: number, upTo: number) => call<ServiceReceipts>('POST', '/service/read', { id, up_to: upTo }),
  canned: (lang: string) => call<CannedReply[]>('GET', '/service/canned', { lang }),
  cannedSave: (r: { id?: number; lang: string; title: string; body: string }) => call<{ id: number }>('POST', '/service/canned', { ...r }),
  cannedDelete: (id: number) => call<boolean>('POST', '/service/canned/delete', { id }),
  serviceSettings: () => call<AdminServiceSettings>('GET', '/service/settings'),
  setServiceSetting: (key: 'service_hours' | 'webview_allow', value: string, reason: string) => call<boolean>('POST', '/service/settings', { key, value, reason }),
  // chat room (server/areas/chatroom/admin.ts)
  chatMessages: (reported: boolean) => call<AdminChatMessage[]>('GET', '/chatroom/messages', { reported: reported ? 1 : 0 }),
  chatDelete: (id: number, reason: string) => call<boolean>('POST', '/chatroom/delete', { id, reason }),
  chatMute: (userId: number, minutes: number, reason: string) => call<boolean>('POST', '/chatroom/mute', { user_id: userId, minutes, reason }),
  chatBan: (userId: number, reason: string) => call<boolean>('POST', '/chatroom/ban', { user_id: userId, reason }),
  chatUnmute: (userId: number, reason: string) => call<boolean>('POST', '/chatroom/unmute', { user_id: userId, reason }),
  // game (server/areas/game/admin.ts)
  gameRounds: () => call<GameRound[]>('GET', '/game/rounds'),
  gameRound: (id: number) => call<AdminGameRound>('GET', '/game/round', { id }),
  gameRules: () => call<AdminGameRules>('GET', '/game/settings'),
  setGameSetting: (key: string, value: string, reason: string) => call<boolean>('POST', '/game/settings', { key, value, reason }),
  /** a one-use ticket that admits this page's socket to the operators' live room */
  liveTicket: () => call<{ ticket: string }>('POST', '/service/live-ticket'),
};
