// Product formulas added with the products area (dual orders, IEO allocation, lock-mining schedule).
export * from './dual-order';
export * from './ieo-allocation';
export * from './lock-schedule';
