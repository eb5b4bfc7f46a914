import { useEffect, useState, type ReactNode } from 'react';
import { App, Button, Checkbox, Col, DatePicker, Form, Input, Row, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { DownOutlined, ExportOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DEMAND_STATUSES, type DemandStatus, type DemandSummary, type DemandType } from '@phjr/contract/demands/demand';
import { StateTag } from '../../../components/StateTag.tsx';
import { districtsOf, useRegions } from '../../../components/use-regions.ts';
import { useCurrentUser } from '../../../lib/session-hooks.ts';
import { exportDemands, useDemandPage, type DemandListQuery, type DemandListScope } from '../api/demands.ts';
import { useBankTree, useProductBanks } from '../api/lookups.ts';
import { DemandActionModal, type ActionTarget } from './DemandActionModal.tsx';
import { DeadlineText, DemandDetailDrawer } from './DemandDetailDrawer.tsx';
import { formatAmount, formatDate, formatDateTime } from '../../../lib/format.ts';
import type { Perspective } from './demand-model.ts';
import { DemandRowActions } from './DemandRowActions.tsx';
import { useDemandParams, type DemandFilterValues } from './use-demand-params.ts';
import { useDemandLabels } from './use-demand-labels.ts';
import './demands.css';

const PAGE_SIZE = 10;

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
  /** The name of the Excel file (before `_yyyyMMddhhmmss.xlsx`). */
  exportName: string;
  /** A bank's public pool (no handler column; the server offers only taking a demand there). */
  pool?: boolean;
  /** Columns for recorded loans (the operator's makeup) instead of demands in progress. */
  variant?: 'demands' | 'loans';
  /** More toolbar buttons (create, import). */
  toolbar?: ReactNode;
  emptyText?: string;
}

interface FormValues {
  keyword?: string;
  status?: DemandStatus;
  type?: DemandType;
  overdue?: boolean;
  regionCode?: string;
  bankId?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/**
 * A role's list of demands (UI.md list page): a collapsible filter form that reflects the address, the toolbar with
 * the Excel export, the table with the state tags, deadlines (overdue in orange) and the row actions the transition
 * table allows this viewer, and the detail drawer with the timeline.
 */
export function DemandList({ scope, perspective, fixed, filters = {}, statuses = DEMAND_STATUSES, exportName, pool, variant = 'demands', toolbar, emptyText }: DemandListProps) {
  const { t } = useTranslation('demands');
  const { message } = App.useApp();
  const params = useDemandParams();
  const [form] = Form.useForm<FormValues>();
  const [expanded, setExpanded] = useState(() => Boolean(params.filters.overdue || params.filters.regionCode || params.filters.bankId || params.filters.from));
  const [acting, setActing] = useState<ActionTarget | null>(null);
  const [exporting, setExporting] = useState(false);
  const query: DemandListQuery = { ...params.filters, ...fixed, current: params.current, pageSize: PAGE_SIZE };
  const page = useDemandPage(scope, query);
  const labels = useDemandLabels();
  const regions = useRegions();
  const me = useCurrentUser();
  const canReadTree = me?.permissions.includes('org:read') ?? false;
  const tree = useBankTree(Boolean(filters.bank) && canReadTree);
  const banks = useProductBanks(Boolean(filters.bank) && !canReadTree);
  const bankOptions = canReadTree
    ? (tree.data ?? []).filter((o) => o.parentId === null).map((o) => ({ value: o.id, label: o.name }))
    : (banks.data ?? []).map((b) => ({ value: b.id, label: b.name }));

  // The form shows what the address says (a link from the workbench, the back button).
  const f = params.filters;
  useEffect(() => {
    form.setFieldsValue({
      keyword: f.keyword,
      status: f.status,
      type: f.type,
      overdue: f.overdue === 'true',
      regionCode: f.regionCode,
      bankId: f.bankId,
      range: f.from || f.to ? [f.from ? dayjs(f.from) : null, f.to ? dayjs(f.to) : null] : null,
    });
  }, [form, f.keyword, f.status, f.type, f.overdue, f.regionCode, f.bankId, f.from, f.to]);

  function search(v: FormValues) {
    const next: DemandFilterValues = {
      keyword: v.keyword?.trim() || undefined,
      status: v.status,
      type: v.type,
      overdue: v.overdue ? 'true' : undefined,
      regionCode: v.regionCode,
      bankId: v.bankId,
      from: v.range?.[0]?.format('YYYY-MM-DD'),
      to: v.range?.[1]?.format('YYYY-MM-DD'),
    };
    params.search(next);
  }

  async function onExport() {
    setExporting(true);
    try {
      const name = await exportDemands(scope, query, exportName);
      void message.success(t('msg.exported', { name }));
    } catch {
      // Shown by the request layer.
    } finally {
      setExporting(false);
    }
  }

  const wan = (n: number | null) => (n === null ? '-' : formatAmount(n));
  const handler = (d: DemandSummary) => {
    if (perspective === 'bank') return d.ownerOrgName ?? d.targetOrgName ?? '-';
    if (perspective === 'guarantee') return d.ownerOrgName ?? '-';
    return d.ownerOrgName ?? d.targetOrgName ?? (d.type === 'PUBLIC' ? t('detail.publicPool') : '-');
  };

  const codeColumn: TableColumnsType<DemandSummary>[number] = {
    title: t('fields.code'),
    dataIndex: 'code',
    width: 160,
    fixed: 'left',
    render: (code: string, d) => (
      <span className="phjr-demand-code-cell">
        <Button type="link" size="small" className="phjr-demand-code" onClick={() => params.open(d.id)} aria-label={t('actions.viewCode', { code })}>
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
    render: (_: unknown, d) => <DemandRowActions demand={d} onDetail={() => params.open(d.id)} onAct={(action) => setActing({ action, demand: d })} />,
  };

  const demandColumns: TableColumnsType<DemandSummary> = [
    codeColumn,
    ...(perspective === 'applicant'
      ? [{ title: t('fields.product'), dataIndex: 'productName', width: 170, ellipsis: true, render: (p: string | null) => p ?? '-' }]
      : [applicantColumn]),
    ...(filters.types && filters.types.length > 1 ? [{ title: t('fields.type'), dataIndex: 'type', width: 100, render: (ty: DemandType) => labels.type(ty) }] : []),
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
    ...(perspective === 'applicant' ? [{ title: t('fields.region'), dataIndex: 'regionName', width: 90, render: (n: string | null, d: DemandSummary) => n ?? d.regionCode }] : []),
    ...(pool ? [] : [{ title: perspective === 'guarantee' ? t('fields.ownerBank') : t('fields.handler'), key: 'handler', ellipsis: true, render: (_: unknown, d: DemandSummary) => handler(d) }]),
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
    { title: t('fields.deadline'), dataIndex: 'deadline', width: 170, render: (dl: string | null, d) => <span className="phjr-nowrap"><DeadlineText deadline={dl} overdue={d.overdue} /></span> },
    actionColumn,
  ];

  const loanColumns: TableColumnsType<DemandSummary> = [
    codeColumn,
    applicantColumn,
    { title: t('fields.ownerBank'), dataIndex: 'ownerOrgName', ellipsis: true, render: (n: string | null) => n ?? '-' },
    { title: t('fields.industry'), dataIndex: 'industry', width: 120, render: (i: string) => labels.industry.label(i) },
    { title: t('fields.guaranteeMethod'), dataIndex: 'guaranteeMethod', width: 120, render: (g: string) => labels.guarantee.label(g) },
    { title: t('fields.grantedAmountWan'), dataIndex: 'grantedAmount', width: 120, align: 'right', render: (n: number | null, d) => wan(n ?? d.amount) },
    { title: t('fields.termMonths'), dataIndex: 'term', width: 90, align: 'right' },
    { title: t('fields.grantedAt'), dataIndex: 'grantedAt', width: 120, render: (at: string | null) => formatDate(at) },
    actionColumn,
  ];

  const regionOptions = districtsOf(regions.data).map((r) => ({ value: r.code, label: r.name }));
  const statusOptions = statuses.map((s) => ({ value: s, label: <StateTag state={s} />, title: s }));

  return (
    <>
      <section className="phjr-panel phjr-demand-filter">
        <Form<FormValues> form={form} name={`demand-filter-${scope}`} layout="vertical" onFinish={search}>
          <Row gutter={16}>
            <Col xs={24} md={12} lg={6}>
              <Form.Item name="keyword" label={t('filter.keyword')}>
                <Input allowClear maxLength={40} placeholder={t('filter.keywordPlaceholder')} />
              </Form.Item>
            </Col>
            {statuses.length > 1 ? (
              <Col xs={24} md={12} lg={6}>
                <Form.Item name="status" label={t('fields.status')}>
                  <Select allowClear options={statusOptions} placeholder={t('filter.all')} />
                </Form.Item>
              </Col>
            ) : null}
            {filters.types && filters.types.length > 1 ? (
              <Col xs={24} md={12} lg={6}>
                <Form.Item name="type" label={t('fields.type')}>
                  <Select allowClear options={filters.types.map((ty) => ({ value: ty, label: labels.type(ty) }))} placeholder={t('filter.all')} />
                </Form.Item>
              </Col>
            ) : null}
            {expanded ? (
              <>
                {filters.date ? (
                  <Col xs={24} md={12} lg={6}>
                    <Form.Item name="range" label={t('filter.dateRange')}>
                      <DatePicker.RangePicker style={{ width: '100%' }} allowEmpty={[true, true]} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
                    </Form.Item>
                  </Col>
                ) : null}
                {filters.region ? (
                  <Col xs={24} md={12} lg={6}>
                    <Form.Item name="regionCode" label={t('fields.region')}>
                      <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={regionOptions} placeholder={t('filter.all')} />
                    </Form.Item>
                  </Col>
                ) : null}
                {filters.bank ? (
                  <Col xs={24} md={12} lg={6}>
                    <Form.Item name="bankId" label={t('filter.bank')}>
                      <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={bankOptions} placeholder={t('filter.all')} />
                    </Form.Item>
                  </Col>
                ) : null}
                {filters.overdue ? (
                  <Col xs={24} md={12} lg={6}>
                    <Form.Item name="overdue" label={t('filter.deadline')} valuePropName="checked">
                      <Checkbox>{t('filter.overdueOnly')}</Checkbox>
                    </Form.Item>
                  </Col>
                ) : null}
              </>
            ) : null}
          </Row>
          <Space wrap>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('actions.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                params.search({});
              }}
            >
              {t('actions.reset')}
            </Button>
            {filters.date || filters.region || filters.bank || filters.overdue ? (
              <Button type="link" onClick={() => setExpanded((x) => !x)} icon={expanded ? <UpOutlined /> : <DownOutlined />}>
                {expanded ? t('actions.collapse') : t('actions.expand')}
              </Button>
            ) : null}
          </Space>
        </Form>
      </section>
      <section className="phjr-panel phjr-demand-table">
        <div className="phjr-demand-toolbar">
          <span className="phjr-demand-total">{t('total', { total: page.data?.total ?? 0 })}</span>
          <Space wrap>
            {toolbar}
            <Button icon={<ReloadOutlined />} onClick={() => void page.refetch()} loading={page.isFetching && !page.isPending}>
              {t('actions.refresh')}
            </Button>
            <Button icon={<ExportOutlined />} onClick={() => void onExport()} loading={exporting} disabled={!page.data?.total}>
              {t('actions.export')}
            </Button>
          </Space>
        </div>
        <Table<DemandSummary>
          rowKey="id"
          loading={page.isFetching}
          dataSource={page.data?.list ?? []}
          columns={variant === 'loans' ? loanColumns : demandColumns}
          rowClassName={(d) => (d.overdue ? 'phjr-demand-row-overdue' : '')}
          locale={{ emptyText: emptyText ?? t('empty.list') }}
          scroll={{ x: 1100 }}
          pagination={{
            current: params.current,
            pageSize: PAGE_SIZE,
            total: page.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('total', { total }),
            onChange: (n) => params.setCurrent(n),
          }}
        />
      </section>
      <DemandDetailDrawer id={params.openId} onClose={() => params.open(null)} />
      <DemandActionModal target={acting} onClose={() => setActing(null)} />
    </>
  );
}
