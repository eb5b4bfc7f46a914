import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { UPLOAD_TYPES, fileViewUrl } from '@phjr/contract/files/upload';
import type { AchievementMetric } from '@phjr/contract/content/achievement';
import type { DbOrTx } from '../db/client.ts';
import { achievements, agreements, articles, sysImages, users } from '../db/schema/index.ts';
import { plainText, sanitizeRichText, summaryOf } from '../modules/content/sanitize.ts';
import { insertFile } from '../modules/files/files.repo.ts';
import { DEMO_ARTICLES } from './demo-articles.ts';
import { COVER_THEMES, coverPng, type CoverTheme } from './demo-images.ts';
import { CITY } from './regions.ts';

const DAY_MS = 86_400_000;

/** Stores one drawn cover per theme as a PUBLIC file, as an upload by `uploaderId` would. */
async function seedCovers(db: DbOrTx, uploaderId: number): Promise<Record<CoverTheme, string>> {
  const urls = {} as Record<CoverTheme, string>;
  for (const theme of Object.keys(COVER_THEMES) as CoverTheme[]) {
    const data = coverPng(theme);
    const id = randomBytes(24).toString('base64url');
    await insertFile(db, {
      id,
      name: `cover-${theme}.png`,
      contentType: UPLOAD_TYPES.png,
      size: data.length,
      data,
      visibility: 'PUBLIC',
      uploadedBy: uploaderId,
    });
    urls[theme] = fileViewUrl(id);
  }
  return urls;
}

/** Articles of every channel, agreements, achievements and the district banners (PRODUCT.md section 13). */
export async function seedDemoContent(db: DbOrTx, now = new Date()) {
  const people = await db
    .select({ id: users.id, username: users.username, orgId: users.orgId })
    .from(users)
    .where(inArray(users.username, ['operator', 'gov']));
  const operator = people.find((u) => u.username === 'operator')!;
  const gov = people.find((u) => u.username === 'gov')!;
  const covers = await seedCovers(db, operator.id);

  const rows: (typeof articles.$inferInsert)[] = DEMO_ARTICLES.map((a, i) => {
    // Office hours, Shanghai time (UTC+8): 09:00-17:59, varied per article.
    const day = new Date(now.getTime() - Math.floor(a.daysAgo) * DAY_MS);
    const at = new Date(
      Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 1 + ((i * 7) % 9), (i * 13) % 60),
    );
    const publishAt = a.daysAgo >= 0 && at > now ? new Date(now.getTime() - (i + 1) * 600_000) : at;
    const status = a.state === 'DRAFT' ? 'DRAFT' : a.state === 'OFFLINE' ? 'OFFLINE' : 'PUBLISHED';
    const writer = a.byGov ? gov : operator;
    const body = sanitizeRichText(a.body);
    return {
      title: a.title,
      channel: a.channel,
      regionCode: a.region ?? CITY.code,
      industrialChainId: null,
      cover: a.cover ? covers[a.cover] : null,
      summary: summaryOf(body),
      body,
      source: a.source,
      author: a.author,
      status,
      pinned: a.pinned ?? false,
      views: status === 'DRAFT' ? 0 : (a.views ?? 100 + ((i * 37) % 400)),
      publishAt: status === 'DRAFT' ? null : publishAt,
      createdBy: writer.id,
      orgId: writer.orgId,
      createdAt: new Date(Math.min(publishAt.getTime(), now.getTime()) - 2 * 3_600_000),
      updatedAt: new Date(Math.min(publishAt.getTime(), now.getTime()) - 3_600_000),
    };
  });
  await db.insert(articles).values(rows);

  await db.insert(agreements).values([
    {
      kind: 'USER',
      version: 1,
      title: '示范市普惠金融服务平台用户服务协议',
      body: sanitizeRichText(USER_AGREEMENT),
      createdBy: operator.id,
      createdAt: new Date(now.getTime() - 60 * DAY_MS),
    },
    {
      kind: 'PRIVACY',
      version: 1,
      title: '示范市普惠金融服务平台隐私政策',
      body: sanitizeRichText(PRIVACY_POLICY),
      createdBy: operator.id,
      createdAt: new Date(now.getTime() - 60 * DAY_MS),
    },
  ]);

  await db.insert(achievements).values(
    ACHIEVEMENTS.map((a, i) => ({
      ...a,
      summary: plainText(a.summary),
      cover: a.cover ? covers[a.cover] : null,
      sort: (i + 1) * 10,
      active: true,
      updatedBy: operator.id,
    })),
  );

  await db.insert(sysImages).values([
    {
      place: 'SUBSITE_BANNER',
      title: '区县分站 家门口的金融服务',
      titleEn: 'Financial services next door',
      url: '/banners/banner-1.svg',
      urlEn: '/banners/banner-1-en.svg',
      link: '/supermarket',
      sort: 1,
    },
    {
      place: 'SUBSITE_BANNER',
      title: '整村授信 信用变资金',
      titleEn: 'Village-wide credit turns trust into funds',
      url: '/banners/banner-2.svg',
      urlEn: '/banners/banner-2-en.svg',
      link: '/countryside-develop',
      sort: 2,
    },
  ]);
}

/**
 * Each item in both languages: the portal shows the reader's (issue 13). Each shows a live figure (`metric`, issue 30
 * item 6): the figure comes from the data with its definition, so the showcase never contradicts the live figures
 * above it; the summaries hold no figure of their own.
 */
const ACHIEVEMENTS: {
  title: string;
  metric: AchievementMetric;
  summary: string;
  titleEn: string;
  summaryEn: string;
  cover?: CoverTheme;
  link: string;
}[] = [
  {
    title: '累计放款金额',
    metric: 'amountGranted',
    summary: '平台上线以来，通过公开需求、定向需求、担保需求和补录贷款实际发放的贷款金额。',
    titleEn: 'Loans granted',
    summaryEn: 'Loans granted since launch through public, targeted and guarantee demands and recorded offline loans.',
    cover: 'finance',
    link: '/to-achievement-display',
  },
  {
    title: '服务企业',
    metric: 'enterprises',
    summary: '在平台注册且状态正常的企业主账号，子账号不重复计算。',
    titleEn: 'Enterprises served',
    summaryEn: 'Active enterprise main accounts registered on the platform; sub-accounts are not counted again.',
    link: '/to-achievement-display',
  },
  {
    title: '入驻银行',
    metric: 'banks',
    summary: '入驻平台的银行总行，分行、支行计入所属银行，覆盖全市各区县。',
    titleEn: 'Banks on the platform',
    summaryEn: 'Bank head offices on the platform, their branches counted with them, serving every district.',
    link: '/supermarket',
  },
  {
    title: '农户信用建档',
    metric: 'farmersCollected',
    summary: '青石县、桃源县、云溪县等地推行整村授信，为农户和新型农业经营主体建立信用档案。',
    titleEn: 'Farmers with a credit file',
    summaryEn:
      'Qingshi, Taoyuan, Yunxi and other counties grant credit village by village and keep a credit file for each farmer.',
    cover: 'countryside',
    link: '/countryside-develop',
  },
  {
    title: '金融方舱纾困',
    metric: 'shelterApplications',
    summary: '通过展期、降息、新增授信、调整还款计划等措施，帮助暂时困难企业渡过难关。',
    titleEn: 'Finance shelter',
    summaryEn: 'Extensions, lower rates, new credit and new repayment plans help firms through temporary difficulty.',
    link: '/stowdown',
  },
  {
    title: '重点产业链',
    metric: 'chains',
    summary: '茶叶、柑橘、生猪等产业链纳入产业链金融服务，银行走访链上企业、对接融资。',
    titleEn: 'Key industry chains',
    summaryEn:
      'Tea, citrus, pigs and other chains are served by chain finance; banks visit member firms and arrange loans.',
    cover: 'chain',
    link: '/chain',
  },
];

const sec = (title: string, ...paras: string[]) => `<h3>${title}</h3>${paras.map((p) => `<p>${p}</p>`).join('')}`;

const USER_AGREEMENT = [
  '<p>欢迎您使用示范市普惠金融服务平台（以下简称“平台”）。平台由示范市普惠金融服务平台运营中心（以下简称“我们”）运营。请您在注册前仔细阅读本协议，特别是以<strong>粗体</strong>标示的条款。您点击“同意”或实际使用平台服务，即表示您已阅读并同意本协议。</p>',
  sec(
    '一、协议的范围',
    '本协议是您与我们之间关于注册、登录和使用平台服务所订立的协议。平台发布的各项规则、公告和《隐私政策》是本协议不可分割的组成部分。',
  ),
  sec(
    '二、账号注册与管理',
    '1. 个人用户以本人手机号注册；企业用户以统一社会信用代码注册，并应完成企业认证。您应保证提交的信息真实、准确、完整，并在信息变化时及时更新。',
    '2. <strong>账号和密码由您自行保管，通过您的账号进行的操作视为您本人或您所代表的企业的行为。</strong>发现账号被盗用时，请立即修改密码并联系我们。',
    '3. 企业主账号可以创建子账号，子账号代表企业办理业务，主账号对子账号的操作负责。',
    '4. 连续多次输入错误密码的，平台将要求输入图形验证码或暂时锁定密码登录，以保护账号安全。',
  ),
  sec(
    '三、平台服务内容',
    '平台提供金融产品展示、融资需求发布与对接、担保需求对接、产业链金融、金融方舱、信用信息查询、政策资讯等服务。<strong>平台是信息撮合服务平台，不吸收存款、不发放贷款、不提供担保；贷款和担保是否发放、金额、利率和期限由金融机构依法自主决定。</strong>',
    '平台对用户免费提供服务，不向用户收取任何撮合费用。任何以平台名义收取“服务费”“保证金”的行为均与平台无关，请您提高警惕并及时举报。',
  ),
  sec(
    '四、用户的权利和义务',
    '1. 您有权按照平台规则查询产品、发布需求、查看办理进度，并对金融机构的服务进行评价和投诉。',
    '2. 您应如实填写融资需求和相关材料，不得提供虚假材料骗取贷款或财政贴息，不得利用平台从事违法违规活动。',
    '3. 您不得对平台进行反向工程、批量抓取数据、干扰平台正常运行，不得发布违法、侵权或与融资无关的信息。',
  ),
  sec(
    '五、融资需求的办理',
    '银行应在平台规定的时限内受理和办理您的需求，每一次状态变化都会通过站内消息和短信通知您。需求被受理前您可以随时撤回；被受理后撤回的，请说明原因。',
    '金融机构不予放款的，会在平台说明原因。您可以修改需求后重新发布，或向其他金融机构申请。',
  ),
  sec(
    '六、信用信息查询授权',
    '<strong>您在发布需求时勾选同意征信查询的，即授权您选定的金融机构在办理该笔需求期间查询您的信用信息。</strong>授权的对象、时间和范围会在平台记录，您可以在需求办理完毕前撤回授权。平台记录每一次查询，您可以查看谁在何时查询了您的信息。',
  ),
  sec(
    '七、知识产权',
    '平台的软件、页面设计、文字、图片和数据汇编的知识产权归我们或相关权利人所有。未经书面许可，任何人不得复制、转载或用于商业用途。',
  ),
  sec(
    '八、责任限制',
    '我们将尽力保障平台持续稳定运行，但因不可抗力、网络故障、系统维护等原因造成的服务中断，我们将及时公告并尽快恢复。金融机构在平台发布的产品信息由其自行负责，您与金融机构之间的借贷、担保关系由双方依据所签订的合同确定。',
  ),
  sec(
    '九、协议的变更和终止',
    '我们修改本协议时，将在平台公告并在您登录时提示。修改后的协议自公告之日起生效；您不同意的，可以停止使用并注销账号。您违反本协议的，我们有权视情节暂停或终止向您提供服务。',
  ),
  sec(
    '十、法律适用与争议解决',
    '本协议适用中华人民共和国法律。因本协议产生的争议，双方应协商解决；协商不成的，任何一方可以向平台运营中心所在地有管辖权的人民法院提起诉讼。',
  ),
  sec(
    '十一、联系我们',
    '服务热线：0570-12345（工作日 9:00—17:00）<br>通信地址：示范市市民中心大道 100 号金融服务中心 3 楼 示范市普惠金融服务平台运营中心',
  ),
].join('');

const PRIVACY_POLICY = [
  '<p>示范市普惠金融服务平台运营中心（以下简称“我们”）深知个人信息对您的重要性，将按照合法、正当、必要和诚信的原则处理您的个人信息。本政策说明我们收集哪些信息、如何使用和保护这些信息，以及您享有的权利。</p>',
  sec(
    '一、我们收集的信息',
    '1. <strong>注册信息：</strong>个人用户的姓名、手机号；企业用户的企业名称、统一社会信用代码、法定代表人姓名和联系电话。',
    '2. <strong>认证信息：</strong>个人实名认证所需的身份证号（页面上仅以脱敏形式显示）；企业认证时，我们将您填写的信息与企业登记信息进行比对。',
    '3. <strong>业务信息：</strong>您发布的融资需求、上传的材料、与金融机构的办理记录、征信查询授权记录。',
    '4. <strong>安全信息：</strong>登录时间、IP地址、设备信息和操作日志，用于保障账号安全和排查问题。',
  ),
  sec(
    '二、我们如何使用信息',
    '我们仅为以下目的使用您的信息：为您提供注册登录、需求发布和对接服务；向您发送验证码和业务通知；向您授权的金融机构提供需求信息；生成不含个人身份的汇总统计数据；履行法律法规规定的义务。',
    '<strong>未经您的同意，我们不会将您的信息用于营销，也不会向与您的需求无关的机构提供。</strong>',
  ),
  sec(
    '三、信息的共享',
    '1. 您发布公开需求时，需求内容对本区域银行可见；发布定向需求或担保需求时，仅对您选定的机构可见。',
    '2. 监管部门依法履行监管职责时，可以查看与其职责相关的需求办理信息。',
    '3. 除法律法规另有规定外，我们不会公开披露您的个人信息。',
  ),
  sec(
    '四、信息的存储和保护',
    '您的信息存储在中华人民共和国境内。密码经不可逆加密后存储，任何人（包括我们的工作人员）都无法查看您的明文密码；身份证号、手机号在列表和导出文件中脱敏显示。',
    '我们采取访问控制、操作审计、传输加密等措施保护您的信息。发生安全事件时，我们将按规定及时告知您并向主管部门报告。',
    '账号注销后，我们将在法律法规规定的保存期限届满后删除或匿名化处理您的个人信息。',
  ),
  sec(
    '五、您的权利',
    '您可以在“我的—账号信息”中查阅和更正您的信息，修改手机号和密码；可以撤回尚未办结需求的征信查询授权；可以申请注销账号。行使上述权利遇到困难的，请联系我们，我们将在15个工作日内答复。',
  ),
  sec('六、Cookie 和同类技术', '平台仅使用必要的 Cookie 和本地存储保存登录状态和语言偏好，不用于广告追踪。'),
  sec('七、未成年人信息', '平台服务面向成年人和依法设立的企业。未满十八周岁的未成年人不应注册平台账号。'),
  sec(
    '八、本政策的更新',
    '本政策更新时，我们将在平台公告并在您登录时提示。重大变化时，我们会以站内消息等方式另行通知您。',
  ),
  sec(
    '九、联系我们',
    '个人信息保护联系人：平台运营中心数据安全岗<br>服务热线：0570-12345<br>通信地址：示范市市民中心大道 100 号金融服务中心 3 楼',
  ),
].join('');
