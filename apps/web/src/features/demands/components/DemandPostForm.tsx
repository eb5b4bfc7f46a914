import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Result,
  Row,
  Select,
  Skeleton,
  type UploadFile,
} from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@phjr/contract/auth/user-info';
import type { DemandType } from '@phjr/contract/demands/demand';
import type { UploadedFile } from '@phjr/contract/files/upload';
import type { GuaranteeMethod, Industry } from '@phjr/contract/products/product';
import { districtsOf, useRegions } from '../../../components/use-regions.ts';
import { useEnum } from '../../../lib/enums.ts';
import { usePrefillContact } from '../../../lib/own-contact.ts';
import { useCreateDemand } from '../api/demands.ts';
import {
  uploadAttachment,
  useBankProducts,
  useDemandProduct,
  useGuaranteeOrgs,
  useProductBanks,
} from '../api/lookups.ts';
import { demandOps } from '@phjr/contract/demands/calls';
import { mustAgree, useFormRules } from '../../../lib/form-rules.ts';
import { newPostingKey } from './demand-model.ts';
import { outsideProductRanges, ZRangeRefusal } from '@phjr/contract/demands/product-limits';
import { formatAmount } from '../../../lib/format.ts';
import { RequestError } from '../../../lib/request.ts';
import { AttachmentsField } from '../../../components/AttachmentsField.tsx';
import { ProductSummary } from './ProductSummary.tsx';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

interface Values {
  type: DemandType;
  bankId?: number;
  bankProductId?: number;
  guaranteeOrgId?: number;
  amount: number;
  term: number;
  purpose: string;
  guaranteeMethod: GuaranteeMethod;
  regionCode: string;
  industry: Industry;
  contactName: string;
  contactPhone: string;
  attachments?: UploadFile<UploadedFile>[];
  creditConsent: boolean;
}

/** The client list of each type, where a new demand is found. */
export const MY_LIST: Record<DemandType, string> = {
  PUBLIC: '/userClient/demand/public',
  ORIENTATION: '/userClient/demand/orientation',
  GUARANTEE: '/userClient/demand/guarantee',
};

/** What may be attached: images, PDF and Office files (the server checks the bytes). */
const MAX_ATTACHMENTS = 10;

export interface DemandPostFormProps {
  user: UserInfo;
  /** From the address: a product to apply for and the type asked for. */
  productId: number | null;
  requestedType: DemandType | null;
  /** Drop the product from the address (the applicant chooses another way). */
  onDropProduct(): void;
}

/**
 * The demand form (PRODUCT.md 6): public, to a bank (an orientation demand, through a product or a chosen bank),
 * or to a guarantee company; amount in 万元, term, purpose, guarantee method, district, industry, contact,
 * attachments and the credit-query consent. Validation as the user types; an uncertified account may post public
 * demands only (PRODUCT.md 4).
 */
export function DemandPostForm({ user, productId, requestedType, onDropProduct }: DemandPostFormProps) {
  const { t } = useTranslation('demands');
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const rules = useFormRules(demandOps.create.body);
  const product = useDemandProduct(productId);
  const regions = useRegions();
  const guarantee = useEnum('GuaranteeMethod');
  const industry = useEnum('Industry');
  const create = useCreateDemand();
  const [created, setCreated] = useState<{ id: number; code: string; type: DemandType } | null>(null);
  // One key per opening of the form: every submit of it is the same demand (the server answers repeats with it).
  const [postingKey, setPostingKey] = useState(newPostingKey);
  // Set before the request starts, so a second click or Enter in the same tick posts nothing.
  const posting = useRef(false);
  // The contact comes prefilled from the account (its full phone: the session's is masked), and stays editable.
  usePrefillContact(form);

  const p = product.data;
  const viaProduct = productId !== null && !!p;
  // A guarantee service is applied for as a guarantee demand; a loan as an orientation demand to its bank.
  const productType: DemandType | null = p ? (p.kind === 'GUARANTEE_SERVICE' ? 'GUARANTEE' : 'ORIENTATION') : null;
  const type = (Form.useWatch('type', form) as DemandType | undefined) ?? productType ?? requestedType ?? 'PUBLIC';
  const bankId = Form.useWatch('bankId', form) as number | undefined;
  const banks = useProductBanks(!viaProduct && type === 'ORIENTATION');
  const bankProducts = useBankProducts(!viaProduct && type === 'ORIENTATION' && bankId ? bankId : null);
  const guaranteeOrgs = useGuaranteeOrgs(!viaProduct && type === 'GUARANTEE');
  const blocked = type !== 'PUBLIC' && !user.certified;
  const guaranteeOrgId = Form.useWatch('guaranteeOrgId', form) as number | undefined;
  const uploading =
    (Form.useWatch('attachments', form) as UploadFile[] | undefined)?.some((f) => f.status === 'uploading') ?? false;

  const districts = districtsOf(regions.data);
  const initial = useMemo<Partial<Values>>(
    () => ({
      type: productType ?? requestedType ?? 'PUBLIC',
      regionCode: districts.some((d) => d.code === user.regionCode) ? (user.regionCode ?? undefined) : undefined,
      attachments: [],
      creditConsent: false,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the first values only; later changes are the user's
    [productType, regions.data],
  );

  useEffect(() => {
    if (productType) form.setFieldValue('type', productType);
  }, [form, productType]);
  useEffect(() => {
    if (initial.regionCode && !form.getFieldValue('regionCode')) form.setFieldValue('regionCode', initial.regionCode);
  }, [form, initial.regionCode]);
  useEffect(() => {
    if (p && p.guaranteeMethods.length === 1 && !form.getFieldValue('guaranteeMethod'))
      form.setFieldValue('guaranteeMethod', p.guaranteeMethods[0]);
  }, [form, p]);

  if (productId !== null && product.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;

  if (created) {
    return (
      <Result
        status="success"
        title={t('form.successTitle')}
        subTitle={t('form.successText', { code: created.code })}
        extra={[
          <Button type="primary" key="mine" onClick={() => void navigate(`${MY_LIST[created.type]}?id=${created.id}`)}>
            {t('form.viewMine')}
          </Button>,
          <Button
            key="again"
            onClick={() => {
              setCreated(null);
              setPostingKey(newPostingKey());
              form.resetFields();
              onDropProduct();
            }}
          >
            {t('form.postAnother')}
          </Button>,
        ]}
      />
    );
  }

  async function submit(v: Values) {
    if (posting.current) return;
    const target =
      type === 'ORIENTATION'
        ? viaProduct
          ? { productId: p!.id }
          : v.bankProductId
            ? { productId: v.bankProductId }
            : { targetOrgId: v.bankId }
        : type === 'GUARANTEE'
          ? viaProduct
            ? { productId: p!.id, targetOrgId: p!.bankId }
            : { targetOrgId: v.guaranteeOrgId }
          : {};
    const attachmentIds = (v.attachments ?? []).flatMap((f) =>
      f.status === 'done' && f.response ? [f.response.id] : [],
    );
    posting.current = true;
    try {
      const res = await create.mutateAsync({
        idempotencyKey: postingKey,
        type,
        ...target,
        amount: v.amount,
        term: v.term,
        purpose: v.purpose.trim(),
        guaranteeMethod: v.guaranteeMethod,
        regionCode: v.regionCode,
        industry: v.industry,
        contactName: v.contactName.trim(),
        contactPhone: v.contactPhone.trim(),
        attachmentIds,
        creditConsent: true,
      });
      setCreated({ ...res, type });
      window.scrollTo({ top: 0 });
    } catch (err) {
      // The request layer said why (one open demand per product, say); a refused field is marked on the field too.
      const fields = err instanceof RequestError ? ZRangeRefusal.safeParse(err.info?.data) : null;
      if (fields?.success)
        form.setFields(fields.data.fields.map((f) => ({ name: f.field as keyof Values, errors: [f.message] })));
    } finally {
      posting.current = false;
    }
  }

  /** The product's range binds the field (the server refuses the same: DEMAND_OUTSIDE_PRODUCT_RANGE). */
  const withinProduct = (field: 'amount' | 'term') => ({
    validator: async (_: unknown, value?: number | null) => {
      const issue =
        p && value !== null && value !== undefined ? outsideProductRanges(p, { [field]: value })[0] : undefined;
      if (issue)
        throw new Error(
          t(`limits.apply.${field}`, {
            min: field === 'amount' ? formatAmount(issue.min) : issue.min,
            max: field === 'amount' ? formatAmount(issue.max) : issue.max,
          }),
        );
    },
  });

  const consentWho =
    type === 'PUBLIC'
      ? t('form.consentWhoPublic')
      : type === 'GUARANTEE'
        ? t('form.consentWhoGuarantee', {
            name:
              p?.bankName ??
              guaranteeOrgs.data?.find((g) => g.id === guaranteeOrgId)?.name ??
              t('form.theGuaranteeCompany'),
          })
        : t('form.consentWhoBank', {
            name: p?.bankName ?? banks.data?.find((b) => b.id === bankId)?.name ?? t('form.theBank'),
          });

  return (
    <Form<Values>
      form={form}
      name="demand"
      layout="vertical"
      initialValues={initial}
      onFinish={(v) => void submit(v)}
      requiredMark
      scrollToFirstError
    >
      {productId !== null && product.isError ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('form.productGone')}
          action={
            <Button size="small" onClick={onDropProduct}>
              {t('form.continueWithout')}
            </Button>
          }
        />
      ) : null}
      {p ? (
        <div className="phjr-demand-product-row">
          <ProductSummary product={p} />
          <div className="phjr-demand-product-actions">
            <Link to={p.kind === 'GUARANTEE_SERVICE' ? '/guarantee' : '/supermarket'}>{t('form.otherProduct')}</Link>
            <Button type="link" size="small" onClick={onDropProduct}>
              {t('form.withoutProduct')}
            </Button>
          </div>
        </div>
      ) : null}

      <Form.Item
        name="type"
        label={t('fields.type')}
        rules={rules('type', t('fields.type'))}
        extra={p ? t('form.typeByProduct') : t(`form.typeHint.${type}`)}
      >
        <Radio.Group optionType="button" buttonStyle="solid" disabled={!!p}>
          <Radio.Button value="PUBLIC">{t('form.typeOption.PUBLIC')}</Radio.Button>
          <Radio.Button value="ORIENTATION">{t('form.typeOption.ORIENTATION')}</Radio.Button>
          <Radio.Button value="GUARANTEE">{t('form.typeOption.GUARANTEE')}</Radio.Button>
        </Radio.Group>
      </Form.Item>

      {blocked ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('form.uncertifiedTitle')}
          description={t('form.uncertifiedText')}
          action={
            <Button size="small" type="primary" onClick={() => void navigate('/userClient/certification')}>
              {t('form.certify')}
            </Button>
          }
        />
      ) : null}

      {type === 'ORIENTATION' && !p ? (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            {/* The request's targetOrgId is optional (PUBLIC has none); a demand to a bank needs it. */}
            <Form.Item
              name="bankId"
              label={t('fields.targetBank')}
              rules={rules('targetOrgId', t('fields.targetBank'), { required: true, choice: true })}
            >
              <Select
                notFoundContent={pickerEmpty(t('common:pickers.noBank'), banks.isLoading)}
                showSearch={{ optionFilterProp: 'label' }}
                loading={banks.isLoading}
                placeholder={t('placeholders.bank')}
                options={(banks.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
                onChange={() => form.setFieldValue('bankProductId', undefined)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="bankProductId" label={t('fields.productOptional')} extra={t('form.productOptionalHint')}>
              <Select
                notFoundContent={pickerEmpty(t('common:pickers.noBankProduct'), bankProducts.isFetching)}
                allowClear
                disabled={!bankId}
                loading={bankProducts.isFetching}
                placeholder={bankId ? t('placeholders.product') : t('placeholders.bankFirst')}
                options={(bankProducts.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
              />
            </Form.Item>
          </Col>
        </Row>
      ) : null}

      {type === 'GUARANTEE' && !p ? (
        <Form.Item
          name="guaranteeOrgId"
          label={t('fields.targetGuarantee')}
          rules={rules('targetOrgId', t('fields.targetGuarantee'), { required: true, choice: true })}
          extra={t('form.guaranteeHint')}
        >
          <Select
            notFoundContent={pickerEmpty(t('common:pickers.noGuaranteeOrg'), guaranteeOrgs.isLoading)}
            showSearch={{ optionFilterProp: 'label' }}
            loading={guaranteeOrgs.isLoading}
            placeholder={t('placeholders.guaranteeOrg')}
            options={(guaranteeOrgs.data ?? []).map((g) => ({
              value: g.id,
              label: g.regionName ? `${g.name}（${g.regionName}）` : g.name,
            }))}
          />
        </Form.Item>
      ) : null}

      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="amount"
            label={t('fields.amount')}
            extra={p ? t('form.productAmountHint', { min: p.amountMin, max: p.amountMax }) : undefined}
            rules={[...rules('amount', t('fields.amount')), withinProduct('amount')]}
          >
            <InputNumber
              min={0}
              max={100_000}
              precision={2}
              style={{ width: '100%' }}
              suffix={t('units.wan')}
              placeholder={t('placeholders.amount')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="term"
            label={t('fields.term')}
            extra={p ? t('form.productTermHint', { min: p.termMin, max: p.termMax }) : undefined}
            rules={[...rules('term', t('fields.term')), withinProduct('term')]}
          >
            <InputNumber
              min={0}
              max={360}
              precision={0}
              style={{ width: '100%' }}
              suffix={t('units.months')}
              placeholder={t('placeholders.term')}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="purpose" label={t('fields.purpose')} rules={rules('purpose', t('fields.purpose'))}>
        <Input.TextArea rows={4} maxLength={500} showCount placeholder={t('placeholders.purpose')} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="guaranteeMethod"
            label={t('fields.guaranteeMethod')}
            rules={rules('guaranteeMethod', t('fields.guaranteeMethod'))}
          >
            <Select
              options={
                p
                  ? guarantee.options.filter((o) => p.guaranteeMethods.includes(o.value as GuaranteeMethod))
                  : guarantee.options
              }
              placeholder={t('placeholders.select')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="regionCode"
            label={t('fields.region')}
            rules={rules('regionCode', t('fields.region'), { choice: true })}
          >
            <Select
              notFoundContent={pickerEmpty(t('common:pickers.noRegion'))}
              showSearch={{ optionFilterProp: 'label' }}
              options={districts.map((r) => ({ value: r.code, label: r.name }))}
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
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="contactName"
            label={t('fields.contactName')}
            rules={rules('contactName', t('fields.contactName'))}
          >
            <Input maxLength={20} autoComplete="name" />
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
        extra={t('form.attachmentsHint', { n: MAX_ATTACHMENTS })}
        max={MAX_ATTACHMENTS}
        upload={uploadAttachment}
        texts={{ fileSize: t('rules.fileSize'), attach: t('form.attach') }}
      />
      <Form.Item name="creditConsent" valuePropName="checked" rules={[mustAgree(t, t('fields.consent'))]}>
        <Checkbox className="phjr-demand-consent">{t('form.consent', { who: consentWho })}</Checkbox>
      </Form.Item>
      <div className="phjr-demand-submit">
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          loading={create.isPending}
          disabled={blocked || uploading || create.isPending}
        >
          {t('form.submit')}
        </Button>
        <span className="phjr-demand-muted">{t('form.submitHint')}</span>
      </div>
    </Form>
  );
}
