/**
 * The NFT marketplace's door: its tables (the outcome checkers read them), catalogue creation
 * (the checkers' and the wire conformance tests' fixtures) and the fixed-price purchase, on the
 * group commit and one transaction at a time (the purchase's kill -9 test and its bench).
 */
export type { NftTables } from '../tables';
export { createArtist, createCollection, createItem, createSeries, type NewItem } from './catalog';
export { buyNFT, buyInTransaction } from './sale';
