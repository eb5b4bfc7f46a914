import { useState } from 'react';
import { Alert, Button, Result, Select, Skeleton, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMyReport, useMySubjects } from '../api/credit.ts';
import { ConsentFormModal } from './ConsentFormModal.tsx';
import { SubjectConsentList } from './ConsentList.tsx';
import { CreditReportView } from './CreditRecord.tsx';
import { CreditTabs, useCreditTab } from './CreditTabs.tsx';
import { SubjectQueryLog } from './QueryLogList.tsx';

const TABS = ['consents', 'log', 'report'] as const;

/**
 * The credit page of an enterprise or a person (/userClient/toSYX): the consents it gave (give one, revoke with one
 * click), who queried it and with which consent, and its own full record as institutions see it under consent. A
 * person reads for the enterprises it acts for (`?code=` picks one); giving and revoking is the main account's.
 */
export function SubjectCreditScreen() {
  const { t } = useTranslation('credit');
  const subjects = useMySubjects();
  const { tab, go, params } = useCreditTab(TABS);
  const [giving, setGiving] = useState(false);
  const data = subjects.data;
  const list = data?.subjects ?? [];
  const chosen = list.find((s) => s.creditCode === params.get('code')) ?? list[0] ?? null;
  // A person names the enterprise; an enterprise's accounts read their own. A person's page speaks of "that enterprise"
  // (该企业), never of "本企业" as if the person were it (issue 30).
  const creditCode = data?.kind === 'PERSON' ? chosen?.creditCode : undefined;
  const report = useMyReport({ creditCode }, tab === 'report' && chosen !== null);
  const keep = (extra: Record<string, string> = {}) => (creditCode ? { code: creditCode, ...extra } : extra);

  if (subjects.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!data || data.kind === 'NONE' || chosen === null) {
    return (
      <section className="phjr-panel">
        <Result
          status="info"
          title={t('subject.noneTitle')}
          subTitle={t('subject.noneText')}
          extra={
            data?.kind === 'PERSON' ? (
              <Link to="/userClient/my/relatedSubject">
                <Button type="primary">{t('subject.toRelated')}</Button>
              </Link>
            ) : null
          }
        />
      </section>
    );
  }

  return (
    <>
      <section className="phjr-panel">
        <div className="phjr-credit-card-head" style={{ marginBottom: 8 }}>
          <div>
            <h2 style={{ margin: 0, fontSize: 18 }}>{chosen.name}</h2>
            <Typography.Text type="secondary" className="phjr-credit-code">
              {chosen.creditCode}
            </Typography.Text>
          </div>
          {list.length > 1 ? (
            <Space>
              <span>{t('subject.actingFor')}</span>
              <Select
                value={chosen.creditCode}
                style={{ minWidth: 260 }}
                options={list.map((s) => ({ value: s.creditCode, label: s.name }))}
                onChange={(code: string) => go(tab, { code })}
                aria-label={t('subject.actingFor')}
              />
            </Space>
          ) : null}
        </div>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t(creditCode ? 'subject.introRelated' : 'subject.intro')}
        </Typography.Paragraph>
        {data.canConsent ? null : (
          <Alert type="info" showIcon style={{ marginTop: 12 }} title={t('subject.readOnly')} />
        )}
      </section>
      <CreditTabs
        active={tab}
        onChange={(k) => go(k, keep())}
        extra={
          data.canConsent && tab === 'consents' ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setGiving(true)}>
              {t('consent.new')}
            </Button>
          ) : null
        }
        tabs={[
          { key: 'consents', label: t('subject.tabConsents'), content: <SubjectConsentList creditCode={creditCode} /> },
          { key: 'log', label: t('subject.tabLog'), content: <SubjectQueryLog creditCode={creditCode} /> },
          {
            key: 'report',
            label: t('subject.tabReport'),
            content: report.data ? (
              <CreditReportView report={report.data} />
            ) : report.isError ? (
              <Result
                status="warning"
                title={t(creditCode ? 'search.relatedFailed' : 'search.ownFailed')}
                extra={<Button onClick={() => void report.refetch()}>{t('subject.retry')}</Button>}
              />
            ) : (
              <Skeleton active paragraph={{ rows: 10 }} />
            ),
          },
        ]}
      />
      <ConsentFormModal open={giving} creditCode={creditCode} onClose={() => setGiving(false)} />
    </>
  );
}
