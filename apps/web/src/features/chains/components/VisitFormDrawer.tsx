import { useState } from 'react';
import {
  App,
  Button,
  Col,
  Drawer,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { chainOps } from '@phjr/contract/chains/chain-ops';
import type { ChainEnterprise } from '@phjr/contract/chains/chain';
import { MAX_UPLOAD_BYTES } from '@phjr/contract/files/upload';
import { useFormRules } from '../../../lib/form-rules.ts';
import { useEnum } from '../../../lib/enums.ts';
import { BeijingDatePicker } from '../../../lib/beijing-date-picker.ts';
import { uploadFailure } from '../../../lib/request-error.ts';
import { beijingDay, beijingToday, pickerDay } from '../../../lib/format.ts';
import { DrawerActions } from '../../../components/DrawerActions.tsx';
import { uploadChainFile, useSaveChainVisit } from '../api/chains.ts';

/**
 * A bank records a visit (走访) to a member (chainOps.visitSave): day (not after Beijing today, not before the member
 * joined), staff, content, intention (and amount), result (NO_LOAN asks for its reason), up to 9 PRIVATE photos.
 *
 *   <VisitFormDrawer member={row} open={!!row} onClose={() => setRow(null)} onSaved={(visit) => …} />
 *
 * Show it only when `member.actions` includes 'visit'.
 */

interface Values {
  visitDate: Dayjs;
  staff: string;
  content: string;
  intention: 'HAS_NEED' | 'NO_NEED' | 'UNDECIDED';
  intendedAmount?: number | null;
  result: 'LOAN_FOLLOWING' | 'FOLLOW_UP' | 'NO_LOAN';
  noLoanReason?: 'NO_NEED' | 'NOT_ELIGIBLE' | 'OTHER_BANK' | 'REFUSED' | null;
  photos?: UploadFile<{ id: string }>[];
}

const MAX_PHOTOS = 9;

export function VisitFormDrawer({
  member,
  open,
  onClose,
  onSaved,
}: {
  member: ChainEnterprise | null;
  open: boolean;
  onClose(): void;
  onSaved?(visit: { id: number }): void;
}) {
  const { t } = useTranslation('chains');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={member ? `${t('visit.formTitle')} · ${member.name}` : t('visit.formTitle')}
      size="min(720px, 100vw)"
      destroyOnHidden
    >
      {open && member ? <VisitForm member={member} onClose={onClose} onSaved={onSaved} /> : null}
    </Drawer>
  );
}

function VisitForm({
  member,
  onClose,
  onSaved,
}: {
  member: ChainEnterprise;
  onClose(): void;
  onSaved?(visit: { id: number }): void;
}) {
  const { t } = useTranslation('chains');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const rules = useFormRules(chainOps.visitSave.body);
  const save = useSaveChainVisit();
  const intention = useEnum('VisitIntention');
  const result = useEnum('VisitResult');
  const reason = useEnum('NoLoanReason');
  const chosenResult = Form.useWatch('result', form);
  const [uploading, setUploading] = useState(0);
  const joined = pickerDay(beijingDay(member.createdAt));

  async function submit() {
    const v = await form.validateFields();
    const saved = await save.mutateAsync({
      enterpriseId: member.id,
      visitDate: v.visitDate.format('YYYY-MM-DD'),
      staff: v.staff.trim(),
      content: v.content.trim(),
      intention: v.intention,
      intendedAmount: v.intention === 'HAS_NEED' ? (v.intendedAmount ?? null) : null,
      result: v.result,
      noLoanReason: v.result === 'NO_LOAN' ? (v.noLoanReason ?? null) : null,
      photoIds: (v.photos ?? []).flatMap((f) => (f.status === 'done' && f.response?.id ? [f.response.id] : [])),
    });
    void message.success(t('done.visitSaved'));
    onSaved?.(saved);
    onClose();
  }

  return (
    <Form<Values>
      form={form}
      name="chain-visit"
      layout="vertical"
      requiredMark
      initialValues={{ visitDate: beijingToday(), intention: 'HAS_NEED', result: 'FOLLOW_UP', photos: [] }}
    >
      <Typography.Paragraph type="secondary">
        {member.chainName} · {member.creditCode}
      </Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="visitDate"
            label={t('visit.visitDate')}
            rules={rules('visitDate', t('visit.visitDate'), {
              toRequest: (d) => (d as Dayjs | undefined)?.format('YYYY-MM-DD'),
            })}
          >
            <BeijingDatePicker
              style={{ width: '100%' }}
              disabledDate={(d) => d.isAfter(beijingToday(), 'day') || d.isBefore(joined, 'day')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="staff" label={t('visit.staff')} rules={rules('staff', t('visit.staff'))}>
            <Input maxLength={60} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="content" label={t('visit.content')} rules={rules('content', t('visit.content'))}>
        <Input.TextArea maxLength={2000} showCount autoSize={{ minRows: 4, maxRows: 10 }} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="intention" label={t('visit.intention')} rules={rules('intention', t('visit.intention'))}>
            <Select options={intention.options} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item noStyle shouldUpdate={(a, b) => a.intention !== b.intention}>
            {() => (
              <Form.Item
                name="intendedAmount"
                label={t('visit.intendedAmount')}
                rules={rules('intendedAmount', t('visit.intendedAmount'))}
              >
                <InputNumber
                  min={0}
                  precision={2}
                  style={{ width: '100%' }}
                  suffix={t('units.wan')}
                  disabled={form.getFieldValue('intention') !== 'HAS_NEED'}
                />
              </Form.Item>
            )}
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="result" label={t('visit.result')} rules={rules('result', t('visit.result'))}>
            <Select options={result.options} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {chosenResult === 'NO_LOAN' ? (
            <Form.Item
              name="noLoanReason"
              label={t('visit.noLoanReason')}
              rules={rules('noLoanReason', t('visit.noLoanReason'), { required: true, choice: true })}
            >
              <Select options={reason.options} placeholder={t('placeholders.select')} />
            </Form.Item>
          ) : null}
        </Col>
      </Row>
      <Form.Item
        name="photos"
        label={t('visit.photos')}
        extra={t('visit.photosHint')}
        valuePropName="fileList"
        getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList}
      >
        <Upload<{ id: string }>
          listType="picture-card"
          accept="image/png,image/jpeg"
          maxCount={MAX_PHOTOS}
          beforeUpload={(f) => {
            if (f.size > MAX_UPLOAD_BYTES) {
              void message.error(t('import.fileSize'));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            setUploading((n) => n + 1);
            uploadChainFile(file as File, 'PRIVATE')
              .then((r) => onSuccess?.(r))
              .catch((err: unknown) => onError?.(uploadFailure(err)))
              .finally(() => setUploading((n) => n - 1));
          }}
        >
          <div>
            <PlusOutlined aria-hidden />
            <div style={{ marginTop: 4 }}>{t('visit.photos')}</div>
          </div>
        </Upload>
      </Form.Item>
      <DrawerActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          type="primary"
          loading={save.isPending}
          disabled={uploading > 0}
          onClick={() => void submit().catch(() => undefined)}
        >
          {t('actions.save')}
        </Button>
      </DrawerActions>
    </Form>
  );
}
