import type { ReactNode } from 'react';
import { Form, Input, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { creditOps } from '@phjr/contract/credit/credit-ops';
import {
  CREDIT_LOG_SORT,
  CREDIT_PURPOSES,
  CREDIT_QUERY_OUTCOMES,
  type CreditPurpose,
  type CreditQueryLog,
} from '@phjr/contract/credit/credit';
import {
  ListFilter,
  ListTable,
  defineList,
  field,
  useListQuery,
  type ExportTo,
  type ListData,
  type ListState,
} from '../../../components/list-page/ListPage.tsx';
import { BeijingDatePicker } from '../../../lib/beijing-date-picker.ts';
import { beijingToday, formatDateTimeSeconds } from '../../../lib/format.ts';
import { useCreditLogPage, useInstitutionQueries, useMyQueries } from '../api/credit.ts';
import { FieldGroupsText, OutcomeTag } from './CreditTags.tsx';
import { useOutcomeOptions, usePurposeOptions } from './use-credit-labels.ts';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

/**
 * The query log, as each side reads it: the enterprise (who queried me), the institution (our queries), supervisors
 * and the operator (every query in their scope, with the institution filter and the Excel export). The filters and
 * page are in the address; the supervisors' figures read the same date range (auditLogList).
 */

const logFilters = {
  keyword: field.text(60),
  purpose: field.oneOf(CREDIT_PURPOSES),
  outcome: field.oneOf(CREDIT_QUERY_OUTCOMES),
  range: field.dateRange(),
};
const subjectLogList = defineList({ filters: logFilters, sort: CREDIT_LOG_SORT });
const institutionLogList = defineList({ filters: logFilters, sort: CREDIT_LOG_SORT });
export const auditLogList = defineList({ filters: { ...logFilters, orgId: field.number() }, sort: CREDIT_LOG_SORT });

type Variant = 'subject' | 'institution' | 'audit';

function useLogColumns(variant: Variant): ColumnsType<CreditQueryLog> {
  const { t } = useTranslation('credit');
  const at: ColumnsType<CreditQueryLog>[number] = {
    title: t('log.at'),
    dataIndex: 'at',
    width: 170,
    className: 'phjr-credit-nowrap',
    render: (v: string) => formatDateTimeSeconds(v),
  };
  const org: ColumnsType<CreditQueryLog>[number] = {
    title: t('log.institution'),
    dataIndex: 'orgName',
    width: 240,
    ellipsis: true,
    render: (v: string | null) => v ?? '-',
  };
  const user: ColumnsType<CreditQueryLog>[number] = {
    title: t('log.user'),
    dataIndex: 'userName',
    width: 110,
    ellipsis: true,
    render: (v: string | null) => v ?? '-',
  };
  const subject: ColumnsType<CreditQueryLog>[number] = {
    title: t('log.subject'),
    key: 'subject',
    width: 250,
    render: (_: unknown, r) => (
      <div>
        <div>{r.subjectName ?? '-'}</div>
        <Typography.Text type="secondary" className="phjr-credit-code" style={{ fontSize: 12 }}>
          {r.subjectCreditCode}
          {variant === 'audit' && r.subjectRegionName ? ` · ${r.subjectRegionName}` : ''}
        </Typography.Text>
      </div>
    ),
  };
  const rest: ColumnsType<CreditQueryLog> = [
    { title: t('log.purpose'), dataIndex: 'purpose', width: 130, render: (p: CreditPurpose) => t(`purpose.${p}`) },
    {
      title: t('log.outcome'),
      dataIndex: 'outcome',
      width: 90,
      render: (_: unknown, r) => <OutcomeTag outcome={r.outcome} />,
    },
    {
      title: t('log.fields'),
      dataIndex: 'fieldGroups',
      ellipsis: true,
      render: (_: unknown, r) => <FieldGroupsText groups={r.fieldGroups} />,
    },
  ];
  if (variant === 'subject') return [at, org, user, ...rest];
  if (variant === 'institution') return [at, user, subject, ...rest];
  return [at, org, user, subject, ...rest];
}

function CommonFilters({ variant }: { variant: Variant }) {
  const { t } = useTranslation('credit');
  const purposes = usePurposeOptions();
  const outcomes = useOutcomeOptions();
  return (
    <>
      {variant === 'subject' ? null : (
        <Form.Item name="keyword" label={t('log.subject')}>
          <Input allowClear maxLength={60} placeholder={t('consent.subjectPlaceholder')} />
        </Form.Item>
      )}
      <Form.Item name="purpose" label={t('log.purpose')}>
        <Select allowClear options={purposes} placeholder={t('filters.all')} style={{ minWidth: 140 }} />
      </Form.Item>
      <Form.Item name="outcome" label={t('log.outcome')}>
        <Select allowClear options={outcomes} placeholder={t('filters.all')} style={{ minWidth: 120 }} />
      </Form.Item>
      <Form.Item name="range" label={t('log.range')}>
        <BeijingDatePicker.RangePicker disabledDate={(d) => d.isAfter(beijingToday(), 'day')} />
      </Form.Item>
    </>
  );
}

/** Who queried the enterprise (a person acting for several names which one). */
export function SubjectQueryLog({ creditCode }: { creditCode?: string }) {
  const { t } = useTranslation('credit');
  const list = useListQuery(subjectLogList);
  const page = useMyQueries({ ...list.query, creditCode });
  return (
    <PlainQueryLog
      variant="subject"
      list={list}
      page={page}
      emptyText={t(creditCode ? 'log.emptyRelated' : 'log.emptyMine')}
      width={1000}
    />
  );
}

/** The institution's own queries. */
export function InstitutionQueryLog() {
  const { t } = useTranslation('credit');
  const list = useListQuery(institutionLogList);
  const page = useInstitutionQueries(list.query);
  return (
    <PlainQueryLog
      variant="institution"
      list={list}
      page={page}
      emptyText={t('log.emptyInstitution')}
      width={1100}
      exportTo={{ operation: creditOps.institutionExport, fileName: t('log.exportName') }}
    />
  );
}

/** A side's own log in a tab (no card): the filters, then the table. */
function PlainQueryLog({
  variant,
  list,
  page,
  emptyText,
  width,
  exportTo,
}: {
  variant: Variant;
  list: ListState<typeof logFilters>;
  page: { data?: ListData<CreditQueryLog>; isFetching: boolean };
  emptyText: string;
  width: number;
  exportTo?: ExportTo;
}) {
  const columns = useLogColumns(variant);
  return (
    <>
      <ListFilter list={list} plain name="log-filter">
        <CommonFilters variant={variant} />
      </ListFilter>
      <ListTable<CreditQueryLog>
        plain
        list={list}
        data={page.data}
        loading={page.isFetching}
        rowKey="id"
        size="middle"
        emptyText={emptyText}
        scroll={{ x: width }}
        columns={columns}
        exportTo={exportTo}
      />
    </>
  );
}

/** Every query in the supervisor's scope, filtered by institution too, with the Excel export of the filtered set. */
export function AuditQueryLog({
  list,
  orgOptions,
  title,
}: {
  list: ListState<(typeof auditLogList)['filters'], (typeof CREDIT_LOG_SORT)[number]>;
  orgOptions: { value: number; label: string }[];
  title: ReactNode;
}) {
  const { t } = useTranslation('credit');
  const page = useCreditLogPage(list.query);
  const columns = useLogColumns('audit');
  return (
    <>
      <ListFilter
        list={list}
        name="log-filter"
        defaultExpanded
        more={
          <Form.Item name="orgId" label={t('log.institution')}>
            <Select
              notFoundContent={pickerEmpty(t('common:pickers.noInstitution'))}
              allowClear
              showSearch
              optionFilterProp="label"
              options={orgOptions}
              placeholder={t('filters.all')}
              style={{ minWidth: 220 }}
            />
          </Form.Item>
        }
      >
        <CommonFilters variant="audit" />
      </ListFilter>
      <ListTable<CreditQueryLog>
        list={list}
        data={page.data}
        loading={page.isFetching}
        rowKey="id"
        size="middle"
        emptyText={t('log.emptyAudit')}
        scroll={{ x: 1240 }}
        columns={columns}
        toolbar={<Typography.Text strong>{title}</Typography.Text>}
        exportTo={{ operation: creditOps.logExport, fileName: t('log.exportName') }}
      />
    </>
  );
}
