export * from './types';
export * from './seconds';
export * from './lever';
export * from './dual';
export * from './ieo';
export * from './boxes';
export * from './spot';
export * from './auction';
