import { z } from 'zod';

/**
 * An allowlist entry: an absolute http(s) origin plus a path prefix, without credentials, query or fragment.
 * Returns the reason it is refused, or null when it is fine.
 */
export function redirectEntryProblem(entry: string): string | null {
  let u: URL;
  try {
    u = new URL(entry);
  } catch {
    return '不是完整的网址';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return '只允许 http 或 https 地址';
  if (u.username || u.password) return '地址中不能包含账号或密码';
  if (u.search || u.hash || entry.includes('?') || entry.includes('#')) return '地址中不能包含查询参数或锚点';
  if (!/^https?:\/\/[^/]+\//i.test(entry)) return '地址须以 / 结尾的路径开头，如 https://example.com/';
  return null;
}

const ZUrl = z
  .string()
  .trim()
  .max(500)
  .refine((s) => /^https?:\/\//i.test(s) && URL.canParse(s), { message: '须为 http(s) 地址' });

/** POST /finance/system/config/save.json: every operator-editable setting at once. */
export const ZSaveSettingsRequest = z.strictObject({
  sessionIdleMinutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60),
  sessionAbsoluteHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30),
  slaAcceptDays: z.number().int().min(1).max(60),
  slaDecisionDays: z.number().int().min(1).max(180),
  /** Empty: no external credit system (every client then hides the link). */
  toSyxUrl: z.union([z.literal(''), ZUrl]),
  firstLoanCentreUrl: ZUrl,
  redirectAllowlist: z
    .array(
      z
        .string()
        .trim()
        .max(300)
        .superRefine((s, ctx) => {
          const problem = redirectEntryProblem(s);
          if (problem) ctx.addIssue({ code: 'custom', message: `${s}：${problem}` });
        }),
    )
    .max(50),
});
export type SaveSettingsRequest = z.infer<typeof ZSaveSettingsRequest>;
