import type { ShelterState } from '@phjr/contract/shelter/shelter';
import { ENUM_CATALOG } from '@phjr/contract/system/enum-catalog';
import { shanghaiDigits } from '../../lib/instant-text.ts';
import type { Tx } from '../../db/client.ts';
import { notifyUser, notifyUsers, tellStaff, type Said } from '../notify/notify.service.ts';
import { createOutboxGateway } from '../notify/sms.gateway.ts';
import { GOVERNMENT_KINDS } from './shelter-access.ts';
import * as repo from './shelter.repo.ts';

/**
 * What the people of a case hear, in the transaction of the change: the enterprise gets an in-site message and an SMS
 * (operator templates through the outbox, so a rolled-back change sends nothing) for every transition and an in-site
 * message for each measure of help; the banks' users get an in-site message when they are put on a case, and an
 * in-site message and SMS when a supervisor urges them; the supervisors of the case's district (its own and the
 * city's government units with shelter:supervise) are told of each new application, as their setting says.
 */

/** FC + the Beijing day it was applied + the id (at least six digits): e.g. FC20261123000042. */
export function caseCode(id: number, createdAt: Date | number): string {
  return `FC${shanghaiDigits(typeof createdAt === 'number' ? createdAt : createdAt.getTime())}${String(id).padStart(6, '0')}`;
}

export const stateName = (s: ShelterState | string) => ENUM_CATALOG.ShelterStatus[s]?.[0] ?? s;
export const helpName = (t: string) => ENUM_CATALOG.ShelterHelp[t]?.[0] ?? t;

export type EnterpriseNews = Said & { sms?: { template: string; params: Record<string, string | number> } };

/** The enterprise's message (its main account) and SMS (its contact phone) about its case. */
export async function tellEnterprise(tx: Tx, c: repo.CaseRow, news: EnterpriseNews) {
  const { sms, ...said } = news;
  await notifyUser(tx, c.enterpriseUserId, { ...said, link: `/userClient/shelter?id=${c.id}` });
  if (sms && /^1\d{10}$/.test(c.contactPhone))
    await createOutboxGateway(tx).send(c.contactPhone, sms.template, sms.params);
}

export const statusSms = (code: string, state: ShelterState) => ({
  template: 'SHELTER_STATUS',
  params: { caseNo: code, status: stateName(state) },
});

/** The active users of the banks (each organisation's own people) get a message, and with `sms` a text. */
export async function tellBanks(
  tx: Tx,
  c: repo.CaseRow,
  orgIds: number[],
  n: Said,
  sms?: { template: string; params: Record<string, string | number> },
) {
  const people = await repo.orgUsers(tx, orgIds);
  await notifyUsers(
    tx,
    people.map((p) => p.id),
    { ...n, link: `/financialInstitution/shelter?id=${c.id}` },
  );
  if (!sms) return;
  const gateway = createOutboxGateway(tx);
  for (const phone of new Set(people.map((p) => p.phone).filter((p): p is string => !!p && /^1\d{10}$/.test(p))))
    await gateway.send(phone, sms.template, sms.params);
}

/** The supervisors who review the case (its district's and the city's), each as its notification setting says. */
export async function tellSupervisors(tx: Tx, c: repo.CaseRow, code: string) {
  await tellStaff(
    tx,
    {
      permission: 'shelter:supervise',
      accountType: 'GOVERNMENT',
      classifiedTypes: GOVERNMENT_KINDS,
      district: c.regionCode,
    },
    {
      kind: 'shelter.applied',
      params: { enterprise: c.enterpriseName, caseNo: code },
      title: '收到新的金融方舱申请',
      content: `${c.enterpriseName}提交了金融方舱申请${code}，请及时审核。`,
      link: `/supervisionClient/shelter/unShelter?id=${c.id}`,
    },
    { template: 'SHELTER_APPLIED', params: { enterprise: c.enterpriseName, caseNo: code } },
  );
}
