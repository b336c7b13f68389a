// scripts/build/locale-bundles.ts: one language's merged tables
declare module 'virtual:locale/*' {
  const table: import('./merge').LocaleTable;
  export default table;
}
