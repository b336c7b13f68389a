/**
 * Shape checks for what arrives over the socket and from REST. Anything malformed is dropped
 * (and counted) rather than trusted: one bad message must not poison the screen.
 */
const DECIMAL = /^-?\d+(\.\d+)?$/;

export type Obj = Record<string, unknown>;

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isDecimal(v: unknown): v is string {
  return typeof v === 'string' && v.length <= 64 && DECIMAL.test(v);
}

export function isTime(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0;
}

export function isSeq(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

export function isSymbol(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0 && v.length <= 32;
}

/** Validate every element; returns the good ones and how many were dropped. */
export function validArray<T>(data: unknown, check: (x: unknown) => x is T): { items: T[]; dropped: number } {
  if (!Array.isArray(data)) return { items: [], dropped: data === undefined ? 0 : 1 };
  const items: T[] = [];
  for (const x of data) if (check(x)) items.push(x);
  return { items, dropped: data.length - items.length };
}
