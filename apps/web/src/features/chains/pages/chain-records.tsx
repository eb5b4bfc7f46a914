import { Form, Input, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import {
  CHAIN_ENTERPRISE_TAGS,
  CHAIN_LOAN_SORT,
  CHAIN_MEMBER_SORT,
  CHAIN_TIERS,
  CHAIN_VISIT_SORT,
  VISIT_INTENTIONS,
  VISIT_RESULTS,
  type ChainEnterprise,
  type ChainLoan,
  type ChainVisit,
} from '@phjr/contract/chains/chain';
import { ListFilter, ListTable, defineList, field, useListQuery } from '../../../components/list-page/ListPage.tsx';
import { BeijingDatePicker } from '../../../lib/beijing-date-picker.ts';
import { useEnum } from '../../../lib/enums.ts';
import { beijingToday, formatAmount, formatDate, formatRate } from '../../../lib/format.ts';
import {
  chainListExports,
  useAllChainOrgs,
  useChainEnterprisePage,
  useChainLoanPage,
  useChainVisitPage,
  useCurrentUserChains,
} from '../api/chains.ts';
import { useMemberColumns } from '../components/member-columns.tsx';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

/**
 * The record lists the bank's and the government's chain clients share (docs/chains.md "Web"): members, visits and
 * loans, each a list-page block bound to the address. The server scopes every list (a bank sees its own visits and
 * loans, a government manager every bank's in its chains); these screens only filter and link to the detail pages.
 *
 *   <VisitList base="/financialChain" />                       // the whole list with its filters (chain picker)
 *   <VisitList base="/govermentChain" chainId={3} plain />      // inside a tab: one chain, no chain filter
 */

/** Where a client's detail pages live: `${base}/chain/interviewDetail?id=`, `${base}/chain/loanDetail?id=`. */
export type ClientBase = '/financialChain' | '/govermentChain' | '/operateClient';

/** The chains in the caller's scope, as select options. */
export function useChainOptions() {
  const chains = useCurrentUserChains();
  return { loading: chains.isLoading, options: (chains.data ?? []).map((c) => ({ value: c.id, label: c.name })) };
}

function ChainFilterItem() {
  const { t } = useTranslation('chains');
  const chains = useChainOptions();
  return (
    <Form.Item name="industrialChainId" label={t('fields.chain')}>
      <Select
        notFoundContent={pickerEmpty(t('common:pickers.noChain'), chains.loading)}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={chains.loading}
        options={chains.options}
        placeholder={t('placeholders.chain')}
        style={{ minWidth: 180 }}
      />
    </Form.Item>
  );
}

/**
 * The bank filter of the chain-wide lists (the operator's and the government's): the banks taking part in the caller's
 * chains; the server takes a bank's records with those of its branches. A bank reads its own records only: no filter.
 */
function BankFilterItem() {
  const { t } = useTranslation('chains');
  const orgs = useAllChainOrgs();
  const options = (orgs.data ?? [])
    .filter((o) => o.classifiedType === 'BANK')
    .map((o) => ({ value: o.orgId, label: o.name }));
  return (
    <Form.Item name="orgId" label={t('fields.bank')}>
      <Select
        notFoundContent={pickerEmpty(t('common:pickers.noBank'), orgs.isLoading)}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={orgs.isLoading}
        options={options}
        placeholder={t('placeholders.anyBank')}
        style={{ minWidth: 200 }}
      />
    </Form.Item>
  );
}

/** The first filters of every record list: the chain (unless the list is fixed to one) and the enterprise keyword. */
function ChainKeywordItems({ chainId, label }: { chainId?: number; label: string }) {
  const { t } = useTranslation('chains');
  return (
    <>
      {chainId ? null : <ChainFilterItem />}
      <Form.Item name="keyword" label={label}>
        <Input allowClear maxLength={40} placeholder={t('placeholders.enterpriseKeyword')} />
      </Form.Item>
    </>
  );
}

const YES_NO = ['true', 'false'] as const;

export const memberList = defineList({
  filters: {
    industrialChainId: field.number(),
    keyword: field.text(40),
    tier: field.oneOf(CHAIN_TIERS),
    tag: field.oneOf(CHAIN_ENTERPRISE_TAGS),
    visited: field.oneOf(YES_NO),
    financed: field.oneOf(YES_NO),
    claimedByMe: field.oneOf(['true'] as const),
  },
  sort: CHAIN_MEMBER_SORT,
});

/**
 * The member list with its filters (chain, keyword, tier, tag, visited, financed, and for a bank "claimed by us").
 * `chainId` fixes the chain (a tab of one chain: no chain filter); `actions` renders a row's actions.
 */
export function MemberList({
  chainId,
  claimFilter,
  actions,
  actionsWidth,
  toolbar,
  plain,
  name = 'chain-members',
}: {
  chainId?: number;
  claimFilter?: boolean;
  actions?: (m: ChainEnterprise) => ReactNode;
  actionsWidth?: number;
  toolbar?: ReactNode;
  plain?: boolean;
  name?: string;
}) {
  const { t } = useTranslation('chains');
  const list = useListQuery(memberList);
  const query = chainId ? { ...list.query, industrialChainId: chainId } : list.query;
  const page = useChainEnterprisePage(query);
  const tier = useEnum('ChainTier');
  const tag = useEnum('ChainEnterpriseTag');
  const columns = useMemberColumns({ showChain: !chainId, actions, actionsWidth });
  const yesNo = YES_NO.map((v) => ({ value: v, label: t(`yesNo.${v}`) }));
  return (
    <>
      <ListFilter
        list={list}
        name={name}
        plain={plain}
        more={
          <>
            <Form.Item name="tag" label={t('member.tags')}>
              <Select allowClear options={tag.options} placeholder={t('placeholders.any')} style={{ minWidth: 140 }} />
            </Form.Item>
            <Form.Item name="visited" label={t('member.visited')}>
              <Select allowClear options={yesNo} placeholder={t('placeholders.any')} style={{ minWidth: 100 }} />
            </Form.Item>
            <Form.Item name="financed" label={t('member.financed')}>
              <Select allowClear options={yesNo} placeholder={t('placeholders.any')} style={{ minWidth: 100 }} />
            </Form.Item>
            {claimFilter ? (
              <Form.Item name="claimedByMe" label={t('member.claimedByMe')}>
                <Select
                  allowClear
                  options={[{ value: 'true', label: t('client.claimedByUs') }]}
                  placeholder={t('placeholders.any')}
                  style={{ minWidth: 140 }}
                />
              </Form.Item>
            ) : null}
          </>
        }
      >
        <ChainKeywordItems chainId={chainId} label={t('member.name')} />
        <Form.Item name="tier" label={t('member.tier')}>
          <Select allowClear options={tier.options} placeholder={t('placeholders.any')} style={{ minWidth: 110 }} />
        </Form.Item>
      </ListFilter>
      <ListTable<ChainEnterprise>
        list={list}
        plain={plain}
        data={page.data}
        loading={page.isFetching}
        rowKey="id"
        size="middle"
        columns={columns}
        toolbar={toolbar}
        exportTo={{
          operation: chainListExports.members,
          fileName: t('member.exportName'),
          params: chainId ? { industrialChainId: chainId } : undefined,
        }}
        emptyText={t('client.membersEmpty')}
        scroll={{ x: 1500 }}
      />
    </>
  );
}

export const visitList = defineList({
  filters: {
    industrialChainId: field.number(),
    orgId: field.number(),
    keyword: field.text(40),
    intention: field.oneOf(VISIT_INTENTIONS),
    result: field.oneOf(VISIT_RESULTS),
    range: field.dateRange(),
  },
  sort: CHAIN_VISIT_SORT,
});

function DateRangeItem({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item name={name} label={label}>
      <BeijingDatePicker.RangePicker disabledDate={(d) => d.isAfter(beijingToday(), 'day')} />
    </Form.Item>
  );
}

/**
 * Visits: enterprise, chain, bank, day, staff, intention, result; the detail page by `?id=`. `bankFilter`: the
 * chain-wide list of a reader of every bank's records (the operator, a government manager) filters by bank too.
 */
export function VisitList({
  base,
  chainId,
  plain,
  toolbar,
  bankFilter,
}: {
  base: ClientBase;
  chainId?: number;
  plain?: boolean;
  toolbar?: ReactNode;
  bankFilter?: boolean;
}) {
  const { t } = useTranslation('chains');
  const list = useListQuery(visitList);
  const query = chainId ? { ...list.query, industrialChainId: chainId } : list.query;
  const page = useChainVisitPage(query);
  const intention = useEnum('VisitIntention');
  const result = useEnum('VisitResult');
  const reason = useEnum('NoLoanReason');
  const columns: ColumnsType<ChainVisit> = [
    ...recordHead<ChainVisit>({
      date: 'visitDate',
      dateTitle: t('visit.visitDate'),
      enterpriseTitle: t('visit.enterprise'),
      chainTitle: chainId ? null : t('fields.chain'),
      orgTitle: t('visit.org'),
    }),
    { title: t('visit.staff'), dataIndex: 'staff', width: 100, ellipsis: true },
    {
      title: t('visit.intendedAmount'),
      dataIndex: 'intendedAmount',
      width: 130,
      align: 'right',
      render: (n: number | null) => (n === null ? '-' : t('units.wanValue', { n: formatAmount(n) })),
    },
    {
      title: t('visit.intention'),
      key: 'intention',
      width: 150,
      render: (_: unknown, v) => (
        <div>
          <Tag color={v.intention === 'HAS_NEED' ? 'blue' : undefined}>{intention.label(v.intention)}</Tag>
        </div>
      ),
    },
    {
      title: t('visit.result'),
      key: 'result',
      width: 140,
      render: (_: unknown, v) => (
        <div>
          <Tag color={v.result === 'LOAN_FOLLOWING' ? 'green' : v.result === 'NO_LOAN' ? 'default' : 'cyan'}>
            {result.label(v.result)}
          </Tag>
          {v.noLoanReason ? (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {reason.label(v.noLoanReason)}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    detailColumn<ChainVisit>(
      t('actions.column'),
      t('actions.detail'),
      (v) => `${base}/chain/interviewDetail?id=${v.id}`,
    ),
  ];
  return (
    <>
      <ListFilter
        list={list}
        name="chain-visits"
        plain={plain}
        more={
          <>
            <Form.Item name="result" label={t('visit.result')}>
              <Select
                allowClear
                options={result.options}
                placeholder={t('placeholders.any')}
                style={{ minWidth: 120 }}
              />
            </Form.Item>
            <DateRangeItem name="range" label={t('visit.visitDate')} />
          </>
        }
      >
        <ChainKeywordItems chainId={chainId} label={t('visit.enterprise')} />
        {bankFilter ? <BankFilterItem /> : null}
        <Form.Item name="intention" label={t('visit.intention')}>
          <Select
            allowClear
            options={intention.options}
            placeholder={t('placeholders.any')}
            style={{ minWidth: 130 }}
          />
        </Form.Item>
      </ListFilter>
      <ListTable<ChainVisit>
        list={list}
        plain={plain}
        data={page.data}
        loading={page.isFetching}
        rowKey="id"
        size="middle"
        columns={columns}
        toolbar={toolbar}
        exportTo={{
          operation: chainListExports.visits,
          fileName: t('visit.exportName'),
          params: chainId ? { industrialChainId: chainId } : undefined,
        }}
        emptyText={t('visit.none')}
        scroll={{ x: 1200 }}
      />
    </>
  );
}

export const loanList = defineList({
  filters: {
    industrialChainId: field.number(),
    orgId: field.number(),
    keyword: field.text(40),
    range: field.dateRange(),
  },
  sort: CHAIN_LOAN_SORT,
});

/** Loans: enterprise, chain, bank, amount, rate, term, day, product; the detail page by `?id=`; `bankFilter` as VisitList's. */
export function LoanList({
  base,
  chainId,
  plain,
  toolbar,
  bankFilter,
}: {
  base: ClientBase;
  chainId?: number;
  plain?: boolean;
  toolbar?: ReactNode;
  bankFilter?: boolean;
}) {
  const { t } = useTranslation('chains');
  const list = useListQuery(loanList);
  const query = chainId ? { ...list.query, industrialChainId: chainId } : list.query;
  const page = useChainLoanPage(query);
  const columns: ColumnsType<ChainLoan> = [
    ...recordHead<ChainLoan>({
      date: 'loanDate',
      dateTitle: t('loan.loanDate'),
      enterpriseTitle: t('loan.enterprise'),
      chainTitle: chainId ? null : t('fields.chain'),
      orgTitle: t('loan.org'),
    }),
    {
      title: t('loan.amount'),
      dataIndex: 'amount',
      width: 150,
      align: 'right',
      render: (n: number) => t('units.wanValue', { n: formatAmount(n) }),
    },
    { title: t('loan.rate'), dataIndex: 'rate', width: 90, align: 'right', render: (n: number) => formatRate(n) },
    {
      title: t('loan.term'),
      dataIndex: 'term',
      width: 100,
      align: 'right',
      render: (n: number) => t('units.monthsValue', { n }),
    },
    {
      title: t('loan.product'),
      dataIndex: 'productName',
      width: 180,
      ellipsis: true,
      render: (v: string | null) => v ?? '-',
    },
    detailColumn<ChainLoan>(t('actions.column'), t('actions.detail'), (l) => `${base}/chain/loanDetail?id=${l.id}`),
  ];
  return (
    <>
      <ListFilter list={list} name="chain-loans" plain={plain}>
        <ChainKeywordItems chainId={chainId} label={t('loan.enterprise')} />
        {bankFilter ? <BankFilterItem /> : null}
        <DateRangeItem name="range" label={t('loan.loanDate')} />
      </ListFilter>
      <ListTable<ChainLoan>
        list={list}
        plain={plain}
        data={page.data}
        loading={page.isFetching}
        rowKey="id"
        size="middle"
        columns={columns}
        toolbar={toolbar}
        exportTo={{
          operation: chainListExports.loans,
          fileName: t('loan.exportName'),
          params: chainId ? { industrialChainId: chainId } : undefined,
        }}
        emptyText={t('loan.none')}
        scroll={{ x: 1200 }}
      />
    </>
  );
}

interface RecordRow {
  enterpriseName: string;
  creditCode: string;
}

/** The first columns of a visit and a loan: the day, the enterprise, the chain (null: the list has one) and the bank. */
function recordHead<R extends RecordRow>({
  date,
  dateTitle,
  enterpriseTitle,
  chainTitle,
  orgTitle,
}: {
  date: keyof R & string;
  dateTitle: string;
  enterpriseTitle: string;
  chainTitle: string | null;
  orgTitle: string;
}): ColumnsType<R> {
  return [
    { title: dateTitle, dataIndex: date, width: 100, render: (d: string) => formatDate(d) },
    {
      title: enterpriseTitle,
      key: 'enterprise',
      width: 200,
      render: (_: unknown, r) => <Enterprise name={r.enterpriseName} code={r.creditCode} />,
    },
    ...(chainTitle === null ? [] : [{ title: chainTitle, dataIndex: 'chainName', width: 120, ellipsis: true }]),
    { title: orgTitle, dataIndex: 'orgName', width: 170, ellipsis: true },
  ];
}

/** The last column: a link to the row's detail page. */
function detailColumn<R>(title: string, label: string, to: (r: R) => string): ColumnsType<R>[number] {
  return {
    title,
    key: 'actions',
    width: 90,
    fixed: 'right',
    render: (_: unknown, r) => <Link to={to(r)}>{label}</Link>,
  };
}

function Enterprise({ name, code }: { name: string; code: string }) {
  return (
    <div>
      <div>{name}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {code}
      </Typography.Text>
    </div>
  );
}
