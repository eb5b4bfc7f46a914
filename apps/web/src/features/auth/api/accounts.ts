import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZAccountInfo,
  ZEntChildUserList,
  ZIdResponse,
  ZRelatedSubjectList,
  type SaveEntChildUserRequest,
} from '@phjr/contract/auth/account';
import { ZCertificationResult, ZEntDetailResponse, ZEntListResponse } from '@phjr/contract/auth/certification';
import { ZAccountExistsResponse, ZRegisterResponse, type RegisterRequest } from '@phjr/contract/auth/register';
import { ZSendSmsCodeResponse, type SmsPurpose } from '@phjr/contract/auth/sms';
import { ZSsoLoginResponse } from '@phjr/contract/auth/sso';
import { ZAssignableRolesResponse } from '@phjr/contract/orgs/role-admin';
import { get, post, postForm, type ParamValue } from '../../../lib/request.ts';

/** POST /ssoserver/sms/sendSmsVerifyCode (form): any phone, behind the picture captcha. */
export async function sendSmsCode(fields: { phone: string; purpose: SmsPurpose; captchaId: string; captchaCode: string }) {
  return (await postForm('/ssoserver/sms/sendSmsVerifyCode', fields, { schema: ZSendSmsCodeResponse })).data;
}

/** POST /ssoserver/sms/sendSmsVerifyCodeNoCodeValid (form): the signed-in account's own phone. */
export async function sendOwnSmsCode(purpose: SmsPurpose) {
  return (await postForm('/ssoserver/sms/sendSmsVerifyCodeNoCodeValid', { purpose }, { schema: ZSendSmsCodeResponse })).data;
}

/** POST /zscms/user/frontCreate.json (JSON). */
export function useRegister() {
  return useMutation({ mutationFn: async (req: RegisterRequest) => (await post('/zscms/user/frontCreate.json', req, { schema: ZRegisterResponse })).data });
}

/** GET /ssoserver/user/isAccountExistedByUserName: global error handling skipped (SPEC 8); a failure means "unknown". */
export async function accountExists(username: string): Promise<boolean | null> {
  try {
    return (await get('/ssoserver/user/isAccountExistedByUserName', { username }, { schema: ZAccountExistsResponse, skipErrorHandler: true })).data;
  } catch {
    return null;
  }
}

/** POST /ssoserver/doSmsLogin (JSON). */
export function useSmsLogin() {
  return useMutation({
    mutationFn: async (req: { phone: string; smsCode: string; redirect: string }) =>
      (await post('/ssoserver/doSmsLogin', req, { schema: ZSsoLoginResponse })).data.redirectUrl,
  });
}

export const ACCOUNT_INFO_KEY = ['accountInfo'] as const;

export function useAccountInfo() {
  return useQuery({ queryKey: ACCOUNT_INFO_KEY, queryFn: async () => (await get('/ssoserver/user/accountInfo.json', undefined, { schema: ZAccountInfo })).data });
}

/** A form post to an own-account call; on success the account info and the session user are read again. */
export function useAccountForm(url: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (fields: Record<string, ParamValue>) => (await postForm(url, fields)).data,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ACCOUNT_INFO_KEY });
      void qc.invalidateQueries({ queryKey: ['relatedSubjects'] });
      void qc.invalidateQueries({ queryKey: ['certification'] });
    },
  });
}

export function useCertification() {
  return useQuery({
    queryKey: ['certification'],
    queryFn: async () => (await get('/ssoserver/user/certification.json', undefined, { schema: ZCertificationResult })).data,
  });
}

export function useCertify() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (fields: Record<string, string>) => (await postForm('/ssoserver/user/certify.do', fields, { schema: ZCertificationResult })).data,
    onSuccess: () => void qc.invalidateQueries(),
  });
}

export function useEntSearch(keyword: string) {
  return useQuery({
    queryKey: ['entList', keyword],
    queryFn: async () => (await get('/ssoserver/capacity/getEntListDetail', { keyword }, { schema: ZEntListResponse })).data,
    enabled: keyword.trim().length >= 2,
  });
}

export async function fetchEntDetail(creditCode: string) {
  return (await get('/ssoserver/capacity/getEntDetail', { creditCode }, { schema: ZEntDetailResponse })).data;
}

export function useRelatedSubjects() {
  return useQuery({
    queryKey: ['relatedSubjects'],
    queryFn: async () => (await get('/ssoserver/user/relatedSubjects.json', undefined, { schema: ZRelatedSubjectList })).data,
  });
}

export function useEntChildUsers() {
  return useQuery({
    queryKey: ['entChildUsers'],
    queryFn: async () => (await get('/ssoserver/user/entChildUsers.json', undefined, { schema: ZEntChildUserList })).data,
  });
}

/** The roles the enterprise main account may give its sub-accounts (least first: the default). */
export function useSubAccountRoles() {
  return useQuery({
    queryKey: ['entChildRoles'],
    queryFn: async () => (await get('/finance/role/assignable.json', undefined, { schema: ZAssignableRolesResponse })).data,
  });
}

export function useSaveEntChildUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (req: Partial<SaveEntChildUserRequest> & { username: string }) =>
      (await postForm('/ssoserver/user/createOrUpdateEntChildUser.do', req as Record<string, ParamValue>, { schema: ZIdResponse })).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['entChildUsers'] }),
  });
}
