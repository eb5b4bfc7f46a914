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

export function bankShortName(fullName: string): string {
  return BANKS.find((b) => fullName.startsWith(b.name))?.short ?? fullName.slice(0, 4);
}

/** A stable hue per bank name, for the drawn badge. */
export function bankBadgeColor(fullName: string): string {
  let h = 0;
  for (const ch of fullName) h = (h * 31 + ch.codePointAt(0)!) % 360;
  return `hsl(${h}, 62%, 42%)`;
}
