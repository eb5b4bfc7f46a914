import { useEffect, useState } from 'react';
import { AutoComplete, Button, Form, Result, Select, Typography } from 'antd';
import { SearchOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { creditOps } from '@phjr/contract/credit/credit-ops';
import { CREDIT_SEARCH_MIN_CHARS, type CreditPurpose, type CreditReport } from '@phjr/contract/credit/credit';
import { handleRequestError } from '../../../lib/request.ts';
import { useFormRules } from '../../../lib/form-rules.ts';
import { useCreditQuery, useCreditSuggest } from '../api/credit.ts';
import { CreditReportView } from './CreditRecord.tsx';
import { isNoConsent, normalCreditCode } from './credit-model.ts';
import { usePurposeOptions } from './use-credit-labels.ts';

interface Values {
  creditCode?: string;
  purpose?: CreditPurpose;
}

/** The type-ahead waits this long after the last key before it asks the server. */
const SUGGEST_DELAY_MS = 300;
/** A whole credit code (18 characters) is not a name: no type-ahead for it. */
const WHOLE_CODE = /^[0-9A-Z]{18}$/;

type Outcome =
  | { kind: 'shown'; report: CreditReport; purpose: CreditPurpose }
  | { kind: 'refused'; creditCode: string; purpose: CreditPurpose; name?: string };

/**
 * An institution's query of an enterprise's full record for a purpose: the record when the enterprise's live consent
 * covers it, else the refusal (CREDIT_NO_CONSENT) explained: the enterprise must consent first. Either way the server
 * logged the query. `fixed`: the enterprise is chosen already (the portal's card), only the purpose is asked.
 */
export function CreditQueryPanel({
  initial,
  fixed,
  subjectName,
}: {
  initial?: Values;
  fixed?: boolean;
  subjectName?: string;
}) {
  const { t } = useTranslation('credit');
  const [form] = Form.useForm<Values>();
  const rules = useFormRules(creditOps.query.query);
  const purposes = usePurposeOptions();
  const query = useCreditQuery();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The enterprise picked from the type-ahead (its name for the refusal's wording), and the text being typed.
  const [picked, setPicked] = useState<{ name: string; creditCode: string } | null>(null);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const id = window.setTimeout(
      () => setKeyword(WHOLE_CODE.test(normalCreditCode(typed)) ? '' : typed),
      SUGGEST_DELAY_MS,
    );
    return () => window.clearTimeout(id);
  }, [typed]);
  const suggest = useCreditSuggest(fixed ? '' : keyword);
  const options = (suggest.data ?? []).map((e) => ({
    value: e.creditCode,
    label: (
      <span className="phjr-credit-suggestion">
        <span>{e.name}</span> <Typography.Text type="secondary">{e.creditCode}</Typography.Text>
      </span>
    ),
    name: e.name,
  }));

  async function submit(v: Values) {
    const creditCode = normalCreditCode(v.creditCode ?? '');
    const purpose = v.purpose!;
    setOutcome(null);
    try {
      const report = await query.mutateAsync({ creditCode, purpose });
      setOutcome({ kind: 'shown', report, purpose });
    } catch (err) {
      if (isNoConsent(err))
        setOutcome({
          kind: 'refused',
          creditCode,
          purpose,
          name: subjectName ?? (picked?.creditCode === creditCode ? picked.name : undefined),
        });
      else await handleRequestError(err);
    }
  }

  return (
    <div className="phjr-credit-stack">
      <Form<Values>
        form={form}
        layout={fixed ? 'vertical' : 'inline'}
        name="credit-query"
        initialValues={initial}
        onFinish={(v) => void submit(v)}
        style={{ rowGap: 12 }}
      >
        <Form.Item
          name="creditCode"
          label={t('query.subject')}
          hidden={fixed}
          validateTrigger="onBlur"
          extra={
            picked && !fixed
              ? t('query.picked', { name: picked.name, code: picked.creditCode })
              : t('query.subjectHint')
          }
          rules={rules('creditCode', t('query.creditCode'), { toRequest: (v) => normalCreditCode(String(v ?? '')) })}
        >
          <AutoComplete
            allowClear
            options={options}
            onSearch={(text) => {
              setTyped(text);
              setPicked(null);
            }}
            onSelect={(code: string, option) =>
              setPicked({ name: (option as { name: string }).name, creditCode: code })
            }
            notFoundContent={
              keyword.trim().length >= CREDIT_SEARCH_MIN_CHARS && suggest.isSuccess ? t('query.noMatch') : null
            }
            placeholder={t('query.subjectPlaceholder')}
            className="phjr-credit-code"
            style={{ width: 320, maxWidth: '100%' }}
            aria-label={t('query.subject')}
          />
        </Form.Item>
        <Form.Item
          name="purpose"
          label={t('query.purpose')}
          rules={rules('purpose', t('query.purpose'), { choice: true })}
        >
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
          subTitle={t('query.refusedText', {
            name: outcome.name ?? outcome.creditCode,
            purpose: t(`purpose.${outcome.purpose}`),
          })}
        />
      ) : null}
      {outcome?.kind === 'shown' ? (
        <CreditReportView
          report={outcome.report}
          extra={
            <Typography.Text type="secondary">
              {t('query.shownUnder', { purpose: t(`purpose.${outcome.purpose}`) })}
            </Typography.Text>
          }
        />
      ) : null}
    </div>
  );
}
