import { useMemo } from 'react';
import { App, Button, Col, Drawer, Form, Input, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CustomerType, GuaranteeMethod, Industry } from '@phjr/contract/products/product';
import { demandOps } from '@phjr/contract/demands/calls';
import { useFormRules } from '../../../lib/form-rules.ts';
import { districtsOf, useRegions } from '../../../components/use-regions.ts';
import { useEnum } from '../../../lib/enums.ts';
import { useSaveMakeup } from '../api/makeup.ts';
import { useBankProducts, useBankTree } from '../api/lookups.ts';
import { BankUnitField } from './DemandActionModal.tsx';
import { DrawerActions } from '../../../components/DrawerActions.tsx';
import { LoanTermsFields } from '../../../components/LoanTermsFields.tsx';
import { beijingToday } from '../../../lib/format.ts';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

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
  const rules = useFormRules(demandOps.makeupSave.body);
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
    <Form<Values>
      form={form}
      name="makeup"
      layout="vertical"
      requiredMark
      initialValues={{ applicantType: 'ENTERPRISE', grantedAt: beijingToday() }}
    >
      <Row gutter={16}>
        <Col xs={24} md={14}>
          <Form.Item
            name="applicantName"
            label={t('fields.borrower')}
            rules={rules('applicantName', t('fields.borrower'))}
          >
            <Input maxLength={60} />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item
            name="applicantType"
            label={t('fields.applicantType')}
            rules={rules('applicantType', t('fields.applicantType'))}
          >
            <Select options={customer.options} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="creditCode"
        label={t('fields.creditCode')}
        extra={t('makeup.creditCodeHint')}
        // Optional in the request; an enterprise needs one (the service's rule, as for the import).
        rules={rules('creditCode', t('fields.creditCode'), { required: applicantType === 'ENTERPRISE' })}
      >
        <Input maxLength={18} style={{ textTransform: 'uppercase' }} />
      </Form.Item>
      <BankUnitField name="bankOrgId" label={t('fields.lendingBank')} />
      <Form.Item name="productId" label={t('fields.loanProduct')}>
        <Select
          notFoundContent={pickerEmpty(t('common:pickers.noProduct'), products.isFetching)}
          allowClear
          disabled={!headId}
          loading={products.isFetching}
          placeholder={headId ? t('placeholders.product') : t('placeholders.bankFirst')}
          options={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="regionCode"
            label={t('fields.region')}
            rules={rules('regionCode', t('fields.region'), { choice: true })}
          >
            <Select
              notFoundContent={pickerEmpty(t('common:pickers.noRegion'))}
              showSearch={{ optionFilterProp: 'label' }}
              options={districtsOf(regions.data).map((r) => ({ value: r.code, label: r.name }))}
              placeholder={t('placeholders.select')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="industry" label={t('fields.industry')} rules={rules('industry', t('fields.industry'))}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={industry.options}
              placeholder={t('placeholders.select')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="guaranteeMethod"
            label={t('fields.guaranteeMethod')}
            rules={rules('guaranteeMethod', t('fields.guaranteeMethod'))}
          >
            <Select options={guarantee.options} placeholder={t('placeholders.select')} />
          </Form.Item>
        </Col>
      </Row>
      <LoanTermsFields
        labels={{
          amount: t('fields.grantedAmount'),
          rate: t('fields.grantedRate'),
          term: t('fields.grantedTerm'),
          date: t('fields.grantedAt'),
          wan: t('units.wan'),
          months: t('units.months'),
        }}
        dateName="grantedAt"
        amountMax={100_000}
        rules={rules}
      />
      <DrawerActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => undefined)}>
          {t('actions.save')}
        </Button>
      </DrawerActions>
    </Form>
  );
}
