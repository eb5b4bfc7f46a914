import { Alert, Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { outsideProductRanges, type ProductLimits, type RangeIssue } from '@phjr/contract/demands/product-limits';
import { formatAmount, formatRate } from '../../../lib/format.ts';

/** One issue in the reader's language: the value and the product's range (issue 13, point 1). */
export function useRangeIssueText() {
  const { t } = useTranslation('demands');
  return (i: RangeIssue) =>
    i.field === 'amount'
      ? t('limits.issue.amount', { value: formatAmount(i.value), min: formatAmount(i.min), max: formatAmount(i.max) })
      : i.field === 'rate'
        ? t('limits.issue.rate', { value: formatRate(i.value), min: formatRate(i.min), max: formatRate(i.max) })
        : t('limits.issue.term', { value: i.value, min: i.min, max: i.max });
}

/**
 * Inside the grant form: when the amount, rate or term typed lies outside the range of the demand's loan product, a
 * warning names each one and the bank must tick the confirmation, which the request carries (`outOfRangeConfirmed`)
 * and the server writes into the demand's history. Judged with the contract's function, as the server judges it.
 */
export function GrantRangeWarning({
  limits,
  productName,
}: {
  limits: ProductLimits | null | undefined;
  productName: string | null;
}) {
  const { t } = useTranslation('demands');
  const text = useRangeIssueText();
  const amount = Form.useWatch<number | null | undefined>('amount');
  const rate = Form.useWatch<number | null | undefined>('rate');
  const term = Form.useWatch<number | null | undefined>('term');
  if (!limits || limits.kind !== 'LOAN') return null;
  const issues = outsideProductRanges(limits, { amount, rate, term });
  if (!issues.length) return null;
  return (
    <div role="group" aria-label={t('limits.grantTitle')}>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        title={t('limits.grantTitle')}
        description={
          <>
            <p style={{ margin: '0 0 4px' }}>
              {t('limits.grantText', { product: productName ?? t('limits.theProduct') })}
            </p>
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {issues.map((i) => (
                <li key={i.field}>{text(i)}</li>
              ))}
            </ul>
          </>
        }
      />
      <Form.Item
        name="outOfRangeConfirmed"
        valuePropName="checked"
        preserve={false}
        rules={[
          {
            validator: async (_, v: boolean) =>
              v ? undefined : Promise.reject(new Error(t('limits.confirmRequired'))),
          },
        ]}
      >
        <Checkbox>{t('limits.confirm')}</Checkbox>
      </Form.Item>
    </div>
  );
}

/** Whether the grant form's values need the confirmation (the modal sends it only then). */
export function needsRangeConfirmation(
  limits: ProductLimits | null | undefined,
  v: { amount?: number; rate?: number; term?: number },
): boolean {
  return !!limits && limits.kind === 'LOAN' && outsideProductRanges(limits, v).length > 0;
}
