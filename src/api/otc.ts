import type {
  FiatRate,
  OtcAd,
  OtcMerchant,
  OtcMessage,
  OtcOrder,
  OtcPayMethod,
  OtcQuote,
  OtcSide,
  OTC_RULES,
} from '../../core';
import { get, post } from './client';

/** P2P (OTC) and quick buy (/api/otc/…). Shapes: core/types/otc.ts. Money steps run once (idempotency key). */
const q = { quiet: true } as const;
const once = { idempotent: true } as const;

export interface OtcConfig {
  rules: typeof OTC_RULES;
  fiats: FiatRate[];
  coins: { id: number; name: string }[];
}

export const otcConfig = () => get<OtcConfig>('/otc/config', {}, q);
export const otcAds = (coin_id: number, fiat: string, side: OtcSide) =>
  get<OtcAd[]>('/otc/ads', { coin_id, fiat, side }, q);
export const otcMerchant = () => get<{ merchant: OtcMerchant | null; methods: OtcPayMethod[] }>('/otc/merchant', {}, q);
export const applyMerchant = (name: string) => post<OtcMerchant>('/otc/merchant/apply', { name }, once);
export const addPayMethod = (m: Record<string, string>) => post<OtcPayMethod[]>('/otc/methods/add', m, once);
export const myAds = () => get<OtcAd[]>('/otc/myAds', {}, q);
export const postAd = (ad: Record<string, string | number>) => post<OtcAd>('/otc/ad/post', ad, once);
export const setAdStatus = (id: number, status: 'online' | 'offline' | 'closed') =>
  post<OtcAd>('/otc/ad/status', { id, status }, once);
export const myOrders = (status: 'open' | 'done') => get<OtcOrder[]>('/otc/orders', { status }, q);
export const otcOrder = (id: number) => get<OtcOrder>('/otc/order', { id }, q);
export const openOrder = (ad_id: number, amount: string, unit: 'fiat' | 'coin') =>
  post<OtcOrder>('/otc/order/open', { ad_id, amount, unit }, once);
export const markPaid = (id: number, proof: string) => post<OtcOrder>('/otc/order/paid', { id, proof }, once);
export const releaseOrder = (id: number, pay_password: string, confirm_unpaid = false) =>
  post<OtcOrder>('/otc/order/release', { id, pay_password, ...(confirm_unpaid ? { confirm_unpaid: 1 } : {}) }, once);
export const cancelOrder = (id: number) => post<OtcOrder>('/otc/order/cancel', { id }, once);
export const appealOrder = (id: number, reason: string) => post<OtcOrder>('/otc/order/appeal', { id, reason }, once);
export const rateOrder = (id: number, rating: number) => post<OtcOrder>('/otc/order/rate', { id, rating }, once);
export const orderChat = (id: number, after: number) => get<OtcMessage[]>('/otc/chat', { id, after }, q);
export const sendChat = (id: number, body: string) => post<OtcMessage[]>('/otc/chat/send', { id, body });
export const getQuote = (side: 'buy' | 'sell', coin_id: number, fiat: string, amount: string) =>
  post<OtcQuote>('/otc/quote', { side, coin_id, fiat, amount }, once);
export const executeQuote = (quote_id: string) => post<OtcOrder>('/otc/quote/execute', { quote_id }, once);
