import { mulberry32 } from '../../../src/seed/random.ts';

/** Seeded choices for the fuzz cases (mulberry32: a failure repeats with the same FUZZ_SEED). */
export class Random {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  int(max: number) {
    return Math.floor(this.next() * max);
  }
  chance(p: number) {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
  bytes(n: number) {
    const b = Buffer.alloc(n);
    for (let i = 0; i < n; i++) b[i] = this.int(256);
    return b;
  }
}
