/**
 * A small seeded PRNG (mulberry32) with the helpers the generator needs. Everything the
 * demo data contains is drawn from one instance, so a seed reproduces the data exactly.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1][0];
  }

  /** `count` distinct items in random order (all of them when count >= length). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = items.slice();
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, n);
  }

  /** `count` distinct items, each draw weighted by `weight` among those left. */
  weightedSample<T>(items: readonly T[], weight: (item: T) => number, count: number): T[] {
    const left = items.map((item) => [item, weight(item)] as const);
    const chosen: T[] = [];
    while (chosen.length < count && left.length > 0) {
      const item = this.weighted(left);
      chosen.push(item);
      left.splice(
        left.findIndex(([candidate]) => candidate === item),
        1,
      );
    }
    return chosen;
  }

  /** Log-normal-ish heavy tail: most values small, a few very large (audiences, views). */
  heavy(median: number, spread: number): number {
    const u = Math.max(this.next(), 1e-9);
    const v = this.next();
    const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return median * Math.exp(normal * spread);
  }

  /**
   * Splits `total` into integer parts proportional to random weights around `bias`,
   * so the parts always add up to `total` exactly.
   */
  parts(bias: readonly number[], total: number, jitter = 0.5): number[] {
    const weights = bias.map((b) => Math.max(0.0001, b * (1 - jitter + this.next() * 2 * jitter)));
    const sum = weights.reduce((a, b) => a + b, 0);
    const raw = weights.map((w) => (w / sum) * total);
    const result = raw.map(Math.floor);
    let rest = total - result.reduce((a, b) => a + b, 0);
    // Hand the remainder to the largest fractional parts.
    const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0]);
    for (let k = 0; rest > 0; k = (k + 1) % order.length, rest--) result[order[k][1]]++;
    return result;
  }
}

/** Shares in percent with two decimals that add up to exactly 100. */
export function percentShares(random: Random, bias: readonly number[], jitter = 0.5): number[] {
  return random.parts(bias, 10_000, jitter).map((p) => p / 100);
}
