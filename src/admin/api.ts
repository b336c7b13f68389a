/**
 * The back office's own client for /admin/api/*: the operator's HttpOnly session cookie (apart
 * from the customer session), form-encoded POSTs, the same envelope as /api.
 */
import type {
  AdminJob,
  AdminJobState,
  AdminAdjustInput,
  AdminOtcMerchant,
  AdminOtcOrder,
  AdminOtcOrderDetail,
  OtcAd,
  OtcAdStatus,
  OtcOrderStatus,
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
  AdminNftArtist,
  AdminNftCollection,
  AdminNftItem,
  AdminNftItemEdit,
  AdminNftItemInput,
  AdminNftReview,
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
//: no script on this origin can read it, so nothing here keeps a token. Every call sends
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

// The back office's shown language (src/admin/i18n sets it): the server answers errors in it, and
// `failed` is what a call says when no answer came (network down, a proxy's error page).
let requestLang = 'en';
let failedText = 'Request failed';
export function setRequestLang(lang: string, failed: string): void {
  requestLang = lang;
  failedText = failed;
}

let onSessionLost: () => void = () => {};
export function setOnSessionLost(fn: () => void): void {
  onSessionLost = fn;
}

async function call<T>(method: 'GET' | 'POST', path: string, data?: Record<string, unknown> | FormData): Promise<T> {
  const headers: Record<string, string> = { lang: requestLang, [CSRF_HEADER]: '1' };
  let url = `/admin/api${path}`;
  let body: URLSearchParams | FormData | undefined;
  if (data instanceof FormData) {
    // a file: multipart, its boundary set by the browser
    body = data;
  } else if (method === 'GET') {
    const qs = toForm(data).toString();
    if (qs) url += `?${qs}`;
  } else {
    body = toForm(data);
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const res = await fetch(url, { method, headers, body, credentials: 'same-origin' }).catch(() => null);
  if (!res) throw new AdminError(failedText, false);
  // a refusal (403 cross-site, 429 too many tries) still carries the server's envelope in the user's language
  const json: unknown = await res.json().catch(() => null);
  const envelope = json !== null && typeof json === 'object' && ('type' in json || 'code' in json);
  if (!envelope || (res.status !== 200 && readEnvelope(json).kind === 'ok'))
    throw new AdminError(`${failedText} (HTTP ${res.status})`, false);
  const out = readEnvelope<T>(json);
  if (out.kind === 'ok') return out.data;
  if (out.kind === 'session') onSessionLost();
  throw new AdminError(out.message || failedText, out.kind === 'session');
}

export const admin = {
  /** sets the session cookie; answers who signed in */
  login: (name: string, password: string) => call<Operator>('POST', '/login', { name, password }),
  me: () => call<Operator>('GET', '/me'),
  /** ends the session and clears the cookie */
  logout: () => call<boolean>('POST', '/logout'),
  kyc: (status: string, page: number) => call<Page<AdminKycItem>>('GET', '/kyc', { status: status || undefined, page }),
  reviewKyc: (id: number, approve: boolean, reason: string) =>
    call<boolean>('POST', '/kyc/review', { id, approve: approve ? 1 : 0, reason }),
  recharges: (status: string, page: number) =>
    call<Page<AdminRechargeItem>>('GET', '/recharges', { status: status || undefined, page }),
  reviewRecharge: (id: number, approve: boolean, reason: string) =>
    call<boolean>('POST', '/recharges/review', { id, approve: approve ? 1 : 0, reason }),
  withdrawals: (status: string, page: number) =>
    call<Page<AdminWithdrawItem>>('GET', '/withdrawals', { status: status || undefined, page }),
  reviewWithdraw: (id: number, approve: boolean, reason: string) =>
    call<boolean>('POST', '/withdrawals/review', { id, approve: approve ? 1 : 0, reason }),
  users: (q: string, page: number) => call<Page<AdminUserRow>>('GET', '/users', { q, page }),
  user: (id: number) => call<AdminUserDetail>('GET', '/users/detail', { id }),
  adjust: (input: AdminAdjustInput) => call<unknown>('POST', '/users/adjust', { ...input }),
  settings: () => call<AdminSettings>('GET', '/settings'),
  setSetting: (key: string, value: string, reason: string) =>
    call<unknown>('POST', '/settings', { key, value, reason }),
  setCurrency: (input: { currency_id: number; withdraw_min: string; withdraw_fee: string; reason: string }) =>
    call<unknown>('POST', '/settings/currency', { ...input }),
  setDepositNetwork: (input: {
    currency_id: number;
    network: string;
    address: string;
    min_deposit: string;
    reason: string;
  }) => call<unknown>('POST', '/settings/deposit-network', { ...input }),
  setLimit: (input: { level: number; withdraw_24h_btc: string; fiat_order_usdt: string; reason: string }) =>
    call<unknown>('POST', '/settings/limit', { ...input }),
  setFiat: (input: { currency_code: string; rate: string; reason: string }) =>
    call<unknown>('POST', '/settings/fiat', { ...input }),
  /** the action log; `prefix` keeps one area's actions (chat_, game_, service_) */
  log: (page: number, prefix?: string) => call<Page<OperatorAction>>('GET', '/log', { page, prefix }),
  traders: (status: string, page: number) =>
    call<CopyPage<AdminTraderItem>>('GET', '/traders', { status: status || undefined, page }),
  reviewTrader: (userId: number, approve: boolean, reason: string) =>
    call<boolean>('POST', '/traders/review', { user_id: userId, approve: approve ? 1 : 0, reason }),
  ieoProjects: (page: number) => call<Page<IeoProject>>('GET', '/ieo/projects', { page, limit: 20 }),
  createIeo: (input: AdminIeoCreateInput) => call<IeoProjectDetail>('POST', '/ieo/projects', { ...input }),
  finaliseIeo: (projectId: number) => call<IeoProjectDetail>('POST', '/ieo/finalise', { project_id: projectId }),
  // customer service (server/areas/service/admin.ts)
  inbox: (box: InboxBox, status: 'open' | 'closed', page: number) =>
    call<Page<AdminConversationRow>>('GET', '/service/inbox', { box, status, page }),
  conversation: (id: number) => call<AdminConversation>('GET', '/service/conversation', { id }),
  reply: (id: number, body: string) => call<{ id: number; mailed: boolean }>('POST', '/service/reply', { id, body }),
  note: (id: number, body: string) => call<{ id: number }>('POST', '/service/note', { id, body }),
  assign: (id: number) => call<boolean>('POST', '/service/assign', { id }),
  unassign: (id: number) => call<boolean>('POST', '/service/unassign', { id }),
  closeConversation: (id: number) => call<boolean>('POST', '/service/close', { id }),
  reopenConversation: (id: number) => call<boolean>('POST', '/service/reopen', { id }),
  readConversation: (id: number, upTo: number) => call<ServiceReceipts>('POST', '/service/read', { id, up_to: upTo }),
  canned: (lang: string) => call<CannedReply[]>('GET', '/service/canned', { lang }),
  cannedSave: (r: { id?: number; lang: string; title: string; body: string }) =>
    call<{ id: number }>('POST', '/service/canned', { ...r }),
  cannedDelete: (id: number) => call<boolean>('POST', '/service/canned/delete', { id }),
  serviceSettings: () => call<AdminServiceSettings>('GET', '/service/settings'),
  setServiceSetting: (key: 'service_hours' | 'webview_allow', value: string, reason: string) =>
    call<boolean>('POST', '/service/settings', { key, value, reason }),
  // chat room (server/areas/chatroom/admin.ts)
  chatMessages: (reported: boolean) =>
    call<AdminChatMessage[]>('GET', '/chatroom/messages', { reported: reported ? 1 : 0 }),
  chatDelete: (id: number, reason: string) => call<boolean>('POST', '/chatroom/delete', { id, reason }),
  chatMute: (userId: number, minutes: number, reason: string) =>
    call<boolean>('POST', '/chatroom/mute', { user_id: userId, minutes, reason }),
  chatBan: (userId: number, reason: string) => call<boolean>('POST', '/chatroom/ban', { user_id: userId, reason }),
  chatUnmute: (userId: number, reason: string) =>
    call<boolean>('POST', '/chatroom/unmute', { user_id: userId, reason }),
  // game (server/areas/game/admin.ts)
  gameRounds: () => call<GameRound[]>('GET', '/game/rounds'),
  gameRound: (id: number) => call<AdminGameRound>('GET', '/game/round', { id }),
  gameRules: () => call<AdminGameRules>('GET', '/game/settings'),
  setGameSetting: (key: string, value: string, reason: string) =>
    call<boolean>('POST', '/game/settings', { key, value, reason }),
  // durable jobs (server/areas/jobs/admin.ts)
  jobs: (state: AdminJobState | '', page: number) =>
    call<Page<AdminJob>>('GET', '/jobs', { state: state || undefined, page }),
  // P2P (server/areas/otc/admin.ts)
  otcMerchants: (status: 'pending' | 'approved' | 'rejected') =>
    call<AdminOtcMerchant[]>('GET', '/otc/merchants', { status }),
  otcReviewMerchant: (id: number, approve: boolean, reason: string) =>
    call<number>('POST', '/otc/merchants/review', { id, approve: approve ? 1 : 0, reason }),
  otcAds: (status: OtcAdStatus) => call<OtcAd[]>('GET', '/otc/ads', { status }),
  otcTakeDown: (id: number, reason: string) => call<number>('POST', `/otc/ads/${id}/takedown`, { reason }),
  otcOrders: (status: OtcOrderStatus) => call<AdminOtcOrder[]>('GET', '/otc/orders', { status }),
  otcOrder: (id: number) => call<AdminOtcOrderDetail>('GET', `/otc/orders/${id}`),
  otcResolve: (id: number, outcome: 'release' | 'refund', reason: string) =>
    call<number>('POST', `/otc/orders/${id}/resolve`, { outcome, reason }),
  // NFT catalogue (server/areas/nft/admin-routes.ts)
  nftItems: (q = '') => call<AdminNftItem[]>('GET', '/nft/items', { q: q.trim() || undefined }),
  nftCollections: () => call<AdminNftCollection[]>('GET', '/nft/collections'),
  nftArtists: () => call<AdminNftArtist[]>('GET', '/nft/artists'),
  /** answers what changed, field by field (empty: nothing did) */
  editNftItem: (input: AdminNftItemEdit) => call<Record<string, unknown>>('POST', '/nft/items/edit', { ...input }),
  editNftArtist: (id: number, name: string, bio: string, reason: string) =>
    call<Record<string, unknown>>('POST', '/nft/artists/edit', { id, name, bio, reason }),
  editNftCollection: (id: number, name: string, description: string, reason: string) =>
    call<Record<string, unknown>>('POST', '/nft/collections/edit', { id, name, description, reason }),
  createNftArtist: (name: string, bio: string) => call<number>('POST', '/nft/artists', { name, bio }),
  createNftCollection: (artistId: number, name: string, description: string) =>
    call<number>('POST', '/nft/collections', { artist_id: artistId, name, description }),
  nftReviews: (status: string, page: number) =>
    call<Page<AdminNftReview>>('GET', '/nft/reviews', { status: status || undefined, page }),
  reviewNftListing: (id: number, approve: boolean, reason: string) =>
    call<boolean>('POST', '/nft/reviews/review', { id, approve: approve ? 1 : 0, reason }),
  nftRevenue: () =>
    call<{ user_id: number; balances: { currency: string; type: number; available: string; frozen: string }[] }>(
      'GET',
      '/nft/revenue',
    ),
  nftCurrencies: () => call<{ id: number; name: string }[]>('GET', '/nft/currencies'),
  /** a work's file, checked by its bytes on the server; answers its address for createNftItem */
  nftUploadMedia: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return call<{ media: string; type: number }>('POST', '/nft/media', form);
  },
  createNftItem: (input: AdminNftItemInput) => call<number>('POST', '/nft/items', { ...input }),
  /** a one-use ticket that admits this page's socket to the operators' live room */
  liveTicket: () => call<{ ticket: string }>('POST', '/service/live-ticket'),
};
