import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountOps, type SaveEntChildUserRequest } from '@phjr/contract/auth/account';
import type { RegisterRequest } from '@phjr/contract/auth/register';
import { smsOps, type SmsPurpose } from '@phjr/contract/auth/sms';
import { ssoOps } from '@phjr/contract/auth/sso';
import type { OperationInput } from '@phjr/contract/operation';
import { orgsOps } from '@phjr/contract/orgs/orgs-ops';
import { callOperation } from '../../../lib/operation-client.ts';

/** Sends an SMS code to any phone, behind the picture captcha. */
export async function sendSmsCode(fields: {
  phone: string;
  purpose: SmsPurpose;
  captchaId: string;
  captchaCode: string;
}) {
  return callOperation(smsOps.sendCode, { body: fields });
}

/** Sends an SMS code to the signed-in account's own phone. */
export async function sendOwnSmsCode(purpose: SmsPurpose) {
  return callOperation(smsOps.sendOwnCode, { body: { purpose } });
}

export function useRegister() {
  return useMutation({ mutationFn: (req: RegisterRequest) => callOperation(accountOps.register, { body: req }) });
}

/** Whether an account of this name exists: global error handling skipped (SPEC 8); a failure means "unknown". */
export async function accountExists(username: string): Promise<boolean | null> {
  try {
    return await callOperation(accountOps.exists, { query: { username } }, { skipErrorHandler: true });
  } catch {
    return null;
  }
}

/** Phone + SMS code on the personal SSO page; the answer is the ticket's redirect. */
export function useSmsLogin() {
  return useMutation({
    mutationFn: async (req: { phone: string; smsCode: string; redirect: string }) =>
      (await callOperation(ssoOps.smsLogin, { body: req })).redirectUrl,
  });
}

export const ACCOUNT_INFO_KEY = ['accountInfo'] as const;

export function useAccountInfo() {
  return useQuery({ queryKey: ACCOUNT_INFO_KEY, queryFn: () => callOperation(accountOps.info, {}) });
}

/** The own-account calls without a password check (those go through usePasswordCheckedForm). */
export type AccountFormOp =
  typeof accountOps.updateInfo | typeof accountOps.bindPhone | typeof accountOps.unrelateSubject;

/** A form post to an own-account call; on success the account info and the session user are read again. */
export function useAccountForm(op: AccountFormOp) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OperationInput<AccountFormOp>['body']) => callOperation<AccountFormOp>(op, { body }),
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
    queryFn: () => callOperation(accountOps.certification, {}),
  });
}

export function useCertify() {
  const qc = useQueryClient();
  return useMutation({
    // The page's form holds whichever of the two shapes fits the account; the server validates it.
    mutationFn: (fields: Record<string, string>) =>
      callOperation(accountOps.certify, { body: fields as OperationInput<typeof accountOps.certify>['body'] }),
    onSuccess: () => void qc.invalidateQueries(),
  });
}

export function useEntSearch(keyword: string) {
  return useQuery({
    queryKey: ['entList', keyword],
    queryFn: () => callOperation(accountOps.entList, { query: { keyword } }),
    enabled: keyword.trim().length >= 2,
  });
}

export async function fetchEntDetail(creditCode: string) {
  return callOperation(accountOps.entDetail, { query: { creditCode } });
}

export function useRelatedSubjects() {
  return useQuery({
    queryKey: ['relatedSubjects'],
    queryFn: () => callOperation(accountOps.relatedSubjects, {}),
  });
}

export function useEntChildUsers() {
  return useQuery({
    queryKey: ['entChildUsers'],
    queryFn: () => callOperation(accountOps.childUsers, {}),
  });
}

/** The roles the enterprise main account may give its sub-accounts (least first: the default). */
export function useSubAccountRoles() {
  return useQuery({
    queryKey: ['entChildRoles'],
    queryFn: ({ signal }) => callOperation(orgsOps.assignableRoles, {}, { signal }),
  });
}

export function useSaveEntChildUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (req: Partial<SaveEntChildUserRequest> & { username: string }) =>
      callOperation(accountOps.saveChildUser, { body: req as OperationInput<typeof accountOps.saveChildUser>['body'] }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['entChildUsers'] }),
  });
}

/** Issue 30: the sign-in pages' forgotten password (phone, its RESET_PASSWORD code, the new password). */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: { phone: string; smsCode: string; newPassword: string }) =>
      callOperation(accountOps.forgotPassword, { body }),
  });
}
