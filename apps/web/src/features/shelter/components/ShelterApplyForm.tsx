import { useMemo, useRef } from 'react';
import {
  App,
  Button,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Table,
  type UploadFile,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { HELP_TYPES, SHELTER_MAX_ATTACHMENTS, SHELTER_MAX_LOANS, type HelpType } from '@phjr/contract/shelter/shelter';
import { shelterOps } from '@phjr/contract/shelter/shelter-ops';
import type { UploadedFile } from '@phjr/contract/files/upload';
import type { ShelterDraft } from '@phjr/contract/shelter/shelter';
import { BeijingDatePicker } from '../../../lib/beijing-date-picker.ts';
import { beijingToday, formatDateTime, pickerDay } from '../../../lib/format.ts';
import { usePrefillContact } from '../../../lib/own-contact.ts';
import { requiredRule, useFormRules } from '../../../lib/form-rules.ts';
import { RequestError } from '../../../lib/request.ts';
import { AttachmentsField } from '../../../components/AttachmentsField.tsx';
import { uploadShelterAttachment, useApplyShelter, useSaveShelterDraft, useShelterBanks } from '../api/shelter.ts';
import { applyRequest, draftContent, draftValues, type ApplyValues, type LoanRow } from './shelter-model.ts';
import { useShelterLabels } from './use-shelter-labels.ts';
import './shelter.css';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

const toDay = (d: unknown) => (d as Dayjs | undefined)?.format('YYYY-MM-DD');

type Values = Omit<ApplyValues, 'attachmentIds'> & { attachments?: UploadFile<UploadedFile>[] };

/** A server field path (`loans.0.amount`, `helpAsked`) as the form's name path. */
function formPath(field: string): (string | number)[] {
  if (field.startsWith('helpAsked')) return ['helpTypes'];
  if (field.startsWith('attachmentIds')) return ['attachments'];
  return field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/**
 * The application (docs/shelter.md): the difficulty (industry, cause, since when, expected recovery), the outstanding
 * loans by bank as an editable table (a bank of the platform or one named freely), the help asked with optional
 * amounts, the contact, documents and the consent to show the results publicly. Every field's rules come from the
 * contract's schema; a field the server refuses shows its message on that field.
 */
export function ShelterApplyForm({
  onCreated,
  onCancel,
  draft,
}: {
  onCreated(created: { id: number; code: string }): void;
  onCancel?(): void;
  draft?: ShelterDraft | null;
}) {
  const { t } = useTranslation('shelter');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  // The contact comes from the account (its full phone) unless the draft has one; both stay editable.
  usePrefillContact(form);
  const saveDraft = useSaveShelterDraft();
  const initialValues = useMemo<Values>(() => {
    const base: Values = { loans: [], helpTypes: [], helpAmounts: {}, attachments: [], publicOnRecovery: false };
    if (!draft) return base;
    const { attachmentIds: _ids, ...values } = draftValues(draft, pickerDay);
    const attachments = draft.attachments.map((f): UploadFile<UploadedFile> => ({
      uid: f.id,
      name: f.name,
      status: 'done',
      response: { id: f.id, name: f.name, size: 0, contentType: '', url: '' },
    }));
    return { ...base, ...values, attachments };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the draft as first opened; later saves are the form's own values
  }, []);
  const rules = useFormRules(shelterOps.apply.body);
  const labels = useShelterLabels();
  const banks = useShelterBanks();
  const apply = useApplyShelter();
  const posting = useRef(false);
  const ticked = (Form.useWatch('helpTypes', form) as HelpType[] | undefined) ?? [];
  const uploading =
    (Form.useWatch('attachments', form) as UploadFile[] | undefined)?.some((f) => f.status === 'uploading') ?? false;
  const bankOptions = (banks.data ?? []).map((b) => ({ value: b.id, label: b.name }));

  /** Saves the form as it is (no rule checked: a draft may be half written) and says when. */
  async function save() {
    const v = form.getFieldsValue(true) as Values;
    const attachmentIds = (v.attachments ?? []).flatMap((f) =>
      f.status === 'done' && f.response ? [f.response.id] : [],
    );
    try {
      const saved = await saveDraft.mutateAsync(draftContent({ ...v, attachmentIds }));
      void message.success(t('draft.saved', { at: formatDateTime(saved.savedAt) }));
    } catch {
      // Shown by the request layer.
    }
  }

  async function submit(v: Values) {
    if (posting.current) return;
    posting.current = true;
    const attachmentIds = (v.attachments ?? []).flatMap((f) =>
      f.status === 'done' && f.response ? [f.response.id] : [],
    );
    try {
      onCreated(await apply.mutateAsync(applyRequest({ ...v, attachmentIds })));
    } catch (err) {
      const fields =
        err instanceof RequestError
          ? ((err.info?.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? [])
          : [];
      if (fields.length)
        form.setFields(
          fields.filter((f) => f.field).map((f) => ({ name: formPath(f.field) as never, errors: [f.message] })),
        );
    } finally {
      posting.current = false;
    }
  }

  return (
    <Form<Values>
      form={form}
      name="shelter-apply"
      layout="vertical"
      requiredMark
      initialValues={initialValues}
      onFinish={(v) => void submit(v)}
      scrollToFirstError
    >
      <p className="phjr-shelter-muted">{t('form.intro')}</p>
      <div className="phjr-shelter-form-section">{t('form.sectionDifficulty')}</div>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="industry" label={t('fields.industry')} rules={rules('industry', t('fields.industry'))}>
            <Select
              options={labels.industry.options}
              loading={labels.industry.isPending}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name="difficultySince"
            label={t('fields.difficultySince')}
            rules={rules('difficultySince', t('fields.difficultySince'), { toRequest: toDay })}
          >
            <BeijingDatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(beijingToday(), 'day')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name="expectedRecovery"
            label={t('fields.expectedRecovery')}
            rules={rules('expectedRecovery', t('fields.expectedRecovery'))}
          >
            <Input maxLength={100} placeholder={t('form.expectedRecoveryPlaceholder')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="cause" label={t('fields.cause')} rules={rules('cause', t('fields.cause'))}>
        <Input.TextArea rows={4} maxLength={1000} showCount placeholder={t('form.causePlaceholder')} />
      </Form.Item>

      <div className="phjr-shelter-form-section">{t('form.sectionLoans')}</div>
      <p className="phjr-shelter-muted">{t('form.loansHint', { n: SHELTER_MAX_LOANS })}</p>
      <Form.List name="loans">
        {(rows, { add, remove }) => (
          <>
            <Table
              className="phjr-shelter-loans"
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={rows}
              locale={{ emptyText: t('form.noLoans') }}
              scroll={{ x: 820 }}
              columns={[
                {
                  title: t('fields.bank'),
                  key: 'bank',
                  render: (_: unknown, row) => (
                    <LoanBankCell index={row.name} bankOptions={bankOptions} loading={banks.isPending} />
                  ),
                },
                {
                  title: t('fields.loanAmount'),
                  key: 'amount',
                  width: 170,
                  render: (_: unknown, row) => (
                    <Form.Item
                      name={[row.name, 'amount']}
                      rules={rules(['loans', 0, 'amount'], t('fields.loanAmount'))}
                    >
                      <InputNumber
                        min={0}
                        precision={2}
                        style={{ width: '100%' }}
                        suffix={t('units.wan')}
                        aria-label={`${t('fields.loanAmount')} ${row.name + 1}`}
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: t('fields.dueDate'),
                  key: 'due',
                  width: 160,
                  render: (_: unknown, row) => (
                    <Form.Item
                      name={[row.name, 'dueDate']}
                      rules={rules(['loans', 0, 'dueDate'], t('fields.dueDate'), { toRequest: toDay })}
                    >
                      <BeijingDatePicker
                        style={{ width: '100%' }}
                        aria-label={`${t('fields.dueDate')} ${row.name + 1}`}
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: '',
                  key: 'remove',
                  width: 56,
                  render: (_: unknown, row) => (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('actions.remove')}
                      onClick={() => remove(row.name)}
                    />
                  ),
                },
              ]}
            />
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              style={{ margin: '12px 0 20px' }}
              disabled={rows.length >= SHELTER_MAX_LOANS}
              onClick={() => add({ kind: 'org' } satisfies LoanRow)}
            >
              {t('actions.addLoan')}
            </Button>
          </>
        )}
      </Form.List>

      <div className="phjr-shelter-form-section">{t('form.sectionHelp')}</div>
      <Form.Item
        name="helpTypes"
        label={t('fields.helpAsked')}
        extra={t('form.helpHint')}
        rules={rules('helpAsked', t('fields.helpAsked'), {
          choice: true,
          toRequest: (v) => ((v as HelpType[] | undefined) ?? []).map((type) => ({ type })),
        })}
      >
        <Checkbox.Group style={{ width: '100%' }}>
          <Row gutter={[16, 4]}>
            {HELP_TYPES.map((h) => (
              <Col xs={24} md={12} key={h}>
                <div className="phjr-shelter-help-row">
                  <Checkbox value={h}>{labels.help.label(h)}</Checkbox>
                </div>
              </Col>
            ))}
          </Row>
        </Checkbox.Group>
      </Form.Item>
      {ticked.length ? (
        <Row gutter={16}>
          {HELP_TYPES.filter((h) => ticked.includes(h)).map((h) => (
            <Col xs={24} md={8} key={h}>
              <Form.Item
                name={['helpAmounts', h]}
                label={`${labels.help.label(h)} · ${t('fields.askedAmount')}`}
                rules={rules(['helpAsked', 0, 'amount'], t('fields.askedAmount'))}
              >
                <InputNumber min={0} precision={2} style={{ width: '100%' }} suffix={t('units.wan')} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      ) : null}

      <div className="phjr-shelter-form-section">{t('form.sectionContact')}</div>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="contactName"
            label={t('fields.contactName')}
            rules={rules('contactName', t('fields.contactName'))}
          >
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="contactPhone"
            label={t('fields.contactPhone')}
            rules={rules('contactPhone', t('fields.contactPhone'))}
          >
            <Input maxLength={11} inputMode="numeric" autoComplete="tel" />
          </Form.Item>
        </Col>
      </Row>
      <AttachmentsField
        label={t('fields.attachments')}
        extra={t('form.attachmentsHint', { n: SHELTER_MAX_ATTACHMENTS })}
        max={SHELTER_MAX_ATTACHMENTS}
        upload={uploadShelterAttachment}
        texts={{ fileSize: t('form.fileSize'), attach: t('actions.attach') }}
      />
      <Form.Item name="publicOnRecovery" valuePropName="checked">
        <Checkbox>{t('form.publicOnRecoveryText')}</Checkbox>
      </Form.Item>
      <Space className="phjr-shelter-submit" wrap>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          loading={apply.isPending}
          disabled={uploading || apply.isPending}
        >
          {t('form.submit')}
        </Button>
        <Button
          size="large"
          onClick={() => void save()}
          loading={saveDraft.isPending}
          disabled={uploading || apply.isPending}
        >
          {t('draft.save')}
        </Button>
        {onCancel ? (
          <Button size="large" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        ) : null}
      </Space>
    </Form>
  );
}

/** A loan's bank: one of the platform's (a picker) or another named freely. */
function LoanBankCell({
  index,
  bankOptions,
  loading,
}: {
  index: number;
  bankOptions: { value: number; label: string }[];
  loading: boolean;
}) {
  const { t } = useTranslation('shelter');
  const form = Form.useFormInstance();
  const kind = (Form.useWatch(['loans', index, 'kind'], form) as LoanRow['kind']) ?? 'org';
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Form.Item name={[index, 'kind']} noStyle>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'org', label: t('bankKind.org') },
            { value: 'name', label: t('bankKind.name') },
          ]}
        />
      </Form.Item>
      {kind === 'name' ? (
        <Form.Item name={[index, 'bankName']} rules={[requiredRule(t, t('fields.bankName'))]} style={{ flex: 1 }}>
          <Input
            maxLength={60}
            placeholder={t('fields.bankName')}
            aria-label={`${t('fields.bankName')} ${index + 1}`}
          />
        </Form.Item>
      ) : (
        <Form.Item
          name={[index, 'bankOrgId']}
          rules={[requiredRule(t, t('fields.bankOrg'), true)]}
          style={{ flex: 1, minWidth: 220 }}
        >
          <Select
            notFoundContent={pickerEmpty(t('common:pickers.noBank'), loading)}
            showSearch={{ optionFilterProp: 'label' }}
            options={bankOptions}
            loading={loading}
            placeholder={t('form.chooseBank')}
            aria-label={`${t('fields.bankOrg')} ${index + 1}`}
          />
        </Form.Item>
      )}
    </Space.Compact>
  );
}
