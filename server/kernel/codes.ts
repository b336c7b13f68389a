/**
 * Value codes at the edge (WIRE.md): the spec's own clients send numbers ("1", "2") where
 * our front end sends words ("long", "up"). `coded` maps both onto ONE domain enum; an unknown code,
 * a number out of the table or anything else is the parameter error (never a 5xx, never a guess).
 * Each area keeps its tables in one `wire.ts` beside its routes.
 */
import { z } from 'zod';

export type CodeTable<T extends string> = Readonly<Record<string, T>>;

/** '' and absent are "none"; a known code (digit string or number) becomes its word; the rest is left for the enum to refuse. */
function decoder<T extends string>(codes: CodeTable<T>) {
  return (v: unknown): unknown => {
    if (v === undefined || v === null) return undefined;
    const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v;
    if (s === '') return undefined;
    return typeof s === 'string' && Object.hasOwn(codes, s) ? codes[s] : s;
  };
}

/** A required code of `codes` or one of `words`, giving the word; absent or "" → `fallback` when given. */
export function coded<T extends string>(codes: CodeTable<T>, words: readonly [T, ...T[]], fallback?: T) {
  const e = z.enum(words as [T, ...T[]]);
  return fallback === undefined
    ? z.preprocess(decoder(codes), e)
    : z.preprocess(decoder(codes), e.default(fallback as never));
}

/** The same, optional: absent or "" → undefined. */
export function optCoded<T extends string>(codes: CodeTable<T>, words: readonly [T, ...T[]]) {
  return z.preprocess(decoder(codes), z.enum(words as [T, ...T[]]).optional());
}
