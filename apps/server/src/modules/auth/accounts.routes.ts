import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@phjr/contract/envelope';
import {
  ZAccountInfo,
  ZBindPhoneRequest,
  ZEntChildUserList,
  ZIdResponse,
  ZRelatedSubjectList,
  ZRelateSubjectRequest,
  ZSaveEntChildUserRequest,
  ZUnrelateSubjectRequest,
  ZUpdateAccountInfoRequest,
  ZUpdatePasswordRequest,
  ZUpdatePhoneRequest,
} from '@phjr/contract/auth/account';
import {
  ZCertificationResult,
  ZCertifyRequest,
  ZEntDetailQuery,
  ZEntDetailResponse,
  ZEntListQuery,
  ZEntListResponse,
} from '@phjr/contract/auth/certification';
import { ZAccountExistsQuery, ZAccountExistsResponse, ZRegisterRequest, ZRegisterResponse } from '@phjr/contract/auth/register';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';

const ZNull = z.null();

/** Routes of registration, certification and the own-account pages (phone login lives with the SSO routes). */
export async function accountsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { accounts } = deps;
  const tags = ['accounts'];
  const session = { auth: 'session' as const };

  r.post(
    '/zscms/user/frontCreate.json',
    { config: { auth: 'public' }, schema: { tags, body: ZRegisterRequest, response: { 200: envelope(ZRegisterResponse) } } },
    async (req) => ok(await accounts.register(req.body, req.ip)),
  );

  r.get(
    '/ssoserver/user/isAccountExistedByUserName',
    { config: { auth: 'public' }, schema: { tags, querystring: ZAccountExistsQuery, response: { 200: envelope(ZAccountExistsResponse) } } },
    async (req) => ok(await accounts.accountExists(req.query.username, req.ip)),
  );

  r.get(
    '/ssoserver/capacity/getEntListDetail',
    { config: session, schema: { tags, querystring: ZEntListQuery, response: { 200: envelope(ZEntListResponse) } } },
    async (req) => ok(await accounts.entList(req.query.keyword)),
  );

  r.get(
    '/ssoserver/capacity/getEntDetail',
    { config: session, schema: { tags, querystring: ZEntDetailQuery, response: { 200: envelope(ZEntDetailResponse) } } },
    async (req) => ok(await accounts.entDetail(req.query.creditCode)),
  );

  r.get(
    '/ssoserver/user/certification.json',
    { config: session, schema: { tags, response: { 200: envelope(ZCertificationResult) } } },
    async (req) => ok(await accounts.certification(sessionOf(req))),
  );

  r.post(
    '/ssoserver/user/certify.do',
    { config: session, schema: { tags, body: ZCertifyRequest, response: { 200: envelope(ZCertificationResult) } } },
    async (req) => ok(await accounts.certify(sessionOf(req), req.body, req.ip)),
  );

  r.get(
    '/ssoserver/user/accountInfo.json',
    { config: session, schema: { tags, response: { 200: envelope(ZAccountInfo) } } },
    async (req) => ok(await accounts.accountInfo(sessionOf(req))),
  );

  r.post(
    '/ssoserver/user/updateAccountInfo.do',
    { config: session, schema: { tags, body: ZUpdateAccountInfoRequest, response: { 200: envelope(ZNull) } } },
    async (req) => ok(await accounts.updateInfo(sessionOf(req), req.body, req.ip)),
  );

  r.post(
    '/ssoserver/user/updatePassword.do',
    { config: session, schema: { tags, body: ZUpdatePasswordRequest, response: { 200: envelope(ZNull) } } },
    async (req) => ok(await accounts.updatePassword(sessionOf(req), req.body, req.ip)),
  );

  r.post(
    '/ssoserver/user/updatePhone.do',
    { config: session, schema: { tags, body: ZUpdatePhoneRequest, response: { 200: envelope(ZNull) } } },
    async (req) => ok(await accounts.updatePhone(sessionOf(req), req.body, req.ip)),
  );

  r.post(
    '/ssoserver/user/bindPhone.do',
    { config: session, schema: { tags, body: ZBindPhoneRequest, response: { 200: envelope(ZNull) } } },
    async (req) => ok(await accounts.bindPhone(sessionOf(req), req.body, req.ip)),
  );

  r.get(
    '/ssoserver/user/relatedSubjects.json',
    { config: session, schema: { tags, response: { 200: envelope(ZRelatedSubjectList) } } },
    async (req) => ok(await accounts.relatedSubjects(sessionOf(req))),
  );

  r.post(
    '/ssoserver/user/relatedSubject.do',
    { config: session, schema: { tags, body: ZRelateSubjectRequest, response: { 200: envelope(ZNull) } } },
    async (req) => ok(await accounts.relateSubject(sessionOf(req), req.body, req.ip)),
  );

  r.post(
    '/ssoserver/user/unrelateSubject.do',
    { config: session, schema: { tags, body: ZUnrelateSubjectRequest, response: { 200: envelope(ZNull) } } },
    async (req) => ok(await accounts.unrelateSubject(sessionOf(req), req.body.enterpriseUserId, req.ip)),
  );

  r.get(
    '/ssoserver/user/entChildUsers.json',
    { config: { auth: { permission: 'enterprise-sub:manage' } }, schema: { tags, response: { 200: envelope(ZEntChildUserList) } } },
    async (req) => ok(await accounts.childUsers(sessionOf(req))),
  );

  r.post(
    '/ssoserver/user/createOrUpdateEntChildUser.do',
    { config: { auth: { permission: 'enterprise-sub:manage' } }, schema: { tags, body: ZSaveEntChildUserRequest, response: { 200: envelope(ZIdResponse) } } },
    async (req) => ok(await accounts.saveChildUser(sessionOf(req), req.body, req.ip)),
  );
}
