/**
 * A tiny seeded PRNG (mulberry32) plus the two draws the simulator needs. Deterministic: the same
 * seed gives the same sequence on every machine, which is what makes the simulator reproducible.
 */
export interface Rng {
  /** uniform in [0, 1) */
  next(): number;
  /** standard normal (Box-Muller; one value per call so the draw count per tick is fixed) */
  normal(): number;
}

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    normal() {
      const u = 1 - next(); // (0, 1]: log is finite
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
  };
}

/** FNV-1a: derives a per-symbol sub-seed so each symbol's backfill is independent of the others. */
export function hashSeed(seed: number, key: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
