import { REJECT_CODES, type DemandStatus, type RejectCode } from '@phjr/contract/demands/demand';
import { ENUM_CATALOG } from '@phjr/contract/system/enum-catalog';
import type { Tx } from '../../db/client.ts';
import { notifyUser, notifyUsers, tellStaff, type Said } from '../notify/notify.service.ts';
import { createOutboxGateway } from '../notify/sms.gateway.ts';
import { shanghaiDay } from '../system/working-days.ts';
import { shanghaiDigits } from '../../lib/instant-text.ts';
import * as repo from './demands.repo.ts';

/**
 * What the people of a demand hear, in the transaction of the change: the applicant gets an in-site message and an
 * SMS (operator templates, sent through the outbox, so a rolled-back change sends nothing) for every transition;
 * the institution that has to act gets an in-site message, and an SMS for urges and deadline warnings.
 */

/** XQ + the Shanghai day it was posted + the id (at least six digits): e.g. XQ20261123000042. */
export function demandCode(id: number, createdAt: Date | number): string {
  return `XQ${shanghaiDigits(typeof createdAt === 'number' ? createdAt : createdAt.getTime())}${String(id).padStart(6, '0')}`;
}

export const statusName = (s: DemandStatus) => ENUM_CATALOG.DemandStatus[s]?.[0] ?? s;
export const rejectName = (c: string) =>
  (REJECT_CODES as readonly string[]).includes(c) ? ENUM_CATALOG.RejectCode[c as RejectCode][0] : c;

/** A deadline as the applicant and the bank read it: 2026-11-25 (the end of that day, Shanghai time). */
export const deadlineText = (d: Date | null) => (d ? shanghaiDay(d) : '尽快');
/** The same as a message's `deadline` param: the day, or null (the reader's language says "as soon as possible"). */
export const deadlineDay = (d: Date | null) => (d ? shanghaiDay(d) : null);

const APPLICANT_PATH = {
  PUBLIC: '/userClient/demand/public',
  ORIENTATION: '/userClient/demand/orientation',
  GUARANTEE: '/userClient/demand/guarantee',
} as const;

/** Where an institution's users open the demand. */
function institutionPath(d: repo.DemandRow, orgId: number) {
  if (orgId === d.guaranteeOrgId && d.bankOrgId !== orgId) return `/guaranteePlatform/demand/orientation?id=${d.id}`;
  return `${d.type === 'PUBLIC' ? '/financialInstitution/demand/public' : '/financialInstitution/demand/orientation'}?id=${d.id}`;
}

export type ApplicantNews = Said & { sms: { template: string; params: Record<string, string | number> } };

/** The applicant's message and SMS for one transition of the demand (already in its new state `d`). */
export async function tellApplicant(tx: Tx, d: repo.DemandRow, news: ApplicantNews) {
  if (d.applicantUserId === null) return;
  const { sms, ...said } = news;
  await notifyUser(tx, d.applicantUserId, {
    ...said,
    link: `${APPLICANT_PATH[d.type as keyof typeof APPLICANT_PATH]}?id=${d.id}`,
  });
  if (/^1\d{10}$/.test(d.contactPhone)) await createOutboxGateway(tx).send(d.contactPhone, sms.template, sms.params);
}

/** The generic SMS of a new state. */
export const statusSms = (code: string, status: DemandStatus) => ({
  template: 'DEMAND_STATUS',
  params: { demandNo: code, status: statusName(status) },
});

/**
 * An institution's users (its active accounts; the head office's when the unit has none) get an in-site message,
 * and with `sms` a text to each phone.
 */
export async function tellInstitution(
  tx: Tx,
  d: repo.DemandRow,
  orgId: number | null,
  n: Said,
  sms?: { template: string; params: Record<string, string | number> },
) {
  if (orgId === null) return;
  let people = await repo.orgUsers(tx, orgId);
  if (!people.length && d.bankId !== null && d.bankId !== orgId) people = await repo.orgUsers(tx, d.bankId);
  await notifyUsers(
    tx,
    people.map((p) => p.id),
    { ...n, link: institutionPath(d, orgId) },
  );
  if (!sms) return;
  const gateway = createOutboxGateway(tx);
  for (const phone of new Set(people.map((p) => p.phone).filter((p): p is string => !!p && /^1\d{10}$/.test(p)))) {
    await gateway.send(phone, sms.template, sms.params);
  }
}

const SUPERVISION_PATH = {
  PUBLIC: '/supervisionClient/demand/public',
  ORIENTATION: '/supervisionClient/demand/orientation',
} as const;

/**
 * A demand that went past its acceptance deadline is in its district's supervisors' overdue list (to reassign or let
 * it return to the pool): they are told, each as its notification setting says (its own district's and the city's
 * government units with demand:supervise).
 */
export async function tellSupervisorsOverdue(tx: Tx, d: repo.DemandRow, code: string) {
  const path = SUPERVISION_PATH[d.type as keyof typeof SUPERVISION_PATH] ?? SUPERVISION_PATH.ORIENTATION;
  await tellStaff(
    tx,
    { permission: 'demand:supervise', accountType: 'GOVERNMENT', district: d.regionCode },
    {
      kind: 'demand.overdue',
      params: { demandNo: code, applicant: d.applicantName, amount: d.amount },
      title: '融资需求受理超时',
      content: `融资需求${code}（${d.applicantName}，${d.amount}万元）未在受理时限内被受理，请及时督办或重新分派。`,
      link: `${path}?id=${d.id}`,
    },
    { template: 'DEMAND_OVERDUE', params: { demandNo: code } },
  );
}
