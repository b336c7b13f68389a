// Order books: the producing end, the worker's local book, depth rows and recent trades.
export * from './side';
export * from './local-book';
export * from './group';
export * from './trades';
export * from './source';
