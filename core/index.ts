// The one door of core/: pure, DOM-free and Node-free domain types and math.
export * from './types/market';
export * from './types/api';
