export type { MarketFeed, TicksListener, FeedResume, FeedInstrument, VenueBook, VenueLevel } from './types';
export { SimulatorFeed, type SimulatorOptions } from './simulator';
export { ScriptedFeed, type ScriptedTick, type ScriptedBook } from './scripted';
export { marketInstruments, catalogInstruments, syntheticInstruments } from './instruments';
export { mulberry32, hashSeed, type Rng } from './prng';
