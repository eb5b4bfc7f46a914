import { useMemo } from 'react';
import { App, Button, Col, DatePicker, Drawer, Form, Input, InputNumber, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CustomerType, GuaranteeMethod, Industry } from '@phjr/contract/products/product';
import { isValidCreditCode } from '@phjr/contract/orgs/credit-code';
import { districtsOf, useRegions } from '../../../components/use-regions.ts';
import { useEnum } from '../../../lib/enums.ts';
import { useSaveMakeup } from '../api/makeup.ts';
import { useBankProducts, useBankTree } from '../api/lookups.ts';
import { BankUnitField } from './DemandActionModal.tsx';
import { DrawerActions } from '../../../components/DrawerActions.tsx';

interface Values {
  applicantName: string;
  applicantType: CustomerType;
  creditCode?: string;
  bankOrgId: number;
  regionCode: string;
  industry: Industry;
  guaranteeMethod: GuaranteeMethod;
  amount: number;
  rate: number;
  term: number;
  grantedAt: Dayjs;
  productId?: number;
}

/** 补录: one loan granted offline, recorded as a GRANTED demand (source MAKEUP) with its bank unit and terms. */
export function MakeupFormDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('demands');
  return (
    <Drawer open={open} onClose={onClose} title={t('makeup.formTitle')} size="min(720px, 100vw)" destroyOnHidden>
      {open ? <MakeupForm onClose={onClose} /> : null}
    </Drawer>
  );
}

function MakeupForm({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('demands');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveMakeup();
  const regions = useRegions();
  const customer = useEnum('CustomerType');
  const industry = useEnum('Industry');
  const guarantee = useEnum('GuaranteeMethod');
  const tree = useBankTree();
  const applicantType = Form.useWatch('applicantType', form);
  const bankOrgId = Form.useWatch('bankOrgId', form);
  // The products of the unit's head office: a makeup loan may name the product it was made under.
  const headId = useMemo(() => {
    const byId = new Map((tree.data ?? []).map((o) => [o.id, o]));
    let unit = bankOrgId ? byId.get(bankOrgId) : undefined;
    while (unit?.parentId) unit = byId.get(unit.parentId);
    return unit?.id ?? null;
  }, [tree.data, bankOrgId]);
  const products = useBankProducts(headId);

  async function submit() {
    const v = await form.validateFields();
    await save.mutateAsync({
      applicantName: v.applicantName.trim(),
      applicantType: v.applicantType,
      creditCode: v.creditCode?.trim() ? v.creditCode.trim().toUpperCase() : undefined,
      bankOrgId: v.bankOrgId,
      regionCode: v.regionCode,
      industry: v.industry,
      guaranteeMethod: v.guaranteeMethod,
      amount: v.amount,
      rate: v.rate,
      term: v.term,
      grantedAt: v.grantedAt.format('YYYY-MM-DD'),
      productId: v.productId,
    });
    void message.success(t('makeup.saved', { name: v.applicantName.trim() }));
    onClose();
  }

  return (
    <Form<Values> form={form} name="makeup" layout="vertical" requiredMark initialValues={{ applicantType: 'ENTERPRISE', grantedAt: dayjs() }}>
      <Row gutter={16}>
        <Col xs={24} md={14}>
          <Form.Item
            name="applicantName"
            label={t('fields.borrower')}
            rules={[{ required: true, whitespace: true, message: t('rules.applicantName') }, { min: 2, max: 60, message: t('rules.applicantName') }]}
          >
            <Input maxLength={60} />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item name="applicantType" label={t('fields.applicantType')} rules={[{ required: true, message: t('rules.select') }]}>
            <Select options={customer.options} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="creditCode"
        label={t('fields.creditCode')}
        extra={t('makeup.creditCodeHint')}
        rules={[
          { required: applicantType === 'ENTERPRISE', whitespace: true, message: t('rules.creditCodeRequired') },
          {
            validator: async (_, v: string | undefined) => {
              if (v?.trim() && !isValidCreditCode(v.trim().toUpperCase())) throw new Error(t('rules.creditCode'));
            },
          },
        ]}
      >
        <Input maxLength={18} style={{ textTransform: 'uppercase' }} />
      </Form.Item>
      <BankUnitField name="bankOrgId" label={t('fields.lendingBank')} />
      <Form.Item name="productId" label={t('fields.loanProduct')}>
        <Select
          allowClear
          disabled={!headId}
          loading={products.isFetching}
          placeholder={headId ? t('placeholders.product') : t('placeholders.bankFirst')}
          options={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="regionCode" label={t('fields.region')} rules={[{ required: true, message: t('rules.region') }]}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={districtsOf(regions.data).map((r) => ({ value: r.code, label: r.name }))} placeholder={t('placeholders.select')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="industry" label={t('fields.industry')} rules={[{ required: true, message: t('rules.select') }]}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={industry.options} placeholder={t('placeholders.select')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="guaranteeMethod" label={t('fields.guaranteeMethod')} rules={[{ required: true, message: t('rules.select') }]}>
            <Select options={guarantee.options} placeholder={t('placeholders.select')} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="amount" label={t('fields.grantedAmount')} rules={[{ required: true, message: t('rules.amount') }, { type: 'number', min: 0.1, max: 100_000, message: t('rules.amount') }]}>
            <InputNumber min={0} max={100_000} precision={2} style={{ width: '100%' }} suffix={t('units.wan')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="rate" label={t('fields.grantedRate')} rules={[{ required: true, message: t('rules.rate') }, { type: 'number', min: 0, max: 36, message: t('rules.rate') }]}>
            <InputNumber min={0} max={36} precision={2} step={0.05} style={{ width: '100%' }} suffix="%" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="term" label={t('fields.grantedTerm')} rules={[{ required: true, message: t('rules.term') }, { type: 'integer', min: 1, max: 360, message: t('rules.term') }]}>
            <InputNumber min={0} max={360} precision={0} style={{ width: '100%' }} suffix={t('units.months')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="grantedAt" label={t('fields.grantedAt')} rules={[{ required: true, message: t('rules.grantedAt') }]}>
            <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
          </Form.Item>
        </Col>
      </Row>
      <DrawerActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => undefined)}>
          {t('actions.save')}
        </Button>
      </DrawerActions>
    </Form>
  );
}
