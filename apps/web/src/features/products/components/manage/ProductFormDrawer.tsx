import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Col,
  Divider,
  Drawer,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  PRODUCT_FIELDS,
  PRODUCT_POLICIES,
  type CustomerType,
  type GuaranteeMethod,
  type Industry,
  type LoanType,
  type ProductDetail,
  type ProductKind,
  type ProductPolicy,
} from '@phjr/contract/products/product';
import { productOps } from '@phjr/contract/products/product-ops';
import { useRegions } from '../../../../components/use-regions.ts';
import { useEnum } from '../../../../lib/enums.ts';
import { useCurrentUser } from '../../../../lib/session-hooks.ts';
import { useManageProduct, useProductAction, useProviderUnits, useSaveProduct } from '../../api/manage-products.ts';
import { useActiveChains } from '../../api/product-chains.ts';
import { RequestError } from '../../../../lib/request-error.ts';
import { chainOptions } from '../product-chains.ts';
import { ProductLogoInput } from './ProductLogoInput.tsx';
import { useFormRules } from '../../../../lib/form-rules.ts';
import { ProductStatusTag, type ProductRole } from './product-actions.tsx';
import './product-manage.css';
import { pickerEmpty } from '../../../../components/PickerEmpty.tsx';

interface Values {
  orgId?: number;
  name: string;
  loanType: LoanType;
  guaranteeMethods: GuaranteeMethod[];
  amountMin: number;
  amountMax: number;
  termMin: number;
  termMax: number;
  rateMin: number;
  rateMax: number;
  customerTypes: CustomerType[];
  industries: Industry[];
  regionCodes: string[];
  features: string;
  conditions: string;
  materials: string;
  contactName: string;
  contactPhone: string;
  industrialChainIds: number[];
  logoFileId: string | null;
  policy?: ProductPolicy;
}

type Field = keyof typeof PRODUCT_FIELDS & keyof Values;

/** What the drawer edits: `id` null for a new product. */
export interface ProductFormTarget {
  id: number | null;
}

export interface ProductFormDrawerProps {
  target: ProductFormTarget | null;
  onClose(): void;
  /** The kind a provider publishes (banks: loans; guarantee companies: guarantee services). */
  kind: ProductKind;
  role: ProductRole;
}

/** Create or edit a product in a wide drawer: every field of the contract, checked by its rules as the user types. */
export function ProductFormDrawer({ target, onClose, kind, role }: ProductFormDrawerProps) {
  const { t } = useTranslation('products');
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size="min(980px, 100vw)"
      title={target?.id ? t('form.editTitle') : t('form.createTitle')}
      destroyOnHidden
    >
      {target ? (
        target.id ? (
          <LoadedForm id={target.id} onClose={onClose} role={role} />
        ) : (
          <ProductForm detail={null} kind={kind} role={role} onClose={onClose} />
        )
      ) : null}
    </Drawer>
  );
}

function LoadedForm({ id, onClose, role }: { id: number; onClose(): void; role: ProductRole }) {
  const { t } = useTranslation('products');
  const q = useManageProduct(id);
  if (q.isPending) return <Skeleton active paragraph={{ rows: 14 }} />;
  if (q.isError)
    return (
      <Result
        status="warning"
        title={t('manage.loadFailed')}
        extra={<Button onClick={() => void q.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  return <ProductForm detail={q.data} kind={q.data.kind} role={role} onClose={onClose} />;
}

function ProductForm({
  detail,
  kind,
  role,
  onClose,
}: {
  detail: ProductDetail | null;
  kind: ProductKind;
  role: ProductRole;
  onClose(): void;
}) {
  const { t } = useTranslation('products');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const me = useCurrentUser();
  const save = useSaveProduct();
  const act = useProductAction();
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const [uploading, setUploading] = useState(false);
  const chains = useActiveChains();
  const chosenChains = Form.useWatch('industrialChainIds', form) ?? detail?.industrialChainIds ?? [];
  const units = useProviderUnits(role === 'provider');
  const regions = useRegions();
  const loanType = useEnum('LoanType');
  const guarantee = useEnum('GuaranteeMethod');
  const customer = useEnum('CustomerType');
  const industry = useEnum('Industry');
  const isService = kind === 'GUARANTEE_SERVICE';
  // The server says whether this user's save takes the product back to draft (a provider's edit of a rejected or
  // delisted one).
  const backToDraft = detail?.editReturnsToDraft === true;
  // A provider's save always leaves a draft, which can be submitted at once; the operator's keeps the state.
  const canSubmit = role === 'provider';

  /** A guarantee service's "rate" is its fee rate. */
  const fieldLabel = (field: Field) =>
    t(
      `form.labels.${isService && (field === 'rateMin' || field === 'rateMax') ? field.replace('rate', 'fee') : field}`,
    );
  const rules = useFormRules(productOps.save.body);
  const rule = (field: Field) => rules(field, fieldLabel(field));
  const orderRule = (minField: Field, maxLabel: string) => ({
    validator: async (_: unknown, v: number | null) => {
      const min = form.getFieldValue(minField) as number | null;
      if (typeof v === 'number' && typeof min === 'number' && v < min)
        throw new Error(t('form.rules.rangeOrder', { label: maxLabel }));
    },
  });

  const initialValues = useMemo<Partial<Values>>(
    () =>
      detail
        ? {
            orgId: detail.orgId,
            name: detail.name,
            loanType: detail.loanType,
            guaranteeMethods: detail.guaranteeMethods,
            amountMin: detail.amountMin,
            amountMax: detail.amountMax,
            termMin: detail.termMin,
            termMax: detail.termMax,
            rateMin: detail.rateMin,
            rateMax: detail.rateMax,
            customerTypes: detail.customerTypes,
            industries: detail.industries,
            regionCodes: detail.regionCodes,
            features: detail.features,
            conditions: detail.conditions,
            materials: detail.materials,
            contactName: detail.contactName,
            contactPhone: detail.contactPhone,
            industrialChainIds: detail.industrialChainIds,
            logoFileId: detail.logoFileId,
            policy: detail.policy ?? undefined,
          }
        : {
            orgId: me?.orgId ?? undefined,
            loanType: isService ? 'GUARANTEE' : undefined,
            guaranteeMethods: isService ? ['GUARANTEE_COMPANY'] : [],
            customerTypes: [],
            industries: [],
            regionCodes: [],
            industrialChainIds: [],
            logoFileId: null,
          },
    [detail, me, isService],
  );

  const unitOptions = (units.data ?? []).map((u) => ({
    value: u.id,
    label: `${u.level === 'SUB' ? '\u3000\u3000' : u.level === 'BRANCH' ? '\u3000' : ''}${u.name}`,
  }));
  const regionOptions = (regions.data ?? []).map((r) => ({
    value: r.code,
    label: r.parentCode ? r.name : t('form.wholeCity', { name: r.name }),
  }));
  const chainChoices = chainOptions(chains.data ?? [], chosenChains, (id) => t('form.chainUnavailable', { id }));

  async function store(andSubmit: boolean) {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      void message.error(t('form.fixErrors'));
      return;
    }
    setBusy(andSubmit ? 'submit' : 'save');
    try {
      const { id } = await save.mutateAsync({
        id: detail?.id,
        kind,
        orgId: role === 'provider' ? v.orgId : undefined,
        name: v.name.trim(),
        loanType: v.loanType,
        guaranteeMethods: v.guaranteeMethods,
        amountMin: v.amountMin,
        amountMax: v.amountMax,
        termMin: v.termMin,
        termMax: v.termMax,
        rateMin: v.rateMin,
        rateMax: v.rateMax,
        customerTypes: v.customerTypes,
        industries: v.industries ?? [],
        regionCodes: v.regionCodes,
        industrialChainIds: v.industrialChainIds ?? [],
        logoFileId: v.logoFileId ?? null,
        policy: v.policy ?? null,
        features: v.features,
        conditions: v.conditions,
        materials: v.materials,
        contactName: v.contactName.trim(),
        contactPhone: v.contactPhone.trim(),
      });
      if (andSubmit) {
        await act.mutateAsync({ action: 'submit', id });
        void message.success(t('msg.submitted'));
      } else {
        void message.success(role === 'provider' ? t('msg.savedDraft') : t('msg.saved'));
      }
      onClose();
    } catch (err) {
      // The request layer has told the user why; a refused field (an archived chain, a logo that is not a public
      // image) is also marked on the form.
      const fields =
        err instanceof RequestError
          ? (err.info?.data as { fields?: { field: string; message: string }[] } | undefined)?.fields
          : undefined;
      const known: readonly string[] = ['industrialChainIds', 'logoFileId'];
      const marks = (fields ?? [])
        .filter((f) => known.includes(f.field))
        .map((f) => ({ name: f.field as keyof Values, errors: [f.message] }));
      if (marks.length) form.setFields(marks);
    } finally {
      setBusy(null);
    }
  }

  /** Thousands separators in the amount fields (UI.md); the value stays a number. */
  const thousands = {
    formatter: (v?: string | number) => `${v ?? ''}`.replace(/\B(?=(\d{3})+(?!\d))/g, ','),
    parser: (v?: string) => (v ?? '').replace(/,/g, ''),
  };
  const range = (
    label: string,
    unit: string,
    minField: Field,
    maxField: Field,
    opts: { integer?: boolean; max: number; grouped?: boolean },
  ) => (
    <Form.Item label={label} required style={{ marginBottom: 0 }}>
      <div className="phjr-range-field">
        <Form.Item name={minField} rules={rule(minField)} validateFirst>
          <InputNumber
            aria-label={fieldLabel(minField)}
            precision={opts.integer ? 0 : undefined}
            {...(opts.grouped ? thousands : {})}
            min={0}
            max={opts.max}
            suffix={unit}
            style={{ width: '100%' }}
            placeholder={t('form.min')}
          />
        </Form.Item>
        <span aria-hidden>–</span>
        <Form.Item
          name={maxField}
          dependencies={[minField]}
          rules={[...rule(maxField), orderRule(minField, fieldLabel(maxField))]}
          validateFirst
        >
          <InputNumber
            aria-label={fieldLabel(maxField)}
            precision={opts.integer ? 0 : undefined}
            {...(opts.grouped ? thousands : {})}
            min={0}
            max={opts.max}
            suffix={unit}
            style={{ width: '100%' }}
            placeholder={t('form.max')}
          />
        </Form.Item>
      </div>
    </Form.Item>
  );

  return (
    <Form<Values>
      form={form}
      name="product"
      layout="vertical"
      initialValues={initialValues}
      requiredMark
      className="phjr-product-form"
    >
      {detail ? (
        <Alert
          type={backToDraft ? 'warning' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <Space wrap>
              <ProductStatusTag status={detail.status} />
              {role === 'reviewer'
                ? t('form.reviewerHint')
                : backToDraft
                  ? t('form.backToDraftHint')
                  : t('form.draftHint')}
            </Space>
          }
          description={
            detail.status === 'REJECTED' && detail.rejectReason
              ? t('manage.rejectReason', { reason: detail.rejectReason })
              : undefined
          }
        />
      ) : null}
      <Divider titlePlacement="start">{t('form.sections.basic')}</Divider>
      <Row gutter={16}>
        {role === 'provider' && unitOptions.length > 1 ? (
          <Col span={24}>
            <Form.Item
              name="orgId"
              label={t('form.labels.orgId')}
              rules={rules('orgId', t('form.labels.orgId'), { choice: true })}
              extra={t('form.orgHint')}
            >
              <Select
                notFoundContent={pickerEmpty(t('common:pickers.noUnit'))}
                options={unitOptions}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          </Col>
        ) : null}
        <Col span={isService ? 24 : 12}>
          <Form.Item name="name" label={t('form.labels.name')} rules={rule('name')}>
            <Input maxLength={40} showCount placeholder={t('form.namePlaceholder')} />
          </Form.Item>
        </Col>
        {isService ? null : (
          <>
            <Col span={12}>
              <Form.Item name="loanType" label={t('form.labels.loanType')} rules={rule('loanType')}>
                <Select options={loanType.options} placeholder={t('form.selectPlaceholder')} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="guaranteeMethods"
                label={t('form.labels.guaranteeMethods')}
                rules={rule('guaranteeMethods')}
              >
                <Checkbox.Group options={guarantee.options} />
              </Form.Item>
            </Col>
          </>
        )}
        <Col span={24}>
          <Form.Item name="logoFileId" label={t('form.labels.logoFileId')}>
            <ProductLogoInput onBusy={setUploading} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('form.sections.figures')}</Divider>
      <Row gutter={16}>
        <Col span={8}>
          {range(t('form.amountRange'), t('units.wan'), 'amountMin', 'amountMax', { grouped: true, max: 100_000 })}
        </Col>
        <Col span={8}>
          {range(t('form.termRange'), t('units.months'), 'termMin', 'termMax', { integer: true, max: 360 })}
        </Col>
        <Col span={8}>
          {range(isService ? t('form.feeRange') : t('form.rateRange'), '%', 'rateMin', 'rateMax', { max: 36 })}
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('form.sections.scope')}</Divider>
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="customerTypes" label={t('form.labels.customerTypes')} rules={rule('customerTypes')}>
            <Checkbox.Group options={customer.options} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="regionCodes"
            label={t('form.labels.regionCodes')}
            rules={rule('regionCodes')}
            extra={t('form.regionHint')}
          >
            <Select
              notFoundContent={pickerEmpty(t('common:pickers.noRegion'))}
              mode="multiple"
              options={regionOptions}
              placeholder={t('form.selectPlaceholder')}
              showSearch={{ optionFilterProp: 'label' }}
              maxCount={20}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="industries"
            label={t('form.labels.industries')}
            rules={rule('industries')}
            extra={t('form.industryHint')}
          >
            <Select
              mode="multiple"
              options={industry.options}
              placeholder={t('form.anyIndustry')}
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="industrialChainIds"
            label={t('form.labels.industrialChainIds')}
            rules={rule('industrialChainIds')}
            extra={t('form.chainHint')}
          >
            <Select
              notFoundContent={pickerEmpty(t('common:pickers.noChain'), chains.isPending)}
              mode="multiple"
              options={chainChoices}
              loading={chains.isPending}
              placeholder={t('form.chainPlaceholder')}
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              maxCount={20}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="policy" label={t('form.labels.policy')} extra={t('form.policyHint')}>
            <Select
              options={PRODUCT_POLICIES.map((p) => ({ value: p, label: t(`form.policies.${p}`) }))}
              placeholder={t('form.policyPlaceholder')}
              allowClear
            />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('form.sections.text')}</Divider>
      <Form.Item name="features" label={t('form.labels.features')} rules={rule('features')} extra={t('form.linesHint')}>
        <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('form.featuresPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="conditions"
        label={t('form.labels.conditions')}
        rules={rule('conditions')}
        extra={t('form.linesHint')}
      >
        <Input.TextArea rows={4} maxLength={2000} showCount />
      </Form.Item>
      <Form.Item
        name="materials"
        label={t('form.labels.materials')}
        rules={rule('materials')}
        extra={t('form.linesHint')}
      >
        <Input.TextArea rows={4} maxLength={2000} showCount />
      </Form.Item>
      <Divider titlePlacement="start">{t('form.sections.contact')}</Divider>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="contactName" label={t('form.labels.contactName')} rules={rule('contactName')}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="contactPhone"
            label={t('form.labels.contactPhone')}
            rules={rule('contactPhone')}
            extra={t('form.phoneHint')}
          >
            <Input maxLength={20} inputMode="tel" />
          </Form.Item>
        </Col>
      </Row>
      <div className="phjr-product-form-foot">
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          onClick={() => void store(false)}
          loading={busy === 'save'}
          disabled={busy !== null || uploading}
          type={canSubmit ? 'default' : 'primary'}
        >
          {role === 'provider' ? t('actions.saveDraft') : t('actions.save')}
        </Button>
        {canSubmit ? (
          <Button
            type="primary"
            onClick={() => void store(true)}
            loading={busy === 'submit'}
            disabled={busy !== null || uploading}
          >
            {t('actions.saveAndSubmit')}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
