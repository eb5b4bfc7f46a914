import { useEffect } from 'react';
import { Alert, App, Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHELTER_CRITERIA, type ShelterSummary, type ShelterUserAction } from '@phjr/contract/shelter/shelter';
import { shelterOps } from '@phjr/contract/shelter/shelter-ops';
import { useFormRules } from '../../../lib/form-rules.ts';
import { runActionCall, useClosingTarget } from '../../../components/action-dialog.ts';
import { useShelterAction, useShelterBanks, type ShelterActionName } from '../api/shelter.ts';
import './shelter.css';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

export type ShelterSubject = Pick<ShelterSummary, 'id' | 'code' | 'enterpriseName' | 'state'>;

export interface ShelterActionTarget {
  action: ShelterUserAction;
  subject: ShelterSubject;
}

interface Values {
  leadBankOrgId?: number;
  helperBankOrgIds?: number[];
  planNote?: string;
  reason?: string;
  message?: string;
  outcome?: 'RECOVERED' | 'OTHER';
  note?: string;
}

const CONFIRM_ONLY: readonly ShelterUserAction[] = ['startReview'];

/**
 * One dialog for the actions on a case: start the review (a confirmation), admit (lead bank, helping banks, the plan,
 * with the admission criteria on screen), refuse (a reason), urge the banks (an instruction), exit (the outcome) and
 * withdraw (the enterprise, an optional reason). The server's refusal is shown by the request layer; a refused field
 * stays on its field.
 */
export function ShelterActionModal({
  target: open,
  onClose,
  onDone,
}: {
  target: ShelterActionTarget | null;
  onClose(): void;
  onDone?(action: ShelterUserAction): void;
}) {
  const { t } = useTranslation('shelter');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { target, serial, clear } = useClosingTarget(open);
  const call = useShelterAction();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (open.action === 'exit') form.setFieldsValue({ outcome: 'RECOVERED' });
  }, [open, form]);

  async function submit() {
    if (!target || target.action === 'recordHelp') return;
    const v = await form.validateFields();
    const id = target.subject.id;
    const trimmed = (s?: string) => (s?.trim() ? s.trim() : undefined);
    const action = target.action as ShelterActionName;
    const bodies = {
      startReview: { id },
      admit: {
        id,
        leadBankOrgId: v.leadBankOrgId as number,
        helperBankOrgIds: v.helperBankOrgIds ?? [],
        planNote: v.planNote?.trim() ?? '',
      },
      refuse: { id, reason: v.reason?.trim() ?? '' },
      urge: { id, message: v.message?.trim() ?? '' },
      exit: { id, outcome: v.outcome ?? 'RECOVERED', note: trimmed(v.note) },
      withdraw: { id, reason: trimmed(v.reason) },
    };
    await runActionCall(form, () => call.mutateAsync({ action, body: bodies[action] } as never), onClose);
    void message.success(t(`msg.${target.action}`, { code: target.subject.code }));
    onDone?.(target.action);
    onClose();
  }

  const danger = target ? ['refuse', 'withdraw'].includes(target.action) : false;
  return (
    <Modal
      key={serial}
      open={open !== null}
      afterClose={clear}
      title={target ? t(`actionTitle.${target.action}`) : ''}
      okText={target ? t(`confirm.${target.action}`) : ''}
      okButtonProps={{ danger }}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={call.isPending}
      onCancel={onClose}
      width={target?.action === 'admit' ? 720 : 520}
      destroyOnHidden
      forceRender
    >
      {target ? (
        <>
          <p style={{ margin: '0 0 12px', fontWeight: 600 }}>
            {t('actionSubject', { code: target.subject.code, name: target.subject.enterpriseName })}
          </p>
          {CONFIRM_ONLY.includes(target.action) ||
          target.action === 'urge' ||
          target.action === 'withdraw' ||
          target.action === 'exit' ? (
            <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t(`hint.${target.action}`)} />
          ) : null}
          <Form form={form} name={`shelter-${target.action}`} layout="vertical" requiredMark>
            <ActionFields action={target.action} />
          </Form>
        </>
      ) : null}
    </Modal>
  );
}

/** The fields of an action's form (exported for its test). */
export function ActionFields({ action }: { action: ShelterUserAction }) {
  const { t } = useTranslation('shelter');
  const admitRules = useFormRules(shelterOps.admit.body);
  const refuseRules = useFormRules(shelterOps.refuse.body);
  const urgeRules = useFormRules(shelterOps.urge.body);
  const exitRules = useFormRules(shelterOps.exit.body);
  const withdrawRules = useFormRules(shelterOps.withdraw.body);
  const outcome = Form.useWatch('outcome') as string | undefined;
  switch (action) {
    case 'admit':
      return (
        <>
          <AdmissionCriteria />
          <BankFields rules={admitRules} />
          <Form.Item name="planNote" label={t('fields.planNote')} rules={admitRules('planNote', t('fields.planNote'))}>
            <Input.TextArea rows={4} maxLength={1000} showCount />
          </Form.Item>
        </>
      );
    case 'refuse':
      return (
        <>
          <AdmissionCriteria />
          <Form.Item
            name="reason"
            label={t('fields.refuseReason')}
            rules={refuseRules('reason', t('fields.refuseReason'))}
          >
            <Input.TextArea rows={4} maxLength={500} showCount />
          </Form.Item>
        </>
      );
    case 'urge':
      return (
        <Form.Item name="message" label={t('fields.urgeMessage')} rules={urgeRules('message', t('fields.urgeMessage'))}>
          <Input.TextArea rows={4} maxLength={300} showCount />
        </Form.Item>
      );
    case 'exit':
      return (
        <>
          <Form.Item
            name="outcome"
            label={t('fields.exitOutcome')}
            rules={exitRules('outcome', t('fields.exitOutcome'))}
          >
            <Radio.Group
              options={[
                { value: 'RECOVERED', label: t('outcome.RECOVERED') },
                { value: 'OTHER', label: t('outcome.OTHER') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="note"
            label={t('fields.exitNote')}
            rules={exitRules('note', t('fields.exitNote'), { required: outcome === 'OTHER' })}
          >
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        </>
      );
    case 'withdraw':
      return (
        <Form.Item
          name="reason"
          label={t('fields.withdrawReason')}
          rules={withdrawRules('reason', t('fields.withdrawReason'))}
        >
          <Input.TextArea rows={3} maxLength={300} showCount />
        </Form.Item>
      );
    default:
      // startReview: a confirmation only; its sentence is the dialog's hint above, said once (issue 30).
      return null;
  }
}

/** The lead bank and the helping banks: active banks of the platform, the lead one left out of the helpers. */
function BankFields({ rules }: { rules: ReturnType<typeof useFormRules> }) {
  const { t } = useTranslation('shelter');
  const banks = useShelterBanks();
  const lead = Form.useWatch('leadBankOrgId') as number | undefined;
  const options = (banks.data ?? []).map((b) => ({ value: b.id, label: b.name }));
  return (
    <>
      <Form.Item
        name="leadBankOrgId"
        label={t('fields.leadBank')}
        rules={rules('leadBankOrgId', t('fields.leadBank'), { choice: true })}
      >
        <Select
          notFoundContent={pickerEmpty(t('common:pickers.noBank'), banks.isPending)}
          showSearch={{ optionFilterProp: 'label' }}
          options={options}
          loading={banks.isPending}
          placeholder={t('form.chooseBank')}
        />
      </Form.Item>
      <Form.Item
        name="helperBankOrgIds"
        label={t('fields.helperBanks')}
        dependencies={['leadBankOrgId']}
        rules={[
          ...rules('helperBankOrgIds', t('fields.helperBanks'), { choice: true }),
          ({ getFieldValue }) => ({
            validator: (_: unknown, v: number[] | undefined) =>
              v?.includes(getFieldValue('leadBankOrgId') as number)
                ? Promise.reject(new Error(t('rules.leadNotHelper')))
                : Promise.resolve(),
          }),
        ]}
      >
        <Select
          notFoundContent={pickerEmpty(t('common:pickers.noBank'), banks.isPending)}
          mode="multiple"
          showSearch={{ optionFilterProp: 'label' }}
          options={options.filter((o) => o.value !== lead)}
          loading={banks.isPending}
          placeholder={t('form.chooseBank')}
          maxCount={10}
        />
      </Form.Item>
    </>
  );
}

/** The written admission criteria (SHELTER_CRITERIA), in the interface's language. */
export function AdmissionCriteria({ title }: { title?: string }) {
  const { t, i18n } = useTranslation('shelter');
  const en = i18n.language.startsWith('en');
  return (
    <Alert
      type="warning"
      showIcon={false}
      style={{ marginBottom: 16 }}
      title={<strong>{title ?? t('supervise.criteriaTitle')}</strong>}
      description={
        <ol className="phjr-shelter-criteria">
          {SHELTER_CRITERIA.map((c) => (
            <li key={c.zh}>{en ? c.en : c.zh}</li>
          ))}
        </ol>
      }
    />
  );
}
