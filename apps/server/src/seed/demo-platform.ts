import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { holidays, messages, users } from '../db/schema/index.ts';
import { calendar2026 } from '../modules/system/calendar-2026.ts';

const WELCOME = {
  title: '欢迎使用示范市普惠金融服务平台',
  content: '您的账号已开通。请在“我的”中核对账号信息并绑定手机号，以便及时接收业务提醒。',
};

/** Per demo account: realistic messages besides the welcome one (oldest first; the last ones stay unread). */
const MESSAGES: Record<string, { title: string; content: string; link: string | null }[]> = {
  operator: [
    {
      title: '新产品待审核',
      content: '示范市农村商业银行提交了产品“茶农振兴贷”，请及时审核。',
      link: '/operateClient/product',
    },
    {
      title: '节假日安排已更新',
      content: '2026年法定节假日及调休安排已载入，受理时限将按工作日计算。',
      link: '/operateClient/platform/configure',
    },
  ],
  gov: [
    {
      title: '逾期需求提醒',
      content: '本周有 2 条定向需求超过受理时限，请关注并督办。',
      link: '/supervisionClient/demand/orientation',
    },
    {
      title: '金融方舱新申请',
      content: '示范市绿源茶业有限公司提交了金融方舱入舱申请。',
      link: '/supervisionClient/shelter/unShelter',
    },
  ],
  jrj: [
    {
      title: '月度报表已生成',
      content: '上月各区县融资对接情况报表已生成，可在“报表”中查看。',
      link: '/supervisionClient/report/region',
    },
  ],
  rsj: [
    {
      title: '创业担保贷款统计',
      content: '本季度创业担保贷款发放情况已汇总，请查阅。',
      link: '/supervisionClient/home',
    },
  ],
  bank: [
    {
      title: '新的定向需求',
      content: '企业“示范市绿源茶业有限公司”向贵行提交了 200 万元融资需求，请在 3 个工作日内受理。',
      link: '/financialInstitution/demand/orientation',
    },
    {
      title: '受理时限提醒',
      content: '有 1 条公开需求将于明日到达受理时限，请尽快处理。',
      link: '/financialInstitution/demand/public',
    },
  ],
  guarantee: [
    {
      title: '新的担保需求',
      content: '个人用户李明提交了 30 万元担保需求，请及时受理。',
      link: '/guaranteePlatform/guarantee',
    },
  ],
  person: [
    { title: '实名认证已通过', content: '您的实名认证已通过，现在可以提交定向融资需求。', link: '/userClient/home' },
    {
      title: '需求已受理',
      content: '您提交的 30 万元融资需求已由示范市农村商业银行青石县支行受理，客户经理将与您联系。',
      link: '/userClient/demand/public',
    },
  ],
  enterprise: [
    { title: '企业认证已通过', content: '贵公司的企业认证已通过，可使用全部融资服务。', link: '/userClient/home' },
    {
      title: '需求已受理',
      content: '贵公司的 200 万元定向需求已由示范市农村商业银行受理，预计 15 个工作日内给出审批结果。',
      link: '/userClient/demand/orientation',
    },
  ],
};

/** Demo data: the 2026 holiday calendar and in-site messages for every demo account. */
export async function seedDemoPlatform(db: DbOrTx) {
  await db.insert(holidays).values(calendar2026()).onConflictDoNothing();

  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, Object.keys(MESSAGES)));
  const now = Date.now();
  const values: (typeof messages.$inferInsert)[] = [];
  for (const u of rows) {
    const list = MESSAGES[u.username] ?? [];
    const all = [{ ...WELCOME, link: null }, ...list];
    all.forEach((m, i) => {
      // Spread over the last days, newest last; the welcome message has been read.
      const createdAt = new Date(now - (all.length - i) * 3 * 3_600_000);
      values.push({
        userId: u.id,
        title: m.title,
        content: m.content,
        link: m.link,
        // The welcome message is worded in the reader's language (account.welcome); the others are notices the
        // operator wrote, kept as written.
        ...(i === 0 ? { kind: 'account.welcome', params: {} } : {}),
        createdAt,
        readAt: i === 0 ? createdAt : null,
      });
    });
  }
  if (values.length) await db.insert(messages).values(values);
}
