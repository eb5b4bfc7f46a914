import { Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChainEnterprise, ChainLoan, ChainVisit } from '@phjr/contract/chains/chain';
import { useEnum } from '../../../lib/enums.ts';
import { formatAmount, formatDate, formatRate } from '../../../lib/format.ts';
import { useChainLoanPage, useChainVisitPage } from '../api/chains.ts';
import './chains.css';

/**
 * One member's latest visits and loans (10 each, in the caller's scope), each linking to its detail page:
 * `${base}/chain/interviewDetail?id=` and `${base}/chain/loanDetail?id=`.
 *
 *   expandable={{ expandedRowRender: (m) => <MemberRecords member={m} base="/operateClient" /> }}
 */
export function MemberRecords({ member, base }: { member: ChainEnterprise; base: string }) {
  const { t } = useTranslation('chains');
  const intention = useEnum('VisitIntention');
  const result = useEnum('VisitResult');
  const visits = useChainVisitPage(
    { enterpriseId: member.id, current: 1, pageSize: 10 },
    { enabled: member.visits > 0 },
  );
  const loans = useChainLoanPage({ enterpriseId: member.id, current: 1, pageSize: 10 }, { enabled: member.loans > 0 });
  return (
    <div className="phjr-chain-expanded">
      <section aria-label={t('visit.title')}>
        <Typography.Title level={5}>{t('visit.title')}</Typography.Title>
        <Table<ChainVisit>
          size="small"
          rowKey="id"
          loading={visits.isFetching}
          dataSource={visits.data?.list ?? []}
          pagination={false}
          locale={{ emptyText: t('visit.none') }}
          columns={[
            { title: t('visit.visitDate'), dataIndex: 'visitDate', width: 110, render: (v: string) => formatDate(v) },
            { title: t('visit.org'), dataIndex: 'orgName', ellipsis: true },
            {
              title: t('visit.intention'),
              dataIndex: 'intention',
              width: 110,
              render: (v: string) => intention.label(v),
            },
            { title: t('visit.result'), dataIndex: 'result', width: 100, render: (v: string) => result.label(v) },
            {
              title: t('actions.column'),
              key: 'go',
              width: 64,
              render: (_: unknown, v) => (
                <Link to={`${base}/chain/interviewDetail?id=${v.id}`}>{t('actions.view')}</Link>
              ),
            },
          ]}
        />
      </section>
      <section aria-label={t('loan.title')}>
        <Typography.Title level={5}>{t('loan.title')}</Typography.Title>
        <Table<ChainLoan>
          size="small"
          rowKey="id"
          loading={loans.isFetching}
          dataSource={loans.data?.list ?? []}
          pagination={false}
          locale={{ emptyText: t('loan.none') }}
          columns={[
            { title: t('loan.loanDate'), dataIndex: 'loanDate', width: 110, render: (v: string) => formatDate(v) },
            { title: t('loan.org'), dataIndex: 'orgName', ellipsis: true },
            {
              title: t('loan.amount'),
              dataIndex: 'amount',
              width: 120,
              align: 'right',
              render: (v: number) => t('units.wanValue', { n: formatAmount(v) }),
            },
            {
              title: t('loan.rate'),
              dataIndex: 'rate',
              width: 80,
              align: 'right',
              render: (v: number) => formatRate(v),
            },
            {
              title: t('actions.column'),
              key: 'go',
              width: 64,
              render: (_: unknown, l) => <Link to={`${base}/chain/loanDetail?id=${l.id}`}>{t('actions.view')}</Link>,
            },
          ]}
        />
      </section>
    </div>
  );
}
