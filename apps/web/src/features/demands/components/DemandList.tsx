import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Form, Input, Select, Space, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEMAND_STATUSES, type DemandStatus, type DemandSummary, type DemandType } from '@phjr/contract/demands/demand';
import { StateTag } from '../../../components/StateTag.tsx';
import { districtsOf, useRegions } from '../../../components/use-regions.ts';
import { useCurrentUser } from '../../../lib/session-hooks.ts';
import { ListFilter, ListTable, useListQuery } from '../../../components/list-page/ListPage.tsx';
import type { Params } from '../../../lib/request.ts';
import { demandExportOperation, useDemandPage, type DemandListQuery, type DemandListScope } from '../api/demands.ts';
import { useBankTree, useProductBanks } from '../api/lookups.ts';
import { DemandActionModal, type ActionTarget } from './DemandActionModal.tsx';
import { DeadlineText, DemandDetailDrawer } from './DemandDetailDrawer.tsx';
import { beijingToday, formatAmount, formatDate, formatDateTime } from '../../../lib/format.ts';
import { BeijingDatePicker } from '../../../lib/beijing-date-picker.ts';
import type { Perspective } from './demand-model.ts';
import { DemandRowActions } from './DemandRowActions.tsx';
import { demandList, useDemandParams } from './use-demand-params.ts';
import { useDemandLabels } from './use-demand-labels.ts';
import './demands.css';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

/** The filters a list offers beyond the keyword and the state. */
export interface DemandListFilters {
  overdue?: boolean;
  region?: boolean;
  bank?: boolean;
  date?: boolean;
  /** Types to choose from (the list mixes them); the first is not preselected. */
  types?: readonly DemandType[];
}

export interface DemandListProps {
  scope: DemandListScope;
  perspective: Perspective;
  /** Parameters the screen fixes: the type, a bank's POOL/MINE, the operator's view. */
  fixed?: Partial<DemandListQuery>;
  filters?: DemandListFilters;
  /** The states worth filtering by in this list (all by default). */
  statuses?: readonly DemandStatus[];
  /** The name of the Excel file (before `_yyyyMMddHHmmss.xlsx`); in parts, each said once (exportFileName). */
  exportName: string | readonly string[];
  /** A bank's public pool (no handler column; the server offers only taking a demand there). */
  pool?: boolean;
  /** Columns for recorded loans (the operator's makeup) instead of demands in progress. */
  variant?: 'demands' | 'loans';
  /** More toolbar buttons (create, import). */
  toolbar?: ReactNode;
  emptyText?: string;
}

/**
 * A role's list of demands (UI.md list page): a collapsible filter form that reflects the address, the toolbar with
 * the Excel export, the table with the state tags, deadlines (overdue in orange) and the row actions the transition
 * table allows this viewer, and the detail drawer with the timeline.
 */
/** The width a table needs to give every column its own width: what its horizontal scroll starts from. */
function columnsWidth(columns: TableColumnsType<DemandSummary>): number {
  return columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0);
}

export function DemandList({
  scope,
  perspective,
  fixed,
  filters = {},
  statuses = DEMAND_STATUSES,
  exportName,
  pool,
  variant = 'demands',
  toolbar,
  emptyText,
}: DemandListProps) {
  const { t } = useTranslation('demands');
  const list = useListQuery(demandList);
  const params = useDemandParams();
  const [acting, setActing] = useState<ActionTarget | null>(null);
  const page = useDemandPage(scope, { ...list.query, ...fixed });
  const labels = useDemandLabels();
  const regions = useRegions();
  const me = useCurrentUser();
  const canReadTree = me?.permissions.includes('org:read') ?? false;
  const tree = useBankTree(Boolean(filters.bank) && canReadTree);
  const banks = useProductBanks(Boolean(filters.bank) && !canReadTree);
  const bankOptions = canReadTree
    ? (tree.data ?? []).filter((o) => o.parentId === null).map((o) => ({ value: o.id, label: o.name }))
    : (banks.data ?? []).map((b) => ({ value: b.id, label: b.name }));

  const wan = (n: number | null) => (n === null ? '-' : formatAmount(n));
  const handler = (d: DemandSummary) => {
    if (perspective === 'bank') return d.ownerOrgName ?? d.targetOrgName ?? '-';
    if (perspective === 'guarantee') return d.ownerOrgName ?? '-';
    return d.ownerOrgName ?? d.targetOrgName ?? (d.type === 'PUBLIC' ? t('detail.publicPool') : '-');
  };

  // The code holds the day posted and shows the time under it: its header sorts by the time posted (DEMAND_SORT).
  const codeColumn: TableColumnsType<DemandSummary>[number] = {
    title: t('fields.code'),
    key: 'createdAt',
    dataIndex: 'code',
    width: 160,
    fixed: 'left',
    render: (code: string, d) => (
      <span className="phjr-demand-code-cell">
        <Button
          type="link"
          size="small"
          className="phjr-demand-code"
          onClick={() => params.open(d.id)}
          aria-label={t('actions.viewCode', { code })}
        >
          {code}
        </Button>
        <small title={t('fields.createdAt')}>{formatDateTime(d.createdAt)}</small>
      </span>
    ),
  };
  const applicantColumn: TableColumnsType<DemandSummary>[number] = {
    title: t('fields.applicantName'),
    dataIndex: 'applicantName',
    width: 220,
    ellipsis: true,
    render: (name: string, d) => (
      <span className="phjr-demand-applicant">
        <Typography.Text ellipsis={{ tooltip: name }}>{name}</Typography.Text>
        <small>
          {labels.customer.label(d.applicantType)} · {d.regionName ?? d.regionCode}
        </small>
      </span>
    ),
  };
  const actionColumn: TableColumnsType<DemandSummary>[number] = {
    title: t('actions.title'),
    key: 'actions',
    width: 170,
    fixed: 'right',
    render: (_: unknown, d) => (
      <DemandRowActions
        demand={d}
        onDetail={() => params.open(d.id)}
        onAct={(action) => setActing({ action, demand: d })}
      />
    ),
  };

  const demandColumns: TableColumnsType<DemandSummary> = [
    codeColumn,
    ...(perspective === 'applicant'
      ? [
          {
            title: t('fields.product'),
            dataIndex: 'productName',
            width: 170,
            ellipsis: true,
            render: (p: string | null) => p ?? '-',
          },
        ]
      : [applicantColumn]),
    ...(filters.types && filters.types.length > 1
      ? [{ title: t('fields.type'), dataIndex: 'type', width: 100, render: (ty: DemandType) => labels.type(ty) }]
      : []),
    {
      title: t('fields.amountTerm'),
      dataIndex: 'amount',
      width: 130,
      render: (n: number, d) => (
        <span className="phjr-demand-figures-cell">
          <strong>{t('units.wanValue', { n: wan(n) })}</strong>
          <small>{t('units.monthsValue', { n: d.term })}</small>
        </span>
      ),
    },
    ...(perspective === 'applicant'
      ? [
          {
            title: t('fields.region'),
            dataIndex: 'regionName',
            width: 90,
            render: (n: string | null, d: DemandSummary) => n ?? d.regionCode,
          },
        ]
      : []),
    ...(pool
      ? []
      : [
          {
            title: perspective === 'guarantee' ? t('fields.ownerBank') : t('fields.handler'),
            key: 'handler',
            ellipsis: true,
            render: (_: unknown, d: DemandSummary) => handler(d),
          },
        ]),
    {
      title: t('fields.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: DemandStatus, d) => (
        <Space size={4} wrap>
          <StateTag state={s} />
          {d.overdue && s !== 'EXPIRED' ? <StateTag state="OVERDUE" /> : null}
        </Space>
      ),
    },
    {
      title: t('fields.deadline'),
      dataIndex: 'deadline',
      width: 170,
      render: (dl: string | null, d) => (
        <span className="phjr-nowrap">
          <DeadlineText deadline={dl} overdue={d.overdue} />
        </span>
      ),
    },
    actionColumn,
  ];

  const loanColumns: TableColumnsType<DemandSummary> = [
    codeColumn,
    applicantColumn,
    // Every column has a width that holds its header in both languages (an English header wraps between words only,
    // app/global.css); the table scrolls rather than squeeze one (the bank column had no width and vanished).
    {
      title: t('fields.ownerBank'),
      dataIndex: 'ownerOrgName',
      width: 180,
      ellipsis: true,
      render: (n: string | null) => n ?? '-',
    },
    { title: t('fields.industry'), dataIndex: 'industry', width: 120, render: (i: string) => labels.industry.label(i) },
    {
      title: t('fields.guaranteeMethod'),
      dataIndex: 'guaranteeMethod',
      width: 120,
      render: (g: string) => labels.guarantee.label(g),
    },
    {
      title: t('fields.grantedAmountWan'),
      dataIndex: 'grantedAmount',
      width: 120,
      align: 'right',
      render: (n: number | null, d) => wan(n ?? d.amount),
    },
    { title: t('fields.termMonths'), dataIndex: 'term', width: 110, align: 'right' },
    { title: t('fields.grantedAt'), dataIndex: 'grantedAt', width: 120, render: (at: string | null) => formatDate(at) },
    actionColumn,
  ];

  const regionOptions = districtsOf(regions.data).map((r) => ({ value: r.code, label: r.name }));
  const statusOptions = statuses.map((s) => ({ value: s, label: <StateTag state={s} />, title: s }));

  const more = (
    <>
      {filters.date ? (
        <Form.Item name="range" label={t('filter.dateRange')}>
          <BeijingDatePicker.RangePicker
            allowEmpty={[true, true]}
            disabledDate={(d) => d.isAfter(beijingToday(), 'day')}
          />
        </Form.Item>
      ) : null}
      {filters.region ? (
        <Form.Item name="regionCode" label={t('fields.region')}>
          <Select
            notFoundContent={pickerEmpty(t('common:pickers.noRegion'))}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={regionOptions}
            placeholder={t('filter.all')}
          />
        </Form.Item>
      ) : null}
      {filters.bank ? (
        <Form.Item name="bankId" label={t('filter.bank')}>
          <Select
            notFoundContent={pickerEmpty(t('common:pickers.noBank'))}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={bankOptions}
            placeholder={t('filter.all')}
          />
        </Form.Item>
      ) : null}
      {filters.overdue ? (
        // The address holds `overdue=true` or nothing; the box shows and writes that.
        <Form.Item
          name="overdue"
          label={t('filter.deadline')}
          valuePropName="checked"
          getValueProps={(v) => ({ checked: v === 'true' })}
          normalize={(on: boolean) => (on ? 'true' : undefined)}
        >
          <Checkbox>{t('filter.overdueOnly')}</Checkbox>
        </Form.Item>
      ) : null}
    </>
  );

  return (
    <>
      <ListFilter
        list={list}
        name={`demand-filter-${scope}`}
        more={filters.date || filters.region || filters.bank || filters.overdue ? more : undefined}
      >
        <Form.Item name="keyword" label={t('filter.keyword')}>
          <Input allowClear maxLength={40} placeholder={t('filter.keywordPlaceholder')} />
        </Form.Item>
        {statuses.length > 1 ? (
          <Form.Item name="status" label={t('fields.status')}>
            <Select allowClear options={statusOptions} placeholder={t('filter.all')} />
          </Form.Item>
        ) : null}
        {filters.types && filters.types.length > 1 ? (
          <Form.Item name="type" label={t('fields.type')}>
            <Select
              allowClear
              options={filters.types.map((ty) => ({ value: ty, label: labels.type(ty) }))}
              placeholder={t('filter.all')}
            />
          </Form.Item>
        ) : null}
      </ListFilter>
      <ListTable<DemandSummary>
        list={list}
        data={page.data}
        loading={page.isFetching}
        rowKey="id"
        columns={variant === 'loans' ? loanColumns : demandColumns}
        rowClassName={(d) => (d.overdue ? 'phjr-demand-row-overdue' : '')}
        emptyText={emptyText ?? t('empty.list')}
        scroll={{ x: variant === 'loans' ? columnsWidth(loanColumns) : 1100 }}
        showSizeChanger={false}
        toolbar={
          <>
            {toolbar}
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void page.refetch()}
              loading={page.isFetching && !page.isPending}
            >
              {t('actions.refresh')}
            </Button>
          </>
        }
        // The fixed params (a type, a bank's POOL/MINE, the operator's view) go with the filters: the file is the list.
        exportTo={{
          operation: demandExportOperation(scope),
          fileName: exportName,
          params: fixed as Params | undefined,
        }}
      />
      <DemandDetailDrawer id={params.openId} onClose={() => params.open(null)} />
      <DemandActionModal target={acting} onClose={() => setActing(null)} />
    </>
  );
}
