import type { NftDetail, NftItem, NftMine, NftOrder } from '../../core';
import { get, post } from './client';

/** The NFT marketplace (spec §7 /bind_box/). Shapes: core/types/nft.ts. Money steps run once (idempotency key). */
const q = { quiet: true } as const;
const once = { idempotent: true } as const;

export const nftList = (query: { pay_type?: number; keyword?: string } = {}) => get<NftItem[]>('/bind_box/getBoxList', { ...query }, q);
export const nftDetail = (code: string) => get<NftDetail>('/bind_box/getBoxDetail', { code }, q);
export const buyNft = (code: string) => post<number>('/bind_box/buyNFT', { code }, once);
export const payMargin = (code: string) => post<boolean>('/bind_box/marginNFT', { code }, once);
/** `raise` is added to the current bid (or to the starting price before the first bid) */
export const bidNft = (code: string, raise: string) => post<{ bid: string; end_time: string; extended: boolean }>('/bind_box/auctionNFT', { code, price: raise }, once);
export const myNfts = () => get<NftMine>('/bind_box/getMyNFTs', {}, q);
export const needPay = () => get<NftOrder[]>('/bind_box/getNeedPayNFTOrder', {}, q);
export const payOrder = (id: number) => post<boolean>('/bind_box/payNFTOrder', { id }, once);
export const openBox = (code: string) => post<string>('/bind_box/openBlindBox', { code }, once);
/** a holder's resale (fixed price or auction): a submission that waits for review */
export const resellNft = (f: { code: string; price: string; pay_type: 1 | 2; per_increase?: string; margin?: string; start_time: string; end_time: string }) =>
  post<{ id: number; status: 'pending' }>('/bind_box/resellNFT', { ...f, pay_type: String(f.pay_type) }, once);
