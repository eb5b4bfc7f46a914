import { z } from 'zod';
import { defineOperation, type OperationAuth } from '../operation.ts';
import {
  ZConsentCreateRequest,
  ZConsentInstitution,
  ZConsentPage,
  ZConsentPageQuery,
  ZConsentRevokeRequest,
  ZCreditConsent,
  ZCreditFigures,
  ZCreditFiguresQuery,
  ZCreditLogFilter,
  ZCreditLogPage,
  ZCreditLogPageQuery,
  ZCreditMineQuery,
  ZCreditQueryRequest,
  ZCreditReport,
  ZCreditSearchPage,
  ZCreditSearchQuery,
  ZCreditSubjects,
  ZCreditSuggestQuery,
  ZCreditSuggestion,
  CREDIT_SUGGEST_LIMIT,
} from './credit.ts';

/**
 * Who calls what (docs/credit.md). The subject's reads take any permission of an enterprise's accounts (its main
 * account and sub-accounts) or of a person acting for enterprises; giving and revoking a consent is the enterprise
 * main account's (credit:consent, and the server checks the account). An institution (bank or guarantee company,
 * credit:query) queries under consent and reads the consents it holds and its own queries; supervisors and the
 * operator read the whole log (district supervisors: their district's subjects).
 */
const subject: OperationAuth = { anyPermission: ['credit:consent', 'demand:apply', 'demand:view'] };
const consent: OperationAuth = { permission: 'credit:consent' };
const institution: OperationAuth = { permission: 'credit:query' };
const audit: OperationAuth = { anyPermission: ['credit:audit', 'supervise:read'] };

const P = '/finance/credit';

export const creditOps = {
  // The portal (public): registry facts and the public record on the platform.
  portalSearch: defineOperation({
    method: 'GET',
    path: `${P}/portal/search.json`,
    auth: 'public',
    query: ZCreditSearchQuery,
    response: ZCreditSearchPage,
  }),

  // An institution's query under consent (logged, refused ones too: 403 CREDIT_NO_CONSENT).
  query: defineOperation({
    method: 'GET',
    path: `${P}/query.json`,
    auth: institution,
    query: ZCreditQueryRequest,
    response: ZCreditReport,
  }),
  /** The query form's type-ahead by name: names and credit codes of registered enterprises only (bounded, rate-limited, audited). */
  suggest: defineOperation({
    method: 'GET',
    path: `${P}/query/suggest.json`,
    auth: institution,
    query: ZCreditSuggestQuery,
    response: z.array(ZCreditSuggestion).max(CREDIT_SUGGEST_LIMIT),
  }),
  heldConsents: defineOperation({
    method: 'GET',
    path: `${P}/institution/consents.json`,
    auth: institution,
    query: ZConsentPageQuery,
    response: ZConsentPage,
  }),
  /** The institution's query log as Excel (issue 30): the list's filters and sort, its own queries only, audited `export`. */
  institutionExport: defineOperation({
    method: 'GET',
    path: `${P}/institution/queries/export.json`,
    auth: { permission: 'credit:query' },
    query: ZCreditLogFilter,
    response: z.null(),
    answers: 'file',
  }),
  institutionQueries: defineOperation({
    method: 'GET',
    path: `${P}/institution/queries.json`,
    auth: institution,
    query: ZCreditLogPageQuery,
    response: ZCreditLogPage,
  }),

  // The subject (enterprise, its sub-accounts, a person acting for enterprises)
  mySubjects: defineOperation({
    method: 'GET',
    path: `${P}/mine/subjects.json`,
    auth: subject,
    response: ZCreditSubjects,
  }),
  myReport: defineOperation({
    method: 'GET',
    path: `${P}/mine/report.json`,
    auth: subject,
    query: ZCreditMineQuery,
    response: ZCreditReport,
  }),
  myConsents: defineOperation({
    method: 'GET',
    path: `${P}/mine/consents.json`,
    auth: subject,
    query: ZConsentPageQuery.extend(ZCreditMineQuery.shape),
    response: ZConsentPage,
  }),
  myQueries: defineOperation({
    method: 'GET',
    path: `${P}/mine/queries.json`,
    auth: subject,
    query: ZCreditLogPageQuery.extend(ZCreditMineQuery.shape),
    response: ZCreditLogPage,
  }),
  institutions: defineOperation({
    method: 'GET',
    path: `${P}/consent/institutions.json`,
    auth: consent,
    response: z.array(ZConsentInstitution),
  }),
  consentCreate: defineOperation({
    method: 'POST',
    path: `${P}/consent/create.json`,
    auth: consent,
    body: ZConsentCreateRequest,
    response: ZCreditConsent,
  }),
  consentRevoke: defineOperation({
    method: 'POST',
    path: `${P}/consent/revoke.json`,
    auth: consent,
    body: ZConsentRevokeRequest,
    response: ZCreditConsent,
  }),

  // Supervisors and the operator: the whole log (scoped by district), its Excel twin (audited) and its figures.
  logPage: defineOperation({
    method: 'GET',
    path: `${P}/log/page.json`,
    auth: audit,
    query: ZCreditLogPageQuery,
    response: ZCreditLogPage,
  }),
  logExport: defineOperation({
    method: 'GET',
    path: `${P}/log/export.json`,
    auth: audit,
    query: ZCreditLogFilter,
    response: z.null(),
    answers: 'file',
  }),
  logFigures: defineOperation({
    method: 'GET',
    path: `${P}/log/figures.json`,
    auth: audit,
    query: ZCreditFiguresQuery,
    response: ZCreditFigures,
  }),
};
