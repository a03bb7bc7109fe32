// Seeded pseudo-random numbers for the bench generators: the same seed gives the same workload bytes.

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** Log-normal-ish positive number with the given median (sizes of real files are skewed like this). */
  skewed(median: number, spread: number): number;
}

/** mulberry32: tiny, fast, and good enough to shuffle text (not for anything secret). */
export function seeded(seed: number): Rng {
  let s = seed >>> 0;
  const next = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
    skewed: (median, spread) => {
      // Box–Muller normal, then exp: median stays `median`, `spread` is sigma of the log.
      const u = Math.max(next(), 1e-12);
      const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
      return median * Math.exp(spread * z);
    },
  };
}
