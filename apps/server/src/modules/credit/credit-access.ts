import { consentState, type ConsentState } from '@phjr/contract/credit/credit';
import type { DbOrTx } from '../../db/client.ts';
import { supervisedDistricts } from '../../lib/district-scope.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import { actingUserId } from '../auth/certification.ts';
import * as repo from './credit.repo.ts';

/**
 * Who reads and writes which credit records (docs/credit.md "Who does what"). Each part comes from a permission AND
 * the kind of the caller's account or organisation, so the operator (who holds every permission) is neither a
 * subject nor an institution: it reads the log, not records.
 */
export interface Actor {
  session: SessionContext;
  ip: string;
}

/** The enterprises a session reads for, and whether it may give and revoke their consents. */
export interface SubjectView {
  kind: 'ENTERPRISE' | 'ENTERPRISE_SUB' | 'PERSON' | 'NONE';
  /** The enterprise main account (ENTERPRISE and ENTERPRISE_SUB). */
  mainUserId: number | null;
  canConsent: boolean;
  subjects: { creditCode: string; name: string }[];
}

const NONE: SubjectView = { kind: 'NONE', mainUserId: null, canConsent: false, subjects: [] };

export async function subjectView(db: DbOrTx, s: SessionContext): Promise<SubjectView> {
  const has = (p: Parameters<typeof s.permissions.has>[0]) => s.permissions.has(p);
  if (!(has('credit:consent') || has('demand:apply') || has('demand:view'))) return NONE;
  if (s.accountType === 'ENTERPRISE') {
    const mainId = actingUserId(s);
    const main = await repo.accountById(db, mainId);
    if (!main?.creditCode)
      return { ...NONE, kind: s.parentUserId ? 'ENTERPRISE_SUB' : 'ENTERPRISE', mainUserId: mainId };
    const isMain = s.parentUserId === null && s.userId === mainId;
    return {
      kind: isMain ? 'ENTERPRISE' : 'ENTERPRISE_SUB',
      mainUserId: mainId,
      canConsent: isMain && has('credit:consent'),
      subjects: [{ creditCode: main.creditCode, name: main.name }],
    };
  }
  if (s.accountType === 'PERSON')
    return {
      kind: 'PERSON',
      mainUserId: null,
      canConsent: false,
      subjects: await repo.relatedEnterprises(db, s.userId),
    };
  return NONE;
}

/** The subject codes a read covers: the one named (404 unless it is the session's), else all of the session's. */
export function subjectCodes(v: SubjectView, creditCode: string | undefined): string[] {
  const all = v.subjects.map((x) => x.creditCode);
  if (creditCode === undefined) return all;
  if (!all.includes(creditCode)) throw new AppError('NOT_FOUND', '未找到该企业');
  return [creditCode];
}

/** An institution's organisation: a bank or guarantee company's user with credit:query. */
export function institutionOf(s: SessionContext): { orgId: number; classifiedType: string } | null {
  if (!s.permissions.has('credit:query') || s.orgId === null) return null;
  if (s.classifiedType !== 'BANK' && s.classifiedType !== 'GUARANTEE') return null;
  return { orgId: s.orgId, classifiedType: s.classifiedType };
}

/**
 * The districts whose subjects' queries a log reader sees: null for all (the operator, a city-level supervisor),
 * the supervisor's district otherwise, none for anyone else. The same rule as the demands' supervision scope.
 */
export function logRegions(s: SessionContext): string[] | null {
  if (!(s.permissions.has('credit:audit') || s.permissions.has('supervise:read'))) return [];
  if (s.accountType === 'PLATFORM') return null;
  if (s.accountType !== 'GOVERNMENT' || !s.regionCode) return [];
  // The region's level comes with the session (auth.repo.ts findSessionByToken): no look-up of its own.
  return supervisedDistricts(s.regionCode, s.regionIsCity === true);
}

/**
 * Why this subject view may not revoke the consent (null: it may). A consent of another enterprise is NOT_FOUND (as
 * if it did not exist); a sub-account or person sees it but may not revoke; a revoked or expired one cannot be.
 * The one answer both for a row's `actions` and for the call.
 */
export function revokeRefusal(
  v: SubjectView,
  c: { subjectCreditCode: string; revokedAt: string | Date | null; expiresOn: string },
  today: string,
): AppError | null {
  if (!v.subjects.some((x) => x.creditCode === c.subjectCreditCode)) return new AppError('NOT_FOUND', '授权记录不存在');
  if (!v.canConsent) return new AppError('FORBIDDEN', '仅企业主账号可以撤销授权');
  const state: ConsentState = consentState(c, today);
  if (state === 'REVOKED') return new AppError('CREDIT_CONSENT_REVOKED', undefined, { httpStatus: 409 });
  if (state === 'EXPIRED') return new AppError('CONFLICT', '该授权已过期，无需撤销');
  return null;
}
