import { z } from 'zod';
import { defineOperation, type OperationAuth } from '../operation.ts';
import {
  ZShelterActionResponse,
  ZShelterAdmitRequest,
  ZShelterApplyRequest,
  ZShelterAttachmentQuery,
  ZShelterBankOption,
  ZShelterBankFilter,
  ZShelterBankPageQuery,
  ZShelterBankSummary,
  ZShelterDraft,
  ZShelterDraftContent,
  ZShelterDetail,
  ZShelterExitRequest,
  ZShelterFigures,
  ZShelterFiguresQuery,
  ZShelterFiguresResponse,
  ZShelterFilter,
  ZShelterIdQuery,
  ZShelterIdRequest,
  ZShelterMeasure,
  ZShelterMeasureRequest,
  ZShelterMyPageQuery,
  ZShelterPage,
  ZShelterPageQuery,
  ZShelterRefuseRequest,
  ZShelterState,
  ZShelterUrgeRequest,
  ZShelterWithdrawRequest,
} from './shelter.ts';

/**
 * Who calls what (docs/shelter.md). Every read is scoped by the server: the enterprise sees its own cases; a
 * supervisor its district's (the city level and the operator all; supervise:read alone reads without actions); a bank
 * the cases it (or the bank above it) is lead or helping bank of; a portal visitor the aggregate figures only.
 */
const apply: OperationAuth = { permission: 'shelter:apply' };
const own: OperationAuth = { anyPermission: ['shelter:apply', 'demand:view'] };
const supervise: OperationAuth = { permission: 'shelter:supervise' };
const supervisorRead: OperationAuth = { anyPermission: ['shelter:supervise', 'supervise:read'] };
const help: OperationAuth = { permission: 'shelter:help' };
const anyShelter: OperationAuth = {
  anyPermission: ['shelter:apply', 'demand:view', 'shelter:supervise', 'supervise:read', 'shelter:help'],
};
const done = ZShelterActionResponse;

const P = '/finance/shelter';

export const shelterOps = {
  // The portal (public): aggregates only.
  portalFigures: defineOperation({
    method: 'GET',
    path: `${P}/portal/figures.json`,
    auth: 'public',
    response: ZShelterFiguresResponse,
  }),
  /** The banks of the pickers (the application's loans; the lead and helping banks). */
  banks: defineOperation({
    method: 'GET',
    path: `${P}/banks.json`,
    auth: anyShelter,
    response: z.array(ZShelterBankOption),
  }),

  // The enterprise
  apply: defineOperation({
    method: 'POST',
    path: `${P}/apply.json`,
    auth: apply,
    body: ZShelterApplyRequest,
    response: z.object({ id: z.number().int(), code: z.string(), state: ZShelterState }),
  }),
  /** The applicant account's own draft (null: none); nobody else reads it. Submitting it is `apply`. */
  draft: defineOperation({ method: 'GET', path: `${P}/draft.json`, auth: apply, response: ZShelterDraft.nullable() }),
  draftSave: defineOperation({
    method: 'POST',
    path: `${P}/draft/save.json`,
    auth: apply,
    body: ZShelterDraftContent,
    response: ZShelterDraft,
  }),
  draftDiscard: defineOperation({
    method: 'POST',
    path: `${P}/draft/discard.json`,
    auth: apply,
    body: z.strictObject({}),
    response: z.null(),
  }),
  myPage: defineOperation({
    method: 'GET',
    path: `${P}/my/page.json`,
    auth: own,
    query: ZShelterMyPageQuery,
    response: ZShelterPage,
  }),
  withdraw: defineOperation({
    method: 'POST',
    path: `${P}/withdraw.json`,
    auth: apply,
    body: ZShelterWithdrawRequest,
    response: done,
  }),

  // Supervisors (and the operator)
  supervisePage: defineOperation({
    method: 'GET',
    path: `${P}/supervise/page.json`,
    auth: supervisorRead,
    query: ZShelterPageQuery,
    response: ZShelterPage,
  }),
  superviseExport: defineOperation({
    method: 'GET',
    path: `${P}/supervise/export.json`,
    auth: supervisorRead,
    query: ZShelterFilter,
    response: z.null(),
    answers: 'file',
  }),
  superviseFigures: defineOperation({
    method: 'GET',
    path: `${P}/supervise/figures.json`,
    auth: supervisorRead,
    query: ZShelterFiguresQuery,
    response: ZShelterFigures,
  }),
  startReview: defineOperation({
    method: 'POST',
    path: `${P}/supervise/startReview.json`,
    auth: supervise,
    body: ZShelterIdRequest,
    response: done,
  }),
  admit: defineOperation({
    method: 'POST',
    path: `${P}/supervise/admit.json`,
    auth: supervise,
    body: ZShelterAdmitRequest,
    response: done,
  }),
  refuse: defineOperation({
    method: 'POST',
    path: `${P}/supervise/refuse.json`,
    auth: supervise,
    body: ZShelterRefuseRequest,
    response: done,
  }),
  exit: defineOperation({
    method: 'POST',
    path: `${P}/supervise/exit.json`,
    auth: supervise,
    body: ZShelterExitRequest,
    response: done,
  }),
  urge: defineOperation({
    method: 'POST',
    path: `${P}/supervise/urge.json`,
    auth: supervise,
    body: ZShelterUrgeRequest,
    response: done,
  }),

  // Banks (lead and helping)
  bankPage: defineOperation({
    method: 'GET',
    path: `${P}/bank/page.json`,
    auth: help,
    query: ZShelterBankPageQuery,
    response: ZShelterPage,
  }),
  /** The bank's list as Excel (issue 30): its cases with the list's state and keyword, audited `export` (target shelter:bank). */
  bankExport: defineOperation({
    method: 'GET',
    path: `${P}/bank/export.json`,
    auth: help,
    query: ZShelterBankFilter,
    response: z.null(),
    answers: 'file',
  }),
  bankSummary: defineOperation({
    method: 'GET',
    path: `${P}/bank/summary.json`,
    auth: help,
    response: ZShelterBankSummary,
  }),
  recordHelp: defineOperation({
    method: 'POST',
    path: `${P}/bank/measure/save.json`,
    auth: help,
    body: ZShelterMeasureRequest,
    response: ZShelterMeasure,
  }),

  // Everyone who may see the case
  detail: defineOperation({
    method: 'GET',
    path: `${P}/detail.json`,
    auth: anyShelter,
    query: ZShelterIdQuery,
    response: ZShelterDetail,
  }),
  /** One attachment, to anyone who may see the case (the file stays PRIVATE to its uploader): the `url` of the detail's attachments. */
  attachment: defineOperation({
    method: 'GET',
    path: `${P}/attachment.json`,
    auth: anyShelter,
    query: ZShelterAttachmentQuery,
    response: z.null(),
    answers: 'file',
    signedLink: true,
  }),
};
