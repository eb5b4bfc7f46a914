import type { DbOrTx } from '../../db/client.ts';
import * as repo from './sms.repo.ts';
import { sentence } from '../../lib/sentence.ts';

/** Sends one templated SMS. The default provider writes the outbox; a real provider plugs in by configuration. */
export interface SmsGateway {
  send(phone: string, templateCode: string, params: Record<string, string | number>): Promise<void>;
}

/** Templates every database starts with (operator-editable; switched off one by one). */
export const DEFAULT_SMS_TEMPLATES = [
  {
    code: 'VERIFY_CODE',
    name: '短信验证码',
    content: '【示范市普惠金融】您的验证码为{code}，{minutes}分钟内有效，请勿泄露给他人。',
  },
  {
    code: 'REGISTER_SUCCESS',
    name: '注册成功通知',
    content: '【示范市普惠金融】您已成功注册账号{username}，欢迎使用示范市普惠金融服务平台。',
  },
  {
    code: 'PASSWORD_CHANGED',
    name: '密码修改通知',
    content: '【示范市普惠金融】您的账号{username}的登录密码已修改，如非本人操作请立即联系平台。',
  },
  {
    code: 'PASSWORD_RESET',
    name: '密码重置通知',
    content:
      '【示范市普惠金融】您的账号{username}的登录密码已由管理员重置，请使用管理员告知的临时密码登录并设置新密码；如有疑问请联系管理员。',
  },
  {
    code: 'PHONE_CHANGED',
    name: '手机号变更通知',
    content: '【示范市普惠金融】您的账号{username}已更换绑定手机号，如非本人操作请立即联系平台。',
  },
  {
    code: 'PASSWORD_LOCKED',
    name: '密码错误锁定通知',
    content:
      '【示范市普惠金融】您的账号{username}密码连续验证失败{count}次，已暂停密码验证{minutes}分钟，如非本人操作请及时修改密码。',
  },
  {
    code: 'CERT_RESULT',
    name: '认证结果通知',
    content: '【示范市普惠金融】您的账号{username}认证结果：{result}。{reason}',
  },
  {
    code: 'SUB_ACCOUNT_CREATED',
    name: '子账号开通通知',
    content: '【示范市普惠金融】{enterprise}已为您开通子账号{username}，请使用设置的密码登录。',
  },
  {
    code: 'DEMAND_STATUS',
    name: '融资需求状态通知',
    content: '【示范市普惠金融】您的融资需求{demandNo}状态已更新为{status}，请登录平台查看。',
  },
  {
    code: 'DEMAND_DEADLINE',
    name: '需求办理时限提醒',
    content: '【示范市普惠金融】融资需求{demandNo}将于{deadline}到期，请及时办理。',
  },
  {
    code: 'DEMAND_ACCEPTED',
    name: '融资需求受理通知',
    content: '【示范市普惠金融】您的融资需求{demandNo}已由{org}受理，请保持电话畅通。',
  },
  {
    code: 'DEMAND_GRANTED',
    name: '融资需求放款通知',
    content: '【示范市普惠金融】您的融资需求{demandNo}已由{org}放款{amount}万元，请登录平台查看。',
  },
  {
    code: 'DEMAND_REJECTED',
    name: '融资需求未通过通知',
    content: '【示范市普惠金融】您的融资需求{demandNo}未获通过，原因：{reason}。您可登录平台重新提交需求。',
  },
  {
    code: 'DEMAND_URGE',
    name: '融资需求督办通知',
    content: '【示范市普惠金融】融资需求{demandNo}收到监管部门督办，请于{deadline}前办理。',
  },
  {
    code: 'SHELTER_STATUS',
    name: '金融方舱状态通知',
    content: '【示范市普惠金融】您的金融方舱申请{caseNo}状态已更新为{status}，请登录平台查看。',
  },
  {
    code: 'SHELTER_ADMITTED',
    name: '金融方舱入舱通知',
    content: '【示范市普惠金融】您的金融方舱申请{caseNo}已准予入舱，主办银行为{bank}，银行将与您联系落实帮扶措施。',
  },
  {
    code: 'SHELTER_APPLIED',
    name: '金融方舱新申请提醒（监管）',
    content: '【示范市普惠金融】{enterprise}提交了金融方舱申请{caseNo}，请及时登录平台审核。',
  },
  {
    code: 'DEMAND_OVERDUE',
    name: '融资需求受理超时提醒（监管）',
    content: '【示范市普惠金融】融资需求{demandNo}未在时限内被受理，请及时登录平台重新分派。',
  },
  {
    code: 'CHAIN_CLAIM_LAPSING',
    name: '产业链企业认领到期提醒',
    content: '【示范市普惠金融】贵机构认领的产业链企业{enterprise}将于{date}到期，请及时走访或释放认领。',
  },
  {
    code: 'SHELTER_URGE',
    name: '金融方舱督办通知',
    content: '【示范市普惠金融】金融方舱企业{enterprise}（{caseNo}）收到监管部门督办，请及时落实帮扶措施。',
  },
] as const;

/** Missing default templates are added on every start; templates the operator edited are left alone. */
export async function ensureSmsTemplates(db: DbOrTx) {
  for (const t of DEFAULT_SMS_TEMPLATES) await repo.insertTemplateIfMissing(db, t);
}

export function placeholdersOf(content: string): string[] {
  return [...new Set([...content.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
}

/**
 * The template's text with its parameters put in. A parameter that ends its own sentence (a reason typed as
 * "材料不全。") before the template's 。 keeps one stop, not "。。" (issue 30).
 */
export function renderTemplate(content: string, params: Record<string, string | number>): string {
  return content.replace(/\{(\w+)\}(。?)/g, (whole, name: string, stop: string) => {
    if (!(name in params)) return whole;
    const value = String(params[name]);
    return stop ? sentence(value) : value;
  });
}

/** The default provider: renders the template and writes the outbox (SKIPPED when the template is switched off). */
export function createOutboxGateway(db: DbOrTx): SmsGateway {
  return {
    async send(phone, templateCode, params) {
      const t = await repo.findTemplate(db, templateCode);
      if (!t) throw new Error(`Unknown SMS template ${templateCode}`);
      await repo.insertOutbox(db, {
        phone,
        templateCode,
        content: renderTemplate(t.content, params),
        status: t.enabled ? 'SENT' : 'SKIPPED',
      });
    },
  };
}
