/**
 * The NFT marketplace's shapes on the wire (/api/bind_box/…, spec §7, WIRE.md "NFT"). Money is a
 * decimal string; times are ISO strings. Items are addressed by `code` in every action.
 */

/** spec WIRE: pay_type 1 fixed price, 2 auction, 3 blind box */
export const NFT_PAY_TYPES = { fixed: 1, auction: 2, box: 3 } as const;
export type NftPayType = (typeof NFT_PAY_TYPES)[keyof typeof NFT_PAY_TYPES];
/** media type 1 image, 2 gif, 3 audio, 4 video */
export const NFT_MEDIA_TYPES = { image: 1, gif: 2, audio: 3, video: 4 } as const;
export const NFT_RARITIES = ['N', 'R', 'SR', 'SSR'] as const;
export type NftRarity = (typeof NFT_RARITIES)[number];
/** spec §4: listing states; resale cannot be undone */
export type NftListing = 'not_for_sale' | 'for_sale' | 'reselling' | 'relisting';
/** spec §4 sale status: 2 not started; 1 on sale; 0 ended or not for sale */
export type NftSaleStatus = 0 | 1 | 2;
/**
 * The family's `rarity_status` on getBoxDetail (one client shows "open" for pay_type 3 with 0 and
 * "opened" with 1): a blind-box series item is sealed (its prize unknown until a box is opened);
 * every other item, the one an opened box becomes included, shows its rarity.
 */
export const NFT_RARITY_STATUS = { sealed: 0, revealed: 1 } as const;
type NftRarityStatus = (typeof NFT_RARITY_STATUS)[keyof typeof NFT_RARITY_STATUS];
/** auction lifecycle of one item */
export type NftAuctionState = 'none' | 'open' | 'awaiting_payment' | 'paid' | 'expired' | 'unsold';
/**
 * What an auction tells its bidders live (a `notice` on their socket, TradeNotice) and by email:
 * outbid (to the previous highest bidder), won with the amount due (to the winner), the margin
 * back at the end (to every other margin holder). server/areas/nft/notices.ts.
 */
export type NftNoticeKind = 'nft_outbid' | 'nft_auction_won' | 'nft_margin_refunded';

/** The rules of the house, shown on every page that moves money. */
export const NFT_RULES = {
  /** buyer's fee on every purchase, a fraction of the price */
  feeRate: '0.025',
  /** soft close: a bid within the last N ms moves the end to bid time + N … */
  softCloseMs: 5 * 60_000,
  /** … but never beyond the original end + this cap */
  softCloseCapMs: 30 * 60_000,
  /** the winner of an auction has this long to pay */
  payWindowMs: 24 * 3_600_000,
} as const;

export interface NftFees {
  price: string;
  fee: string;
  fee_rate: string;
  /** what the buyer pays: price + fee */
  total: string;
  /** on a resale: the creator's cut of the price */
  royalty: string;
  royalty_rate: string;
  /** what the seller receives: price − royalty */
  seller_gets: string;
}

export interface NftItem {
  id: number;
  code: string;
  name: string;
  /** the picture a tile shows: the artwork itself, or the cover of an audio or video item */
  image: string;
  /** the work's file: the same as `image` for an image or gif; the sound or the clip for audio and video */
  media: string;
  /** NFT_MEDIA_TYPES: 1 image, 2 gif, 3 audio, 4 video */
  type: number;
  rarity: string;
  collect: number;
  is_collect: boolean;
  pay_type: NftPayType;
  author_id: number;
  author_name: string;
  author_avatar: string;
  collection_id: number;
  collection_name: string;
  currency: number;
  currency_name: string;
  price: string;
  per_increase: string;
  margin: string;
  current_bid: string | null;
  /** the next acceptable bid (current + per-bid increment, or the starting price) */
  min_bid: string;
  bid_count: number;
  start_time: string;
  end_time: string;
  original_end_time: string;
  status: NftSaleStatus;
  resell_nft_status: NftListing;
  auction_state: NftAuctionState;
  owner_id: number | null;
}

export interface NftDetail extends NftItem {
  description: string;
  /** NFT_RARITY_STATUS: 0 a sealed blind box (pay_type 3), 1 the rarity is shown */
  rarity_status: NftRarityStatus;
  royalty_rate: string;
  fees: NftFees;
  /** the caller's margin on this auction, if any */
  my_margin: { amount: string; status: string } | null;
  /** for a blind-box series */
  series: NftBoxSeries | null;
  /** the holder's latest listing submission of this item (only the holder sees it) */
  my_review: NftReview | null;
  rules: { soft_close_minutes: number; soft_close_cap_minutes: number; pay_window_hours: number };
}

export interface NftBoxSeries {
  id: number;
  code: string;
  manifest: { prize: string; count: number }[];
  total: number;
  sold: number;
  commitment: string;
  /** null until the series sells out or ends */
  seed: string | null;
  revealed_at: string | null;
  /** the purchase list, k ascending (prizes shown once revealed) */
  purchases: { k: number; prize: string | null }[];
}

export interface NftBox {
  id: number;
  code: string;
  series_code: string;
  k: number;
  status: 'not_opened' | 'opened';
  prize: string | null;
  item_code: string | null;
}

export interface NftBid {
  id: number;
  code: string;
  name: string;
  user: string;
  price: string;
  created_at: string;
}

export interface NftOrder {
  id: number;
  code: string;
  name: string;
  image: string;
  kind: 'buy' | 'resale' | 'auction' | 'box';
  currency_name: string;
  price: string;
  fee: string;
  total: string;
  margin: string;
  is_pay: 0 | 1;
  is_expired: 0 | 1;
  is_read: 0 | 1;
  /** payment deadline (auction orders) */
  overtime: string | null;
  created_at: string;
}

/** One order's receipt (getNFTOrder, the purchase_one page). */
export interface NftOrderDetail extends NftOrder {
  /** the creator's royalty out of the price (a resale), else 0 */
  royalty: string;
  paid_at: string | null;
  author_name: string;
  rarity: string;
  type: number;
  /** the previous holder, masked; null for a first sale from the catalogue */
  seller: string | null;
}

export interface NftArtist {
  id: number;
  uid: number;
  name: string;
  avatar: string;
  bio: string;
  works: number;
}

export interface NftCollection {
  id: number;
  name: string;
  description: string;
  cover: string;
  artist_id: number;
  artist_name: string;
  artist_avatar: string;
  works: number;
}

/** A holder's listing submission and the review's outcome (spec notice: listings need review). */
export interface NftReview {
  id: number;
  code: string;
  name: string;
  pay_type: 1 | 2;
  price: string;
  per_increase: string;
  margin: string;
  currency_name: string;
  start_time: string;
  end_time: string;
  status: 'pending' | 'approved' | 'rejected';
  /** the operator's reason (a rejection always has one) */
  reason: string;
  created_at: string;
}

export interface NftMine {
  /** the caller's listing submissions, newest first */
  reviews: NftReview[];
  items: NftItem[];
  boxes: NftBox[];
  /** the newest orders (up to 100); the whole record is paged by getMyNFTOrders */
  orders: NftOrder[];
  /** how many orders the caller has in all */
  order_count: number;
}

/** A row of the back office's item list (GET /admin/api/nft/items): the catalogue as operators see it. */
export interface AdminNftItem {
  id: number;
  code: string;
  title: string;
  rarity: string;
  collection_id: number;
  collection_name: string;
  artist_name: string;
  currency_id: number;
  currency_name: string;
  pay_type: NftPayType;
  price: string;
  per_increase: string;
  margin: string;
  listing: NftListing;
  auction_state: NftAuctionState;
  owner_id: number | null;
  bid_count: number;
  /** NFT_MEDIA_TYPES */
  media_type: number;
  start_at: string;
  end_at: string;
  description: string;
  /** what the operator may change now (server/areas/nft/edit-rules.ts) */
  editable: AdminNftEditable;
  /** a blind-box series: its published manifest, boxes sold of the total and its commitment */
  series: {
    manifest: { prize: string; count: number }[];
    total: number;
    sold: number;
    commitment: string;
    revealed: boolean;
  } | null;
}

/**
 * How far an item's money and times may change: 'free' (nobody has a stake and the sale has not
 * started, or a fixed-price sale closed unsold), 'started' (on sale, no stake: price, increment
 * and margin only down, end only later, start fixed), 'locked' (someone has a stake, a holder's
 * item, or a closed auction or series).
 */
export type NftEditPhase = 'free' | 'started' | 'locked';

export interface AdminNftEditable {
  terms: NftEditPhase;
  /** rarity: only while the platform holds it and nobody has a stake */
  rarity: boolean;
  /** a series' manifest: only before its start, nobody has bought (a new seed and commitment) */
  manifest: boolean;
}

/** An operator's edit of one item (POST /admin/api/nft/items/edit); empty fields are unchanged. */
export interface AdminNftItemEdit {
  id: number;
  reason: string;
  title?: string;
  description?: string;
  rarity?: string;
  price?: string;
  per_increase?: string;
  margin?: string;
  start_time?: string;
  end_time?: string;
  /** JSON [{ prize, count }] */
  manifest?: string;
}

/** A holder's listing submission in the back office's review queue (GET /admin/api/nft/reviews). */
export interface AdminNftReview {
  id: number;
  item_id: number;
  code: string;
  title: string;
  user_id: number;
  account: string;
  pay_type: number;
  price: string;
  per_increase: string;
  margin: string;
  currency: string;
  start_at: string;
  end_at: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string;
  created_at: string;
  reviewed_at: string | null;
  reviewed_by: string | null;
}

/** An artist and a collection as the back office edits them. */
export interface AdminNftArtist {
  id: number;
  name: string;
  bio: string;
  user_id: number | null;
}
export interface AdminNftCollection {
  id: number;
  artist_id: number;
  name: string;
  description: string;
}

/** The back office's new item (POST /admin/api/nft/items); times are epoch milliseconds as text. */
export interface AdminNftItemInput {
  code: string;
  collection_id: number;
  title: string;
  description?: string;
  rarity: NftRarity;
  currency_id: number;
  price: string;
  /** '1' fixed price, '2' auction, '3' blind box */
  pay_type: '1' | '2' | '3';
  start_time: string;
  end_time: string;
  margin?: string;
  per_increase?: string;
  /** a blind-box series: JSON [{ prize, count }] */
  manifest?: string;
  /** an uploaded file's address (POST /admin/api/nft/media); none → a picture drawn from the code */
  media?: string;
}
