/**
 * The project's own bank badges (UI.md, PRODUCT.md 13): no real logo, only a rounded square whose colour comes from
 * the bank's full name and its short name in it (bankShortName of the contract: one short name per bank). Pure
 * functions, so the same bank looks the same everywhere.
 */

/** FNV-1a over UTF-16 code units: stable across browsers and runs. */
export function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

/** WCAG contrast of white text on an sRGB colour (channels 0–1). */
export function contrastWithWhite([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  return 1.05 / (luminance + 0.05);
}

/** Minimum contrast of the badge text (WCAG AA for normal text). */
export const MIN_BADGE_CONTRAST = 4.5;

/**
 * A badge colour for a bank name: hue and saturation from the hash; lightness as high as white text allows while
 * keeping WCAG AA contrast (yellows and greens come out darker than blues at the same lightness).
 */
export function badgeColor(name: string): string {
  const h = nameHash(name);
  const hue = h % 360;
  const saturation = 0.5 + ((h >>> 9) % 16) / 100; // 50–65 %
  let lightness = 0.42 - ((h >>> 17) % 6) / 100; // 37–42 %
  while (lightness > 0.15 && contrastWithWhite(hslToRgb(hue, saturation, lightness)) < MIN_BADGE_CONTRAST) {
    lightness -= 0.01;
  }
  const hex = hslToRgb(hue, saturation, lightness)
    .map((c) =>
      Math.round(c * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');
  return `#${hex}`;
}

/** The channels (0–1) of a #rrggbb colour. */
export function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/**
 * The badge's text in lines: the short name (the contract's bankShortName, the one short name of a bank) on one line
 * up to three characters, four Chinese characters as two lines of two ("工商/银行") so that they fill the square.
 */
export function badgeLines(short: string): string[] {
  const chars = [...short];
  return chars.length === 4 && !/^[ -~]+$/.test(short)
    ? [chars.slice(0, 2).join(''), chars.slice(2).join('')]
    : [short];
}
