/**
 * The project's own bank badges (UI.md, PRODUCT.md 13): no real logo, only a rounded square whose colour comes from
 * the bank's full name and a short name in it. Pure functions, so the same bank looks the same everywhere.
 */

/** Common short forms of Chinese bank names; anything else is shortened by rule. */
const KNOWN_SHORT: ReadonlyArray<[RegExp, string]> = [
  [/^中国工商银行/, '工行'],
  [/^中国农业银行/, '农行'],
  [/^中国建设银行/, '建行'],
  [/^中国银行/, '中行'],
  [/^交通银行/, '交行'],
  [/^中国邮政储蓄银行/, '邮储'],
  [/^招商银行/, '招行'],
  [/^中信银行/, '中信'],
  [/^中国光大银行/, '光大'],
  [/^中国民生银行/, '民生'],
  [/^兴业银行/, '兴业'],
  [/^浦发银行|^上海浦东发展银行/, '浦发'],
  [/^华夏银行/, '华夏'],
  [/^平安银行/, '平安'],
  [/^广发银行/, '广发'],
  [/^国家开发银行/, '国开'],
  [/^中国农业发展银行/, '农发'],
  [/^中国进出口银行/, '进出口'],
];

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
    .map((c) => Math.round(c * 255).toString(16).padStart(2, '0'))
    .join('');
  return `#${hex}`;
}

/** The channels (0–1) of a #rrggbb colour. */
export function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** Up to four characters that name the bank on its badge. */
export function bankShortName(fullName: string): string {
  const name = fullName.trim();
  if (!name) return '';
  for (const [re, short] of KNOWN_SHORT) if (re.test(name)) return short;
  // Local banks: "示范市农村商业银行股份有限公司" → 农商; "示范村镇银行" → 村镇.
  if (/农村商业银行|农商银行/.test(name)) return '农商';
  if (/村镇银行/.test(name)) return '村镇';
  if (/农村信用合作联社|农村信用社|信用联社/.test(name)) return '农信';
  const stem = name.replace(/^中国/, '').split(/银行|股份|有限|公司|分行|支行/)[0] || name;
  if (/^[ -~]+$/.test(stem)) {
    const initials = stem.split(/\s+/).filter(Boolean).map((w) => w[0]!.toUpperCase()).join('');
    return initials.slice(0, 4) || stem.slice(0, 2).toUpperCase();
  }
  return stem.slice(0, 2);
}
