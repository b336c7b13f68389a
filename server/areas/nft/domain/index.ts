/**
 * The NFT marketplace's door: its tables (the outcome checkers read them) and catalogue creation
 * (the checkers' and the wire conformance tests' fixtures).
 */
export type { NftTables } from '../tables';
export { createArtist, createCollection, createItem, createSeries, type NewItem } from './catalog';
