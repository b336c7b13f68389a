/** A translation table: nested objects of strings. */
export interface LocaleTable {
  [key: string]: string | LocaleTable;
}

/** Deep-merges tables left to right; later tables add keys (areas never overwrite the shell's). */
export function mergeLocaleTables(tables: LocaleTable[]): LocaleTable {
  const out: LocaleTable = {};
  for (const t of tables) mergeInto(out, t);
  return out;
}

function mergeInto(into: LocaleTable, from: LocaleTable): void {
  for (const [k, v] of Object.entries(from)) {
    const cur = into[k];
    if (typeof v === 'object' && typeof cur === 'object') mergeInto(cur, v);
    else if (cur === undefined) into[k] = typeof v === 'object' ? mergeInto2(v) : v;
  }
}

function mergeInto2(v: LocaleTable): LocaleTable {
  const copy: LocaleTable = {};
  mergeInto(copy, v);
  return copy;
}
