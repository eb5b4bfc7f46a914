import { useEffect, useState } from 'react';
import { Alert, App, Form, Input, InputNumber, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { HELP_TYPES, type HelpType, type ShelterDetail } from '@phjr/contract/shelter/shelter';
import { shelterOps } from '@phjr/contract/shelter/shelter-ops';
import { BeijingDatePicker } from '../../../lib/beijing-date-picker.ts';
import { beijingDay, beijingToday, pickerDay } from '../../../lib/format.ts';
import { useFormRules } from '../../../lib/form-rules.ts';
import { RequestError } from '../../../lib/request.ts';
import { useRecordHelp } from '../api/shelter.ts';
import { measureFields, measureRequest, type MeasureValues } from './shelter-model.ts';
import { useShelterLabels } from './use-shelter-labels.ts';

type Subject = Pick<ShelterDetail, 'id' | 'code' | 'enterpriseName' | 'admittedAt' | 'helpAsked'>;

const toDay = (d: unknown) => (d as Dayjs | undefined)?.format('YYYY-MM-DD');

/**
 * The bank's "record help" form: the type of help, then only the fields that type needs (the contract's lists:
 * amount for new credit, extension and renewal; basis points for rate relief; a new due date for extension and a new
 * repayment plan; the penalty waived), the date given (from the admission to today) and a note.
 */
export function MeasureFormModal({ subject, onClose }: { subject: Subject | null; onClose(): void }) {
  const { t } = useTranslation('shelter');
  const { message } = App.useApp();
  const labels = useShelterLabels();
  const [form] = Form.useForm<MeasureValues>();
  const rules = useFormRules(shelterOps.recordHelp.body);
  const save = useRecordHelp();
  const [last, setLast] = useState<Subject | null>(subject);
  if (subject && subject !== last) setLast(subject);
  const s = subject ?? last;
  const type = Form.useWatch('type', form) as HelpType | undefined;
  const fields = measureFields(type);
  const admittedDay = s?.admittedAt ? pickerDay(beijingDay(s.admittedAt)) : null;

  useEffect(() => {
    if (!subject) return;
    form.resetFields();
    // The first type asked is the likeliest one to record.
    form.setFieldsValue({ type: subject.helpAsked[0]?.type, givenOn: beijingToday() });
  }, [subject, form]);

  async function submit() {
    if (!s) return;
    const v = await form.validateFields();
    try {
      await save.mutateAsync(measureRequest(s.id, v));
    } catch (err) {
      const data =
        err instanceof RequestError
          ? (err.info?.data as { fields?: { field: string; message: string }[] } | null)
          : null;
      const errs = (data?.fields ?? []).filter((f) => f.field);
      if (errs.length) form.setFields(errs.map((f) => ({ name: f.field as keyof MeasureValues, errors: [f.message] })));
      else if (err instanceof RequestError && err.kind === 'business') onClose();
      throw err;
    }
    void message.success(t('msg.recordHelp'));
    onClose();
  }

  const askedTypes = new Set(s?.helpAsked.map((h) => h.type) ?? []);
  return (
    <Modal
      open={subject !== null}
      afterClose={() => setLast(null)}
      title={t('actionTitle.recordHelp')}
      okText={t('confirm.recordHelp')}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      {s ? (
        <>
          <p style={{ margin: '0 0 12px', fontWeight: 600 }}>
            {t('actionSubject', { code: s.code, name: s.enterpriseName })}
          </p>
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('hint.recordHelp')} />
          <Form form={form} name="shelter-measure" layout="vertical" requiredMark>
            <Form.Item name="type" label={t('fields.measureType')} rules={rules('type', t('fields.measureType'))}>
              <Select
                // The types the enterprise asked for first, in the contract's order, then the others.
                options={[
                  ...HELP_TYPES.filter((h) => askedTypes.has(h)),
                  ...HELP_TYPES.filter((h) => !askedTypes.has(h)),
                ].map((h) => ({ value: h, label: labels.help.label(h) }))}
              />
            </Form.Item>
            {fields.includes('amount') ? (
              <Form.Item
                name="amount"
                label={t('fields.amount')}
                rules={rules('amount', t('fields.amount'), { required: true })}
              >
                <InputNumber min={0} precision={2} style={{ width: '100%' }} suffix={t('units.wan')} />
              </Form.Item>
            ) : null}
            {fields.includes('rateChangeBp') ? (
              <Form.Item
                name="rateChangeBp"
                label={t('fields.rateChangeBp')}
                rules={rules('rateChangeBp', t('fields.rateChangeBp'), { required: true })}
                extra="-50 = -0.50%"
              >
                <InputNumber min={-1000} max={1000} precision={0} style={{ width: '100%' }} suffix={t('units.bp')} />
              </Form.Item>
            ) : null}
            {fields.includes('newDueDate') ? (
              <Form.Item
                name="newDueDate"
                label={t('fields.newDueDate')}
                rules={rules('newDueDate', t('fields.newDueDate'), { required: true, toRequest: toDay })}
              >
                <BeijingDatePicker style={{ width: '100%' }} />
              </Form.Item>
            ) : null}
            {fields.includes('penaltyWaived') ? (
              <Form.Item
                name="penaltyWaived"
                label={t('fields.penaltyWaived')}
                rules={rules('penaltyWaived', t('fields.penaltyWaived'), { required: true })}
              >
                <InputNumber min={0} precision={2} style={{ width: '100%' }} suffix={t('units.wan')} />
              </Form.Item>
            ) : null}
            <Form.Item
              name="givenOn"
              label={t('fields.givenOn')}
              rules={rules('givenOn', t('fields.givenOn'), { toRequest: toDay })}
            >
              <BeijingDatePicker
                style={{ width: '100%' }}
                disabledDate={(d) =>
                  d.isAfter(beijingToday(), 'day') || (admittedDay !== null && d.isBefore(admittedDay, 'day'))
                }
              />
            </Form.Item>
            <Form.Item name="note" label={t('fields.note')} rules={rules('note', t('fields.note'))}>
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Form.Item>
          </Form>
        </>
      ) : null}
    </Modal>
  );
}
