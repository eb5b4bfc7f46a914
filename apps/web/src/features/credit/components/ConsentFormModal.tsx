import { App, Form, Modal, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { creditOps } from '@phjr/contract/credit/credit-ops';
import { consentMaxExpiry, type CreditPurpose } from '@phjr/contract/credit/credit';
import { BeijingDatePicker } from '../../../lib/beijing-date-picker.ts';
import { beijingDay, pickerDay } from '../../../lib/format.ts';
import { useFormRules } from '../../../lib/form-rules.ts';
import { useConsentInstitutions, useCreateConsent } from '../api/credit.ts';
import { usePurposeOptions } from './use-credit-labels.ts';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

interface Values {
  orgId?: number;
  purpose?: CreditPurpose;
  expiresOn?: Dayjs | null;
}

const dayOf = (v: unknown) => (v && typeof v === 'object' && 'format' in v ? (v as Dayjs).format('YYYY-MM-DD') : v);

/**
 * Give a consent: one institution (a bank or guarantee company; its branches are covered), a purpose, an expiry at
 * most one year from today (the contract's consentMaxExpiry, Beijing calendar; the server decides). The expiry starts
 * at the latest day allowed, which is what an enterprise usually gives.
 */
export function ConsentFormModal({
  open,
  creditCode,
  onClose,
}: {
  open: boolean;
  creditCode?: string;
  onClose(): void;
}) {
  const { t } = useTranslation('credit');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const rules = useFormRules(creditOps.consentCreate.body);
  const institutions = useConsentInstitutions(open);
  const create = useCreateConsent();
  const purposes = usePurposeOptions();
  const today = beijingDay();
  const latest = consentMaxExpiry(today);

  async function submit(v: Values) {
    const saved = await create.mutateAsync({
      orgId: v.orgId!,
      purpose: v.purpose!,
      expiresOn: dayOf(v.expiresOn) as string,
      creditCode,
    });
    void message.success(t('consent.given', { org: saved.orgName, day: saved.expiresOn }));
    form.resetFields();
    onClose();
  }

  return (
    <Modal
      title={t('consent.newTitle')}
      open={open}
      onCancel={onClose}
      okText={t('consent.give')}
      cancelText={t('actions.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      width={560}
    >
      <Typography.Paragraph type="secondary">{t('consent.newHint')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        name="consent-form"
        initialValues={{ expiresOn: pickerDay(latest) }}
        onFinish={(v) => void submit(v).catch(() => undefined)}
      >
        <Form.Item
          name="orgId"
          label={t('consent.institution')}
          rules={rules('orgId', t('consent.institution'), { choice: true })}
        >
          <Select
            notFoundContent={pickerEmpty(t('common:pickers.noInstitution'), institutions.isLoading)}
            showSearch
            optionFilterProp="label"
            loading={institutions.isLoading}
            placeholder={t('consent.institutionPick')}
            options={(institutions.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          />
        </Form.Item>
        <Form.Item
          name="purpose"
          label={t('consent.purpose')}
          rules={rules('purpose', t('consent.purpose'), { choice: true })}
        >
          <Select options={purposes} placeholder={t('consent.purposePick')} />
        </Form.Item>
        <Form.Item
          name="expiresOn"
          label={t('consent.expiresOn')}
          extra={t('consent.expiresHint', { day: latest })}
          rules={[
            ...rules('expiresOn', t('consent.expiresOn'), { choice: true, toRequest: dayOf }),
            {
              validator: (_, v: Dayjs | null | undefined) => {
                const day = dayOf(v) as string | undefined;
                return !day || (day >= today && day <= latest)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('consent.expiresRange', { from: today, to: latest })));
              },
            },
          ]}
        >
          <BeijingDatePicker
            style={{ width: '100%' }}
            disabledDate={(d) => d.format('YYYY-MM-DD') < today || d.format('YYYY-MM-DD') > latest}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
