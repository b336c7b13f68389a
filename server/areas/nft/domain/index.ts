/**
 * The NFT marketplace's door: its tables (the outcome checkers read them), catalogue creation
 * (the checkers' and the wire conformance tests' fixtures), the fixed-price purchase and a won
 * auction's payment (their kill -9 tests' children).
 */
export type { NftTables } from '../tables';
export { createArtist, createCollection, createItem, createSeries, type NewItem } from './catalog';
export { buyNFT } from './sale';
export { payNFTOrder } from './auction';
