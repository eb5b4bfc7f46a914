import { z } from 'zod';
import { defineOperation } from '../operation.ts';

/** The user agreement and the privacy policy, versioned: every save is a new version; the latest is in force. */
export const AGREEMENT_KINDS = ['USER', 'PRIVACY'] as const;
export const ZAgreementKind = z.enum(AGREEMENT_KINDS);
export type AgreementKind = z.infer<typeof ZAgreementKind>;

export const ZAgreement = z.object({
  id: z.number().int(),
  kind: ZAgreementKind,
  version: z.number().int(),
  title: z.string(),
  /** Sanitized HTML. */
  body: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type Agreement = z.infer<typeof ZAgreement>;

/** GET /zscms/agreement/latest.json?kind= (public): the version in force, shown at registration. */
export const ZAgreementKindQuery = z.object({ kind: ZAgreementKind });
/** GET /zscms/agreement/versions.json?kind= (content:manage): every version, newest first. */
export const ZAgreementVersionsResponse = z.array(ZAgreement);

/** POST /zscms/agreement/save.json (content:manage): writes the next version, in force at once. */
export const ZSaveAgreementRequest = z.strictObject({
  kind: ZAgreementKind,
  title: z.string().trim().min(1, '请输入标题').max(60),
  body: z.string().min(1, '请输入正文').max(200_000),
});
export type SaveAgreementRequest = z.infer<typeof ZSaveAgreementRequest>;

const manage = { permission: 'content:manage' } as const;

/** The agreement calls: the public version in force, and the back office's versions (content:manage). */
export const agreementOps = {
  latest: defineOperation({
    method: 'GET',
    path: '/zscms/agreement/latest.json',
    auth: 'public',
    query: ZAgreementKindQuery,
    response: ZAgreement,
  }),
  versions: defineOperation({
    method: 'GET',
    path: '/zscms/agreement/versions.json',
    auth: manage,
    query: ZAgreementKindQuery,
    response: ZAgreementVersionsResponse,
  }),
  save: defineOperation({
    method: 'POST',
    path: '/zscms/agreement/save.json',
    auth: manage,
    body: ZSaveAgreementRequest,
    response: ZAgreement,
  }),
};
