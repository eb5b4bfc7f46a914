import { useState } from 'react';
import { Button, Form, Input, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useSearchParams } from '../../../lib/search-params.ts';
import { useTranslation } from 'react-i18next';
import { INDUSTRIES } from '@phjr/contract/products/product';
import {
  SHELTER_SORT,
  SHELTER_STATES,
  SHELTER_VIEW_STATES,
  SHELTER_VIEWS,
  type ShelterSummary,
  type ShelterUserAction,
} from '@phjr/contract/shelter/shelter';
import { shelterOps } from '@phjr/contract/shelter/shelter-ops';
import { StateTag } from '../../../components/StateTag.tsx';
import { districtsOf, useRegions } from '../../../components/use-regions.ts';
import { defineList, field, ListFilter, ListTable, useListQuery } from '../../../components/list-page/ListPage.tsx';
import { BeijingDatePicker } from '../../../lib/beijing-date-picker.ts';
import { beijingToday, formatAmount, formatDateTime } from '../../../lib/format.ts';
import { useBankShelterPage, useMyShelterPage, useShelterBanks, useSupervisorShelterPage } from '../api/shelter.ts';
import { ShelterActionModal, type ShelterActionTarget } from './ShelterActionModal.tsx';
import { ShelterDetailDrawer } from './ShelterDetailDrawer.tsx';
import { DANGER_ACTIONS, idParam } from './shelter-model.ts';
import { useShelterLabels } from './use-shelter-labels.ts';
import './shelter.css';
import { pickerEmpty } from '../../../components/PickerEmpty.tsx';

export type ShelterView = (typeof SHELTER_VIEWS)[number];

const supervisorList = defineList({
  filters: {
    keyword: field.text(40),
    state: field.oneOf(SHELTER_STATES),
    regionCode: field.text(6, /^\d{6}$/),
    industry: field.oneOf(INDUSTRIES),
    bankOrgId: field.number(),
    range: field.dateRange(),
  },
  sort: SHELTER_SORT,
});

const bankList = defineList({
  filters: { keyword: field.text(40), state: field.oneOf(SHELTER_STATES) },
  sort: SHELTER_SORT,
});

const myList = defineList({ filters: { state: field.oneOf(SHELTER_STATES) } });

/** The case a row or the address opens (`?id=`), kept in the address so that a link opens it. */
function useOpenCase() {
  const [params, setParams] = useSearchParams();
  const openId = idParam(params.get('id'));
  const open = (id: number | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('id', String(id));
        else next.delete('id');
        return next;
      },
      { replace: true },
    );
  return { openId, open };
}

/** The columns every shelter list shares (the supervisors' and the bank's sort by SHELTER_SORT's: loans, measures, days). */
function useCaseColumns(onOpen: (id: number) => void): TableColumnsType<ShelterSummary> {
  const { t } = useTranslation('shelter');
  const labels = useShelterLabels();
  return [
    {
      title: t('fields.code'),
      dataIndex: 'code',
      width: 190,
      fixed: 'left',
      render: (code: string, r) => (
        <Typography.Link
          className="phjr-shelter-nowrap"
          onClick={() => onOpen(r.id)}
          aria-label={`${t('actions.view')} ${code}`}
        >
          {code}
        </Typography.Link>
      ),
    },
    { title: t('fields.enterpriseName'), dataIndex: 'enterpriseName', width: 220, ellipsis: true },
    { title: t('fields.state'), dataIndex: 'state', width: 100, render: (s: string) => <StateTag state={s} /> },
    {
      title: t('fields.region'),
      dataIndex: 'regionName',
      width: 100,
      render: (n: string | null, r) => n ?? r.regionCode,
    },
    { title: t('fields.industry'), dataIndex: 'industry', width: 150, render: (i: string) => labels.industry.label(i) },
    {
      title: t('fields.helpTypes'),
      dataIndex: 'helpTypes',
      width: 240,
      render: (types: string[]) => (
        <Space size={[4, 4]} wrap>
          {types.map((h) => (
            <Tag key={h} style={{ marginInlineEnd: 0 }}>
              {labels.help.label(h)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('fields.loanTotalWan'),
      dataIndex: 'loanTotal',
      width: 140,
      align: 'right',
      render: (n: number) => formatAmount(n),
    },
    {
      title: t('fields.leadBank'),
      dataIndex: 'leadBankName',
      width: 200,
      ellipsis: true,
      render: (n: string | null) => n ?? '-',
    },
    { title: t('fields.measureCount'), dataIndex: 'measureCount', width: 90, align: 'right' },
    { title: t('fields.appliedAt'), dataIndex: 'appliedAt', width: 150, render: (at: string) => formatDateTime(at) },
    {
      title: t('fields.admittedAt'),
      dataIndex: 'admittedAt',
      width: 150,
      render: (at: string | null) => (at ? formatDateTime(at) : '-'),
    },
  ];
}

function RowActions({
  row,
  onOpen,
  onAct,
  skip = [],
}: {
  row: ShelterSummary;
  onOpen(): void;
  onAct(a: ShelterUserAction): void;
  skip?: readonly ShelterUserAction[];
}) {
  const { t } = useTranslation('shelter');
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={onOpen}>
        {t('actions.view')}
      </Button>
      {row.actions
        .filter((a) => !skip.includes(a))
        .map((a) => (
          <Button key={a} type="link" size="small" danger={DANGER_ACTIONS.includes(a)} onClick={() => onAct(a)}>
            {t(`actions.${a}`)}
          </Button>
        ))}
    </Space>
  );
}

/**
 * A supervisor's list (UN: not yet in, IN: in the shelter, ALL), the view fixed by the route: filters in the address
 * (keyword, state, district, industry, bank, applied dates), the Excel export of exactly the filtered set, the actions
 * the server allows on each row, and the case in a drawer with its plan and timeline.
 */
export function SupervisorShelterList({ view }: { view: ShelterView }) {
  const { t } = useTranslation('shelter');
  const list = useListQuery(supervisorList);
  const page = useSupervisorShelterPage({ ...list.query, view });
  const regions = useRegions();
  const banks = useShelterBanks();
  const labels = useShelterLabels();
  const { openId, open } = useOpenCase();
  const [acting, setActing] = useState<ShelterActionTarget | null>(null);
  const states = SHELTER_VIEW_STATES[view] ?? SHELTER_STATES;
  const columns: TableColumnsType<ShelterSummary> = [
    ...useCaseColumns(open),
    {
      title: t('detail.actions'),
      key: 'actions',
      width: 240,
      fixed: 'right',
      render: (_: unknown, r) => (
        <RowActions
          row={r}
          onOpen={() => open(r.id)}
          onAct={(a) => setActing({ action: a, subject: r })}
          skip={['recordHelp']}
        />
      ),
    },
  ];

  const more = (
    <>
      <Form.Item name="regionCode" label={t('fields.region')}>
        <Select
          notFoundContent={pickerEmpty(t('common:pickers.noRegion'))}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={districtsOf(regions.data).map((r) => ({ value: r.code, label: r.name }))}
          placeholder={t('filter.all')}
        />
      </Form.Item>
      <Form.Item name="industry" label={t('fields.industry')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={labels.industry.options}
          placeholder={t('filter.all')}
        />
      </Form.Item>
      <Form.Item name="bankOrgId" label={t('fields.bankFilter')}>
        <Select
          notFoundContent={pickerEmpty(t('common:pickers.noBank'), banks.isPending)}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={(banks.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
          loading={banks.isPending}
          placeholder={t('filter.all')}
        />
      </Form.Item>
      <Form.Item name="range" label={t('fields.dateRange')}>
        <BeijingDatePicker.RangePicker
          allowEmpty={[true, true]}
          disabledDate={(d) => d.isAfter(beijingToday(), 'day')}
        />
      </Form.Item>
    </>
  );

  return (
    <>
      <ListFilter list={list} name={`shelter-filter-${view}`} more={more}>
        <Form.Item name="keyword" label={t('fields.keyword')}>
          <Input allowClear maxLength={40} placeholder={t('fields.keywordPlaceholder')} />
        </Form.Item>
        {states.length > 1 ? (
          <Form.Item name="state" label={t('fields.state')}>
            <Select
              allowClear
              options={states.map((s) => ({ value: s, label: <StateTag state={s} />, title: s }))}
              placeholder={t('filter.all')}
            />
          </Form.Item>
        ) : null}
      </ListFilter>
      <ListTable<ShelterSummary>
        list={list}
        data={page.data}
        loading={page.isFetching}
        rowKey="id"
        columns={columns}
        emptyText={t('supervise.empty')}
        scroll={{ x: 1950 }}
        toolbar={
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void page.refetch()}
            loading={page.isFetching && !page.isPending}
          >
            {t('actions.refresh')}
          </Button>
        }
        exportTo={{
          operation: shelterOps.superviseExport,
          fileName: [t('supervise.exportName'), t(`routes:title.supervisionClient.${VIEW_TITLE[view]}`)],
          params: { view },
        }}
      />
      <ShelterDetailDrawer id={openId} onClose={() => open(null)} />
      <ShelterActionModal target={acting} onClose={() => setActing(null)} />
    </>
  );
}

const VIEW_TITLE: Record<ShelterView, string> = { UN: 'shelterUn', IN: 'shelterIn', ALL: 'shelterAll' };

/** The bank's assigned cases (lead or helping), filters state and keyword; recording help from the case. */
export function BankShelterList() {
  const { t } = useTranslation('shelter');
  const list = useListQuery(bankList);
  const page = useBankShelterPage(list.query);
  const { openId, open } = useOpenCase();
  const [recordOn, setRecordOn] = useState<number | null>(null);
  const columns: TableColumnsType<ShelterSummary> = [
    ...useCaseColumns(open),
    {
      title: t('detail.actions'),
      key: 'actions',
      width: 170,
      fixed: 'right',
      // The measure form needs the case's admission day and help asked: it opens over the case.
      render: (_: unknown, r) => (
        <RowActions
          row={r}
          onOpen={() => open(r.id)}
          onAct={() => {
            setRecordOn(r.id);
            open(r.id);
          }}
        />
      ),
    },
  ];
  return (
    <>
      <ListFilter list={list} name="shelter-bank-filter">
        <Form.Item name="keyword" label={t('fields.keyword')}>
          <Input allowClear maxLength={40} placeholder={t('fields.keywordPlaceholder')} />
        </Form.Item>
        <Form.Item name="state" label={t('fields.state')}>
          <Select
            allowClear
            options={(['IN_SHELTER', 'EXITED'] as const).map((s) => ({
              value: s,
              label: <StateTag state={s} />,
              title: s,
            }))}
            placeholder={t('filter.all')}
          />
        </Form.Item>
      </ListFilter>
      <ListTable<ShelterSummary>
        list={list}
        data={page.data}
        loading={page.isFetching}
        rowKey="id"
        columns={columns}
        emptyText={t('bank.empty')}
        scroll={{ x: 1900 }}
        exportTo={{ operation: shelterOps.bankExport, fileName: t('supervise.exportName') }}
      />
      <ShelterDetailDrawer
        id={openId}
        recordHelp={recordOn !== null && recordOn === openId}
        onClose={() => {
          setRecordOn(null);
          open(null);
        }}
      />
    </>
  );
}

/** The enterprise's own cases: state filter, the actions the server allows (withdraw), the case in a drawer. */
export function MyShelterList({ onAct }: { onAct(target: ShelterActionTarget): void }) {
  const { t } = useTranslation('shelter');
  const list = useListQuery(myList);
  const page = useMyShelterPage(list.query);
  const { openId, open } = useOpenCase();
  const columns: TableColumnsType<ShelterSummary> = [
    ...useCaseColumns(open).filter(
      (c) => !['enterpriseName', 'regionName'].includes(String((c as { dataIndex?: string }).dataIndex)),
    ),
    {
      title: t('detail.actions'),
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_: unknown, r) => (
        <RowActions row={r} onOpen={() => open(r.id)} onAct={(a) => onAct({ action: a, subject: r })} />
      ),
    },
  ];
  return (
    <>
      <ListFilter list={list} name="shelter-my-filter">
        <Form.Item name="state" label={t('fields.state')}>
          <Select
            allowClear
            options={SHELTER_STATES.map((s) => ({ value: s, label: <StateTag state={s} />, title: s }))}
            placeholder={t('filter.all')}
          />
        </Form.Item>
      </ListFilter>
      <ListTable<ShelterSummary>
        list={list}
        data={page.data}
        loading={page.isFetching}
        rowKey="id"
        columns={columns}
        emptyText={t('user.empty')}
        scroll={{ x: 1550 }}
      />
      <ShelterDetailDrawer id={openId} onClose={() => open(null)} />
    </>
  );
}
