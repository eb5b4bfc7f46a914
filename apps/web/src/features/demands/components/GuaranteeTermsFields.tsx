import { useEffect } from 'react';
import { Col, Form, Input, InputNumber, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MAX_AMOUNT } from '@phjr/contract/bounds';
import {
  GUARANTEE_FEE_RATE_MAX,
  ZGuaranteeDemandRequest,
  guaranteeEndDays,
} from '@phjr/contract/demands/guarantee-terms';
import { useFormRules } from '../../../lib/form-rules.ts';
import { BeijingDatePicker } from '../../../lib/beijing-date-picker.ts';
import { beijingToday, pickerDay } from '../../../lib/format.ts';

/** The form values of the guarantee dialog, as antd holds them (days are picker values). */
export interface GuaranteeTermsValues {
  amount?: number;
  feeRate?: number;
  term?: number;
  contractNo?: string;
  signedAt?: Dayjs;
  startDate?: Dayjs;
  endDate?: Dayjs;
}

const day = (d?: Dayjs) => d?.format('YYYY-MM-DD');

/** The body of guarantee.json from the dialog's values (contract demands/guarantee-terms.ts). */
export function guaranteeRequest(id: number, v: GuaranteeTermsValues) {
  return {
    id,
    amount: v.amount,
    feeRate: v.feeRate,
    term: v.term,
    contractNo: v.contractNo?.trim(),
    signedAt: day(v.signedAt),
    startDate: day(v.startDate),
    endDate: day(v.endDate),
  };
}

/** What the dialog starts from: the amount and term asked for, a contract signed today and a period starting today. */
export function guaranteeDefaults(d: { amount: number; term: number }): GuaranteeTermsValues {
  return { amount: d.amount, term: d.term, signedAt: beijingToday(), startDate: beijingToday() };
}

/**
 * What a guarantee company states when it issues a guarantee (issue 13, point 10): amount, fee rate, term, contract
 * number, signing day and guarantee period. The limits and the day rules are the contract's (guarantee-terms.ts);
 * the period's last day follows the start and the term (the day before the same date `term` months later) until
 * the user picks the other accepted form (that date itself).
 */
export function GuaranteeTermsFields() {
  const { t } = useTranslation('demands');
  const form = Form.useFormInstance<GuaranteeTermsValues>();
  const rules = useFormRules(ZGuaranteeDemandRequest);
  const dayRules = (name: 'signedAt' | 'startDate' | 'endDate', label: string) =>
    rules(name, label, { toRequest: (d) => day(d as Dayjs | undefined) });
  const start = Form.useWatch<Dayjs | undefined>('startDate');
  const term = Form.useWatch<number | undefined>('term');
  const startDay = day(start);
  useEffect(() => {
    if (startDay && term && Number.isInteger(term) && term >= 1 && term <= 360)
      form.setFieldValue('endDate', pickerDay(guaranteeEndDays(startDay, term)[0]));
  }, [form, startDay, term]);

  return (
    <>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            name="amount"
            label={t('fields.guaranteedAmount')}
            rules={rules('amount', t('fields.guaranteedAmount'))}
          >
            <InputNumber min={0} max={MAX_AMOUNT} precision={2} style={{ width: '100%' }} suffix={t('units.wan')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="feeRate"
            label={t('fields.guaranteeFeeRate')}
            extra={t('guaranteeTerms.feeRateHint')}
            rules={rules('feeRate', t('fields.guaranteeFeeRate'))}
          >
            <InputNumber
              min={0}
              max={GUARANTEE_FEE_RATE_MAX}
              precision={3}
              step={0.1}
              style={{ width: '100%' }}
              suffix="%"
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="term" label={t('fields.guaranteeTerm')} rules={rules('term', t('fields.guaranteeTerm'))}>
            <InputNumber min={0} max={360} precision={0} style={{ width: '100%' }} suffix={t('units.months')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="contractNo"
            label={t('fields.guaranteeContractNo')}
            rules={rules('contractNo', t('fields.guaranteeContractNo'))}
          >
            <Input maxLength={40} placeholder={t('guaranteeTerms.contractNoPlaceholder')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="signedAt"
        label={t('fields.guaranteeSignedAt')}
        extra={t('guaranteeTerms.signedAtHint')}
        rules={dayRules('signedAt', t('fields.guaranteeSignedAt'))}
      >
        <BeijingDatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(beijingToday(), 'day')} />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            name="startDate"
            label={t('fields.guaranteeStartDate')}
            dependencies={['signedAt']}
            rules={[
              ...dayRules('startDate', t('fields.guaranteeStartDate')),
              // The request's refinements across fields (start not before signing, end matching the term) stay here.
              ({ getFieldValue }) => ({
                validator: async (_, v?: Dayjs) => {
                  const signed = getFieldValue('signedAt') as Dayjs | undefined;
                  if (v && signed && day(v)! < day(signed)!) throw new Error(t('guaranteeTerms.startBeforeSigned'));
                },
              }),
            ]}
          >
            <BeijingDatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="endDate"
            label={t('fields.guaranteeEndDate')}
            extra={t('guaranteeTerms.endHint')}
            dependencies={['startDate', 'term']}
            rules={[
              ...dayRules('endDate', t('fields.guaranteeEndDate')),
              ({ getFieldValue }) => ({
                validator: async (_, v?: Dayjs) => {
                  const s = day(getFieldValue('startDate') as Dayjs | undefined);
                  const n = getFieldValue('term') as number | undefined;
                  if (!v || !s || !n) return;
                  const allowed = guaranteeEndDays(s, n);
                  if (!allowed.includes(day(v)!))
                    throw new Error(t('guaranteeTerms.endMismatch', { a: allowed[0], b: allowed[1] }));
                },
              }),
            ]}
          >
            <BeijingDatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
