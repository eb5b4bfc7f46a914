/**
 * The demo region's banks by full Chinese name, with the short name the project's own badge shows (a rounded
 * square in a colour derived from the name: never a real logo). The client maps logos by full name (SPEC section 3).
 */
export const BANKS: readonly { name: string; short: string }[] = [
  { name: '中国工商银行股份有限公司', short: '工商银行' },
  { name: '中国农业银行股份有限公司', short: '农业银行' },
  { name: '中国银行股份有限公司', short: '中国银行' },
  { name: '中国建设银行股份有限公司', short: '建设银行' },
  { name: '交通银行股份有限公司', short: '交通银行' },
  { name: '中国邮政储蓄银行股份有限公司', short: '邮储银行' },
  { name: '国家开发银行', short: '国开行' },
  { name: '中国农业发展银行', short: '农发行' },
  { name: '招商银行股份有限公司', short: '招商银行' },
  { name: '兴业银行股份有限公司', short: '兴业银行' },
  { name: '中信银行股份有限公司', short: '中信银行' },
  { name: '中国光大银行股份有限公司', short: '光大银行' },
  { name: '华夏银行股份有限公司', short: '华夏银行' },
  { name: '中国民生银行股份有限公司', short: '民生银行' },
  { name: '平安银行股份有限公司', short: '平安银行' },
  { name: '上海浦东发展银行股份有限公司', short: '浦发银行' },
  { name: '广发银行股份有限公司', short: '广发银行' },
  { name: '浙商银行股份有限公司', short: '浙商银行' },
  { name: '恒丰银行股份有限公司', short: '恒丰银行' },
  { name: '示范市农村商业银行股份有限公司', short: '示范农商' },
  { name: '示范银行股份有限公司', short: '示范银行' },
  { name: '示范市青石村镇银行股份有限公司', short: '青石村镇' },
];

/** A name without its company form ("中国银行股份有限公司" → "中国银行"): what a branch's name starts with. */
function stemOf(name: string): string {
  return name.replace(/(股份有限公司|有限责任公司|有限公司)$/, '') || name;
}

/** Longest stem first, so "中国农业发展银行" never takes the short name of a shorter stem it starts with. */
const BY_STEM = BANKS.map((b) => ({ stem: stemOf(b.name), short: b.short })).sort(
  (a, b) => b.stem.length - a.stem.length,
);

/**
 * The one short name of a bank (UI.md: the badge shows "the bank's short name"; the demo data seeds the same one as
 * the organisation's short name): a bank of BANKS, its head office or any of its branches ("中国农业银行股份有限公司
 * 示范市分行") gets BANKS' short name; any other bank a short form by rule, at most four characters.
 */
export function bankShortName(fullName: string): string {
  const name = fullName.trim();
  if (!name) return '';
  const known = BY_STEM.find((b) => name.startsWith(b.stem));
  if (known) return known.short;
  // Local banks outside the list: "某某农村商业银行" → 农商; "某某村镇银行" → 村镇.
  if (/农村商业银行|农商银行/.test(name)) return '农商';
  if (/村镇银行/.test(name)) return '村镇';
  if (/农村信用合作联社|农村信用社|信用联社/.test(name)) return '农信';
  const stem = name.replace(/^中国/, '').split(/银行|股份|有限|公司|分行|支行/)[0] || name;
  if (/^[ -~]+$/.test(stem)) {
    const initials = stem
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => w[0]!.toUpperCase())
      .join('');
    return initials.slice(0, 4) || stem.slice(0, 2).toUpperCase();
  }
  return stem.slice(0, 2);
}
