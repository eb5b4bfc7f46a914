/**
 * mulberry32: a tiny seeded PRNG (numbers in [0, 1)), so that demo data comes out the same on every seed and a fuzz
 * failure repeats with the same FUZZ_SEED.
 */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
