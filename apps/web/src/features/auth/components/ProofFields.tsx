import { useTranslation } from 'react-i18next';
import { Form, Input, Radio } from 'antd';
import { accountOps } from '@phjr/contract/auth/account';
import { useFormRules } from '../../../lib/form-rules.ts';
import { SmsCodeField } from './SmsCodeField.tsx';

export type ProofMode = 'password' | 'sms';

/** How the user proves it is them: the current password, or an SMS code sent to the current phone. */
export function ProofFields({ mode, hasPhone }: { mode: ProofMode; hasPhone: boolean }) {
  const { t } = useTranslation('auth');
  // The proofs are optional in the request (one or the other); the chosen one is required here.
  const rules = useFormRules(accountOps.updatePassword.body);
  return (
    <>
      <Form.Item name="proof" label={t('proof.label')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'password', label: t('proof.password') },
            { value: 'sms', label: t('proof.sms'), disabled: !hasPhone },
          ]}
        />
      </Form.Item>
      {mode === 'password' ? (
        <Form.Item
          name="oldPassword"
          label={t('fields.currentPassword')}
          rules={rules('oldPassword', t('fields.currentPassword'), { required: true })}
        >
          <Input.Password maxLength={128} autoComplete="current-password" />
        </Form.Item>
      ) : (
        <Form.Item
          name="smsCode"
          label={t('proof.smsToCurrent')}
          rules={rules('smsCode', t('proof.smsToCurrent'), { required: true })}
        >
          <SmsCodeField target={{ kind: 'own', purpose: 'VERIFY' }} />
        </Form.Item>
      )}
    </>
  );
}

/** Only the chosen proof goes to the server. */
export function proofFields(v: { proof: ProofMode; oldPassword?: string; smsCode?: string }) {
  return v.proof === 'password' ? { oldPassword: v.oldPassword } : { smsCode: v.smsCode };
}
