import type {
  NftArtist,
  NftBid,
  NftCollection,
  NftDetail,
  NftItem,
  NftMine,
  NftOrder,
  NftOrderDetail,
  Page,
} from '../../core';
import { get, post } from './client';
import { readEnvelope } from './envelope';
import { http } from './http';

/** The NFT marketplace (spec §7 /bind_box/). Shapes: core/types/nft.ts. Money steps run once (idempotency key). */
const q = { quiet: true } as const;
const once = { idempotent: true } as const;

export const nftList = (query: { pay_type?: number; keyword?: string; type?: number } = {}) =>
  get<NftItem[]>('/bind_box/getBoxList', { ...query }, q);
export const nftDetail = (code: string) => get<NftDetail>('/bind_box/getBoxDetail', { code }, q);
export const buyNft = (code: string) => post<number>('/bind_box/buyNFT', { code }, once);
export const payMargin = (code: string) => post<boolean>('/bind_box/marginNFT', { code }, once);
/** `raise` is added to the current bid (or to the starting price before the first bid) */
export const bidNft = (code: string, raise: string) =>
  post<{ bid: string; end_time: string; extended: boolean }>('/bind_box/auctionNFT', { code, price: raise }, once);
export const myNfts = () => get<NftMine>('/bind_box/getMyNFTs', {}, q);
export const needPay = () => get<NftOrder[]>('/bind_box/getNeedPayNFTOrder', {}, q);
export const payOrder = (id: number) => post<boolean>('/bind_box/payNFTOrder', { id }, once);
export const openBox = (code: string) => post<string>('/bind_box/openBlindBox', { code }, once);
/** a holder's resale (fixed price or auction): a submission that waits for review */
export const resellNft = (f: {
  code: string;
  price: string;
  pay_type: 1 | 2;
  per_increase?: string;
  margin?: string;
  start_time: string;
  end_time: string;
}) => post<{ id: number; status: 'pending' }>('/bind_box/resellNFT', { ...f, pay_type: String(f.pay_type) }, once);

export const nftArtists = () => get<NftArtist[]>('/bind_box/getArtist', {}, q);
export const nftArtist = (id: number) =>
  get<NftArtist & { items: NftItem[]; collections: { id: number; name: string; description: string }[] }>(
    '/bind_box/getArtistDetail',
    { uid: id },
    q,
  );
export const nftCollections = () => get<NftCollection[]>('/bind_box/getCollections', {}, q);
export const nftCollection = (id: number) =>
  get<NftCollection & { items: NftItem[] }>('/bind_box/getCollectionDetail', { id }, q);
/** the caller's favourites (hearts) */
export const nftFavourites = () => get<NftItem[]>('/bind_box/getCollection', {}, q);
export const toggleFavourite = (code: string) => post<boolean>('/bind_box/collect', { code });
/** the bids on one item's current sale, newest first (public: the auction's proof) */
export const nftBids = (code: string) => get<NftBid[]>('/bind_box/getBindBoxQuotationLog', { code }, q);
/** the purchase record, a page at a time (newest first) */
export const myNftOrders = (page: number, limit: number) =>
  get<Page<NftOrder>>('/bind_box/getMyNFTOrders', { page, limit }, q);
export const myNftBids = (page: number) => get<Page<NftBid>>('/bind_box/getMyBindBoxQuotationLog', { page }, q);
export const nftOrder = (id: number) => get<NftOrderDetail>('/bind_box/getNFTOrder', { id }, q);
export const readOrderMessage = (id: number) => post<boolean>('/bind_box/readNFTOrderMessage', { id }, q);

/** The caller's creator profile (an artist account) and its collections; null for everyone else. */
export const myArtist = () =>
  get<{ id: number; name: string; collections: { id: number; name: string }[] } | null>('/bind_box/getMyArtist', {}, q);
/** A creator's media file (picture, sound or video), multipart like /api/upload; the server decides its type by its bytes. */
export async function uploadNftMedia(file: File): Promise<{ media: string; type: number }> {
  const form = new FormData();
  form.append('file', file);
  const out = readEnvelope<{ media: string; type: number }>(
    (await http.post<unknown>('/bind_box/uploadMedia', form, { ownEnvelope: true })).data,
  );
  if (out.kind !== 'ok') throw new Error(out.message);
  return out.data;
}
/** A creator's new work from their uploaded media: in their collection, not for sale until a listing is approved. */
export const createWork = (w: {
  collection_id: number;
  title: string;
  media: string;
  currency_id: number;
  price: string;
  description?: string;
}) => post<{ code: string }>('/bind_box/createWork', { ...w }, once);
