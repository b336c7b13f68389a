/**
 * The NFT marketplace's door: its tables (the outcome checkers read them), catalogue creation
 * (the checkers' and the wire conformance tests' fixtures) and the fixed-price purchase (its kill -9 test's
 * child).
 */
export type { NftTables } from '../tables';
export { createArtist, createCollection, createItem, createSeries, type NewItem } from './catalog';
export { buyNFT } from './sale';
