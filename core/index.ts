// The one door of core/: pure, DOM-free and Node-free domain types and math.
export * from './types/market';
export * from './types/api';
export * from './types/trade';
export * from './kline/bucket';
export * from './kline/aggregator';
export * from './kline/rollup';
export { ExactDecimal, type DecimalInput } from './calc/exact';
export * from './calc/contract';
export * from './calc/seconds-option';
export * from './calc/dual-invest';
export * from './calc/lock-mining';
export * from './calc/copy-multiple';
export * from './calc/number-format';
export * from './calc/amount-input';
export * from './types/funds';
export * from './calc/funds';
export * from './calc/spot';
