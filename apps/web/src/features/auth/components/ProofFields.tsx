import { useTranslation } from 'react-i18next';
import { Form, Input, Radio } from 'antd';
import { SmsCodeField } from './SmsCodeField.tsx';

export type ProofMode = 'password' | 'sms';

/** How the user proves it is them: the current password, or an SMS code sent to the current phone. */
export function ProofFields({ mode, hasPhone }: { mode: ProofMode; hasPhone: boolean }) {
  const { t } = useTranslation('auth');
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
        <Form.Item name="oldPassword" label={t('fields.currentPassword')} rules={[{ required: true, message: t('fields.passwordRequired') }]}>
          <Input.Password maxLength={128} autoComplete="current-password" />
        </Form.Item>
      ) : (
        <Form.Item name="smsCode" label={t('proof.smsToCurrent')} rules={[{ required: true, len: 6, message: t('fields.smsCodeInvalid') }]}>
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
