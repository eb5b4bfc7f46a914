import { Col, Form, InputNumber, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import type { FieldRuleOptions } from '../lib/form-rules.ts';
import { BeijingDatePicker } from '../lib/beijing-date-picker.ts';
import { beijingToday } from '../lib/format.ts';

/**
 * The terms of one granted loan, two to a row: amount (万元), yearly rate (%), term (months) and the day it was
 * granted (not after today, Beijing time), each checked by the caller's request schema (`useFormRules`).
 */
export function LoanTermsFields({
  labels,
  dateName,
  amountMax,
  rules,
}: {
  /** The fields' names and the amount's and term's units, in the caller's wording. */
  labels: { amount: string; rate: string; term: string; date: string; wan: string; months: string };
  /** The request's name for the grant day (`loanDate`, `grantedAt`). */
  dateName: string;
  amountMax?: number;
  rules(path: string, label: string, options?: FieldRuleOptions): Rule[];
}) {
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="amount" label={labels.amount} rules={rules('amount', labels.amount)}>
          <InputNumber min={0} max={amountMax} precision={2} style={{ width: '100%' }} suffix={labels.wan} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="rate" label={labels.rate} rules={rules('rate', labels.rate)}>
          <InputNumber min={0} max={36} precision={2} step={0.05} style={{ width: '100%' }} suffix="%" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="term" label={labels.term} rules={rules('term', labels.term)}>
          <InputNumber min={0} max={360} precision={0} style={{ width: '100%' }} suffix={labels.months} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name={dateName}
          label={labels.date}
          rules={rules(dateName, labels.date, { toRequest: (d) => (d as Dayjs | undefined)?.format('YYYY-MM-DD') })}
        >
          <BeijingDatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(beijingToday(), 'day')} />
        </Form.Item>
      </Col>
    </Row>
  );
}
