import { useState } from 'react';
import { Button, Form, Input, Result, Select, Typography } from 'antd';
import { SearchOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { creditOps } from '@phjr/contract/credit/credit-ops';
import type { CreditPurpose, CreditReport } from '@phjr/contract/credit/credit';
import { handleRequestError } from '../../../lib/request.ts';
import { useFormRules } from '../../../lib/form-rules.ts';
import { useCreditQuery } from '../api/credit.ts';
import { CreditReportView } from './CreditRecord.tsx';
import { isNoConsent, normalCreditCode } from './credit-model.ts';
import { usePurposeOptions } from './use-credit-labels.ts';

interface Values {
  creditCode?: string;
  purpose?: CreditPurpose;
}

type Outcome = { kind: 'shown'; report: CreditReport; purpose: CreditPurpose } | { kind: 'refused'; creditCode: string; purpose: CreditPurpose; name?: string };

/**
 * An institution's query of an enterprise's full record for a purpose: the record when the enterprise's live consent
 * covers it, else the refusal (CREDIT_NO_CONSENT) explained: the enterprise must consent first. Either way the server
 * logged the query. `fixed`: the enterprise is chosen already (the portal's card), only the purpose is asked.
 */
export function CreditQueryPanel({ initial, fixed, subjectName }: { initial?: Values; fixed?: boolean; subjectName?: string }) {
  const { t } = useTranslation('credit');
  const [form] = Form.useForm<Values>();
  const rules = useFormRules(creditOps.query.query);
  const purposes = usePurposeOptions();
  const query = useCreditQuery();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function submit(v: Values) {
    const creditCode = normalCreditCode(v.creditCode ?? '');
    const purpose = v.purpose!;
    setOutcome(null);
    try {
      const report = await query.mutateAsync({ creditCode, purpose });
      setOutcome({ kind: 'shown', report, purpose });
    } catch (err) {
      if (isNoConsent(err)) setOutcome({ kind: 'refused', creditCode, purpose, name: subjectName });
      else await handleRequestError(err);
    }
  }

  return (
    <div className="phjr-credit-stack">
      <Form<Values> form={form} layout={fixed ? 'vertical' : 'inline'} name="credit-query" initialValues={initial} onFinish={(v) => void submit(v)} style={{ rowGap: 12 }}>
        <Form.Item
          name="creditCode"
          label={t('query.creditCode')}
          hidden={fixed}
          normalize={(v: string) => v?.toUpperCase()}
          rules={rules('creditCode', t('query.creditCode'))}
        >
          <Input allowClear maxLength={18} placeholder={t('query.creditCodePlaceholder')} className="phjr-credit-code" style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name="purpose" label={t('query.purpose')} rules={rules('purpose', t('query.purpose'), { choice: true })}>
          <Select options={purposes} placeholder={t('consent.purposePick')} style={{ width: fixed ? '100%' : 180 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={query.isPending}>
            {t('query.submit')}
          </Button>
        </Form.Item>
      </Form>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {t('query.logged')}
      </Typography.Text>
      {outcome?.kind === 'refused' ? (
        <Result
          status="warning"
          icon={<StopOutlined style={{ color: '#cf1322' }} />}
          title={t('query.refusedTitle')}
          subTitle={t('query.refusedText', { name: outcome.name ?? outcome.creditCode, purpose: t(`purpose.${outcome.purpose}`) })}
        />
      ) : null}
      {outcome?.kind === 'shown' ? (
        <CreditReportView
          report={outcome.report}
          extra={<Typography.Text type="secondary">{t('query.shownUnder', { purpose: t(`purpose.${outcome.purpose}`) })}</Typography.Text>}
        />
      ) : null}
    </div>
  );
}
