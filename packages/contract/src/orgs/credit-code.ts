/** Unified social credit code (GB 32100-2015): 18 characters, the last a check character. */
const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = CHARSET.indexOf(first17[i]);
    if (v < 0) return null;
    sum += v * WEIGHTS[i];
  }
  const c = 31 - (sum % 31);
  return CHARSET[c === 31 ? 0 : c];
}

export function isValidCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17];
}

/** Completes 17 characters with their check character (demo data and tests). */
export function withCheckChar(first17: string): string {
  const c = creditCodeCheckChar(first17);
  if (!c) throw new Error(`Not a credit code body: ${first17}`);
  return first17 + c;
}
