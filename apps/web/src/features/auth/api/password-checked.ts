import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { accountOps } from '@phjr/contract/auth/account';
import { ZSsoLoginFailure } from '@phjr/contract/auth/sso';
import type { OperationInput } from '@phjr/contract/operation';
import { callOperation } from '../../../lib/operation-client.ts';
import { handleRequestError, RequestError, type ParamValue } from '../../../lib/request.ts';
import { ACCOUNT_INFO_KEY } from './accounts.ts';
import { useCaptcha } from './captcha.ts';

/** Answers of a refused password check, shown by the form next to its fields rather than as a toast. */
const PASSWORD_CHECK_ERRORS: readonly string[] = [
  'PASSWORD_WRONG',
  'PASSWORD_LOCKED',
  'LOGIN_LOCKED',
  'SUBJECT_VERIFY_FAILED',
  'CAPTCHA_REQUIRED',
  'CAPTCHA_INVALID',
];

export interface PasswordCheckFailure {
  errorCode: string;
  errorMessage: string | null;
  /** The next try needs the picture captcha (the server counts failures per account, caller and address). */
  captchaRequired: boolean;
}

export type PasswordCheckOutcome = { ok: true } | ({ ok: false } & PasswordCheckFailure);

/** The calls that check a password: the own password (updatePassword, updatePhone) or an enterprise's (relateSubject). */
export type PasswordCheckedOp =
  typeof accountOps.updatePassword | typeof accountOps.updatePhone | typeof accountOps.relateSubject;

/**
 * POSTs a form whose call checks a password: updatePassword.do and updatePhone.do (the current password) and
 * relatedSubject.do (an enterprise's password). A refused password comes back as an outcome, with whether the captcha
 * is now required; any other failure goes to the request layer as usual (SPEC 8) and is rethrown.
 */
export async function submitPasswordChecked(
  op: PasswordCheckedOp,
  fields: Record<string, ParamValue>,
): Promise<PasswordCheckOutcome> {
  try {
    // The forms build their fields from what is shown (proof, captcha); the server validates them.
    await callOperation<PasswordCheckedOp>(
      op,
      { body: fields as OperationInput<PasswordCheckedOp>['body'] },
      { skipErrorHandler: true },
    );
    return { ok: true };
  } catch (err) {
    const code = err instanceof RequestError && err.kind === 'business' ? err.info?.errorCode : undefined;
    if (!(err instanceof RequestError) || !code || !PASSWORD_CHECK_ERRORS.includes(code)) {
      await handleRequestError(err);
      throw err;
    }
    const failure = ZSsoLoginFailure.safeParse(err.info?.data);
    return {
      ok: false,
      errorCode: code,
      errorMessage: err.info?.errorMessage ?? null,
      captchaRequired: failure.success ? failure.data.captchaRequired : code.startsWith('CAPTCHA_'),
    };
  }
}

/**
 * A form posting to a password-checked call: shows the picture captcha once the server asks for it (a captcha of its
 * own, apart from the SMS field's), keeps the last refusal for the form to show, and on success reads the account
 * data again as useAccountForm does.
 */
export function usePasswordCheckedForm(op: PasswordCheckedOp) {
  const qc = useQueryClient();
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [failure, setFailure] = useState<PasswordCheckFailure | null>(null);
  const captcha = useCaptcha(captchaNeeded, op.path);

  const mutation = useMutation({
    mutationFn: (fields: Record<string, ParamValue> & { captchaCode?: string }) => {
      const { captchaCode, ...rest } = fields;
      const withCaptcha =
        captchaNeeded && captcha.data ? { captchaId: captcha.data.captchaId, captchaCode: captchaCode?.trim() } : {};
      return submitPasswordChecked(op, { ...rest, ...withCaptcha });
    },
    onMutate: () => setFailure(null),
    onSuccess: (outcome) => {
      // A captcha is single use: whatever the answer, the one just sent is spent.
      if (captchaNeeded) void captcha.refetch();
      if (outcome.ok) {
        void qc.invalidateQueries({ queryKey: ACCOUNT_INFO_KEY });
        void qc.invalidateQueries({ queryKey: ['relatedSubjects'] });
        return;
      }
      setFailure(outcome);
      if (outcome.captchaRequired) setCaptchaNeeded(true);
    },
  });

  return {
    /** Sends the fields (with the captcha when shown); `done` hears the outcome. Other failures were shown already. */
    submit: (
      fields: Record<string, ParamValue> & { captchaCode?: string },
      done?: (outcome: PasswordCheckOutcome) => void,
    ) => mutation.mutate(fields, { onSuccess: (outcome) => done?.(outcome) }),
    pending: mutation.isPending,
    failure,
    captchaNeeded,
    captcha,
    refreshCaptcha: () => void captcha.refetch(),
    reset: () => setFailure(null),
  };
}
