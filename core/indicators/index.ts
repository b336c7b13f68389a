// Chart indicators: display values in plain numbers (see types.ts for the conventions).
export * from './types';
export * from './ma';
export * from './ema';
export * from './boll';
export * from './vol';
export * from './macd';
export * from './kdj';
export * from './rsi';
export * from './params';
