/**
 * Kysely interfaces of the NFT tables (migration 014_nft in this folder). NUMERIC columns are
 * decimal strings. They join the app's Database interface from here (declaration merging).
 */
import type { ColumnType, Generated } from 'kysely';
import type { NftAuctionState, NftListing } from '../../../core';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface NftArtistsTable {
  id: Generated<number>;
  user_id: Nullable<number>;
  name: string;
  avatar: Defaulted<string>;
  bio: Defaulted<string>;
  seed_key: Nullable<string>;
  created_at: CreatedAt;
}

export interface NftCollectionsTable {
  id: Generated<number>;
  artist_id: number;
  name: string;
  description: Defaulted<string>;
  cover: Defaulted<string>;
  created_at: CreatedAt;
}

export interface NftItemsTable {
  id: Generated<number>;
  code: string;
  collection_id: number;
  artist_id: number;
  title: string;
  description: Defaulted<string>;
  media_type: Defaulted<number>;
  media: Defaulted<string>;
  rarity: Defaulted<string>;
  currency_id: number;
  price: string;
  pay_type: number;
  start_at: Date | string;
  end_at: Date | string;
  original_end_at: Date | string;
  on_sale: Defaulted<boolean>;
  owner_id: Nullable<number>;
  listing: Defaulted<NftListing>;
  resold_count: Defaulted<number>;
  royalty_rate: Defaulted<string>;
  margin: Defaulted<string>;
  per_increase: Defaulted<string>;
  current_bid: Nullable<string>;
  bidder_id: Nullable<number>;
  bid_count: Defaulted<number>;
  auction_state: Defaulted<NftAuctionState>;
  collect_count: Defaulted<number>;
  seed_key: Nullable<string>;
  /** the current auction round (a resale auction starts the next one; migration 022) */
  auction_round: Defaulted<number>;
  created_at: CreatedAt;
}

export interface NftMarginsTable {
  id: Generated<number>;
  item_id: number;
  user_id: number;
  amount: string;
  status: 'held' | 'refunded' | 'forfeited';
  /** the item's auction round this margin is for (migration 022) */
  round: Defaulted<number>;
  created_at: CreatedAt;
  settled_at: Nullable<Date>;
}

export interface NftBidsTable {
  id: Generated<number>;
  item_id: number;
  user_id: number;
  price: string;
  created_at: Date | string;
}

export interface NftOrdersTable {
  id: Generated<number>;
  item_id: number;
  buyer_id: number;
  seller_id: Nullable<number>;
  kind: 'buy' | 'resale' | 'auction' | 'box';
  currency_id: number;
  price: string;
  fee: Defaulted<string>;
  royalty: Defaulted<string>;
  margin: Defaulted<string>;
  status: 'awaiting_payment' | 'paid' | 'expired';
  pay_deadline: Nullable<Date>;
  /** an auction order: the auction end it was won at (migration 019) */
  auction_end_at: Nullable<Date>;
  /** an auction order: the item's auction round it was won in (migration 022) */
  round: Defaulted<number>;
  is_read: Defaulted<boolean>;
  created_at: Date | string;
  paid_at: Nullable<Date>;
}

export interface NftBoxSeriesTable {
  id: Generated<number>;
  item_id: number;
  manifest: ColumnType<{ prize: string; count: number }[], string, string>;
  total: number;
  sold: Defaulted<number>;
  commitment: string;
  secret_seed: string;
  revealed_at: Nullable<Date>;
}

export interface NftBoxesTable {
  id: Generated<number>;
  code: string;
  series_id: number;
  k: number;
  user_id: number;
  order_id: number;
  prize: string;
  status: Defaulted<'not_opened' | 'opened'>;
  item_id: Nullable<number>;
  opened_at: Nullable<Date>;
}

/** A holder's listing submission waiting for review (migration 022). */
export interface NftReviewsTable {
  id: Generated<number>;
  item_id: number;
  user_id: number;
  pay_type: number;
  price: string;
  per_increase: Defaulted<string>;
  margin: Defaulted<string>;
  start_at: Date;
  end_at: Date;
  status: Defaulted<'pending' | 'approved' | 'rejected'>;
  reason: Defaulted<string>;
  reviewed_by: Nullable<number>;
  reviewed_at: Nullable<Date>;
  created_at: CreatedAt;
}

export interface NftFavouritesTable {
  user_id: number;
  item_id: number;
  created_at: CreatedAt;
}

/** An uploaded NFT media file (migration 034): by a creator (user_id) or an operator (operator_id). */
export interface NftMediaTable {
  name: string;
  media_type: number;
  mime: string;
  bytes: number;
  sha256: string;
  user_id: Nullable<number>;
  operator_id: Nullable<number>;
  created_at: CreatedAt;
}

export interface NftTables {
  nft_artists: NftArtistsTable;
  nft_collections: NftCollectionsTable;
  nft_items: NftItemsTable;
  nft_margins: NftMarginsTable;
  nft_bids: NftBidsTable;
  nft_orders: NftOrdersTable;
  nft_box_series: NftBoxSeriesTable;
  nft_boxes: NftBoxesTable;
  nft_favourites: NftFavouritesTable;
  nft_reviews: NftReviewsTable;
  nft_media: NftMediaTable;
}

declare module '../../db/schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into the app's Database
  interface Database extends NftTables {}
}
