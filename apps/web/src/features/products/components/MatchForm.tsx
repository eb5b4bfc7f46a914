import { useEffect, useState } from 'react';
import { Button, Col, Form, InputNumber, Row, Select, type FormInstance } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import type { CustomerType, GuaranteeMethod, Industry } from '@phjr/contract/products/product';
import type { MatchRequest } from '@phjr/contract/products/supermarket';
import { productOps } from '@phjr/contract/products/product-ops';
import { useTranslation } from 'react-i18next';
import { useRegions } from '../../../components/use-regions.ts';
import { useEnum } from '../../../lib/enums.ts';
import { useFormRules } from '../../../lib/form-rules.ts';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

/** What a borrower tells "match me" (PRODUCT.md 5); every field optional, at least one given. */
export interface MatchValues {
  /** 万元 */
  amount?: number | null;
  /** months */
  term?: number | null;
  guaranteeMethod?: GuaranteeMethod;
  regionCode?: string;
  customerType?: CustomerType;
  industry?: Industry;
}

export const MATCH_FIELDS = [
  'amount',
  'term',
  'guaranteeMethod',
  'regionCode',
  'customerType',
  'industry',
] as const satisfies readonly (keyof MatchValues)[];

/** The call's body from the form's values: empty fields left out. */
export function toMatchRequest(v: MatchValues, limit = 10): MatchRequest {
  return {
    amount: v.amount ?? undefined,
    term: v.term ?? undefined,
    guaranteeMethod: v.guaranteeMethod,
    regionCode: v.regionCode,
    customerType: v.customerType,
    industry: v.industry,
    limit,
  };
}

export function hasAnyCondition(v: MatchValues): boolean {
  return MATCH_FIELDS.some((k) => v[k] !== undefined && v[k] !== null && v[k] !== '');
}

export interface MatchFieldsProps {
  /** Columns per row (24 = one field a row). */
  span?: number;
  /** The region is fixed by the page (the district site): the field is shown but cannot change. */
  regionLocked?: boolean;
}

/**
 * The fields of "match me", to sit inside any antd Form whose values include MatchValues (the supermarket's drawer
 * and the demand form embed them).
 */
export function MatchFields({ span = 12, regionLocked }: MatchFieldsProps) {
  const { t } = useTranslation('products');
  const guarantee = useEnum('GuaranteeMethod');
  const customer = useEnum('CustomerType');
  const industry = useEnum('Industry');
  const regions = useRegions();
  const rules = useFormRules(productOps.match.body);
  const regionOptions = (regions.data ?? []).map((r) => ({
    value: r.code,
    label: r.parentCode ? r.name : t('filter.wholeCity', { name: r.name }),
  }));
  return (
    <Row gutter={16}>
      <Col span={span}>
        <Form.Item name="amount" label={t('match.amount')} rules={rules('amount', t('match.amount'))}>
          <InputNumber
            min={0}
            max={100_000}
            style={{ width: '100%' }}
            suffix={t('units.wan')}
            placeholder={t('match.amountPlaceholder')}
          />
        </Form.Item>
      </Col>
      <Col span={span}>
        <Form.Item name="term" label={t('match.term')} rules={rules('term', t('match.term'))}>
          <InputNumber
            min={0}
            max={360}
            precision={0}
            style={{ width: '100%' }}
            suffix={t('units.months')}
            placeholder={t('match.termPlaceholder')}
          />
        </Form.Item>
      </Col>
      <Col span={span}>
        <Form.Item name="guaranteeMethod" label={t('fields.guaranteeMethod')}>
          <Select allowClear options={guarantee.options} placeholder={t('match.anyPlaceholder')} />
        </Form.Item>
      </Col>
      <Col span={span}>
        <Form.Item name="regionCode" label={t('fields.region')}>
          <Select
            notFoundContent={pickerEmpty(t('common:pickers.noRegion'))}
            allowClear={!regionLocked}
            disabled={regionLocked}
            options={regionOptions}
            placeholder={t('match.anyPlaceholder')}
          />
        </Form.Item>
      </Col>
      <Col span={span}>
        <Form.Item name="customerType" label={t('fields.customerType')}>
          <Select allowClear options={customer.options} placeholder={t('match.anyPlaceholder')} />
        </Form.Item>
      </Col>
      <Col span={span}>
        <Form.Item name="industry" label={t('fields.industry')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={industry.options}
            placeholder={t('match.anyPlaceholder')}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}

export interface MatchFormProps {
  onSubmit(req: MatchRequest): void;
  initialValues?: MatchValues;
  loading?: boolean;
  span?: number;
  regionLocked?: boolean;
  /** How many products to ask for. */
  limit?: number;
  form?: FormInstance<MatchValues>;
}

/** "Match me" as a form of its own: the fields and a submit button; at least one condition is asked for. */
export function MatchForm({
  onSubmit,
  initialValues,
  loading,
  span,
  regionLocked,
  limit,
  form: given,
}: MatchFormProps) {
  const { t } = useTranslation('products');
  const [own] = Form.useForm<MatchValues>();
  const form = given ?? own;
  const [missing, setMissing] = useState(false);
  // A fixed region (the district site) follows the page.
  const lockedRegion = regionLocked ? initialValues?.regionCode : undefined;
  useEffect(() => {
    if (lockedRegion) form.setFieldValue('regionCode', lockedRegion);
  }, [form, lockedRegion]);
  return (
    <Form<MatchValues>
      form={form}
      name="match"
      layout="vertical"
      initialValues={initialValues}
      onFinish={(v) => {
        const any = hasAnyCondition(v);
        setMissing(!any);
        if (any) onSubmit(toMatchRequest(v, limit));
      }}
      onValuesChange={() => setMissing(false)}
    >
      <MatchFields span={span} regionLocked={regionLocked} />
      {missing ? (
        <p role="alert" className="phjr-match-missing">
          {t('match.rules.atLeastOne')}
        </p>
      ) : null}
      <Button type="primary" htmlType="submit" icon={<ThunderboltOutlined />} loading={loading} block>
        {t('match.submit')}
      </Button>
    </Form>
  );
}
